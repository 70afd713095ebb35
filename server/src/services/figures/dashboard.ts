// The cadre dashboard's figures (SPEC §2), computed for the user's area instead of the spec's fixed
// sample values. Each summary card compares today with the end of last month.
import { and, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { todayIso } from "@shared/schemas/family.ts";
import { openStatuses, statusesWaitingFor, workflowActorOf, type RegisterStatus } from "@shared/status.ts";
import type { Db } from "../../db/client.ts";
import { registerMonthMarks, statusMonthRollups } from "../../db/schema/figures.ts";
import type { Actor, SessionUser } from "../accounts/actor.ts";
import { figureSource, rollupFigures, type AreaFigures } from "./area-figures.ts";
import { isWardOrWider, rollupPlace } from "./rollup-place.ts";
import type { AreaScope } from "../registers/scope.ts";
import { readPolicyOf } from "../registers/policy.ts";
import { signedInUser } from "../common/access.ts";

export interface Trend {
  current: number;
  /** The same figure at the end of last month. */
  previous: number;
  /** Change in percent (null when last month was 0: no base to compare with). */
  changePercent: number | null;
}

export interface DashboardSummary {
  /** First day of this month (WIB), YYYY-MM-DD: the comparison point. */
  monthStart: string;
  pendingStatuses: RegisterStatus[];
  cards: { totalFamilies: Trend; pending: Trend; specialCondition: Trend; verified: Trend };
  figures: AreaFigures;
}

/** Midnight WIB of the first day of the month `now` falls in. */
export function startOfMonthWib(now = new Date()): Date {
  return new Date(`${todayIso(now).slice(0, 7)}-01T00:00:00+07:00`);
}

/** What "pending" means for this user: the statuses waiting for its level (all open ones otherwise). */
export function pendingStatusesFor(user: SessionUser): RegisterStatus[] {
  const actor = workflowActorOf(user);
  return actor === null || actor === "admin" ? openStatuses : statusesWaitingFor(actor);
}

function trend(current: number, previous: number): Trend {
  return { current, previous, changePercent: previous === 0 ? null : ((current - previous) / previous) * 100 };
}

const sumWhere = (column: PgColumn, condition: SQL) =>
  sql<number>`coalesce(sum(${column}) filter (where ${condition}), 0)`.mapWith(Number);
const sumAll = (column: PgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** 'YYYY-MM' of the month `now` falls in (WIB). */
const monthOf = (now: Date) => todayIso(now).slice(0, 7);

/**
 * The cards at the end of last month, from the monthly marks: each family's state (registered,
 * not deleted, status = its last event) changes are kept as deltas per month, so a month-end count
 * is the sum of the deltas before the month. Per ward for a ward or wider, per family for RW/RT.
 */
async function previousCards(db: Db, area: AreaScope, pendingStatuses: RegisterStatus[], month: string) {
  const table = isWardOrWider(area) ? statusMonthRollups : registerMonthMarks;
  const amount = table === statusMonthRollups ? statusMonthRollups.families : registerMonthMarks.delta;
  const [row] = await db
    .select({
      total: sumAll(amount),
      pending: sumWhere(amount, inArray(table.status, pendingStatuses)),
      special: sumWhere(amount, eq(table.special, true)),
      verified: sumWhere(amount, eq(table.status, "APPROVED")),
    })
    .from(table)
    .where(
      and(
        table === statusMonthRollups ? rollupPlace(statusMonthRollups, area) : rollupPlace(registerMonthMarks, area),
        eq(table.kind, "state"),
        lt(table.month, month),
      ),
    );
  return row ?? { total: 0, pending: 0, special: 0, verified: 0 };
}

export async function dashboardSummary(db: Db, actor: Actor, now = new Date()): Promise<DashboardSummary> {
  const user = signedInUser(actor);
  const { scope } = readPolicyOf(actor);
  const pendingStatuses = pendingStatusesFor(user);
  // Counts per area only: the same figures for every reader of the area, officials included.
  const { table, where } = figureSource(scope.area);

  const [currentRow] = await db
    .select({
      total: sumAll(table.families),
      pending: sumWhere(table.families, inArray(table.status, pendingStatuses)),
      special: sumAll(table.specialFamilies),
      verified: sumWhere(table.families, eq(table.status, "APPROVED")),
    })
    .from(table)
    .where(where);
  const current = currentRow ?? { total: 0, pending: 0, special: 0, verified: 0 };
  const previous = await previousCards(db, scope.area, pendingStatuses, monthOf(now));
  return {
    monthStart: `${monthOf(now)}-01`,
    pendingStatuses,
    cards: {
      totalFamilies: trend(current.total, previous.total),
      pending: trend(current.pending, previous.pending),
      specialCondition: trend(current.special, previous.special),
      verified: trend(current.verified, previous.verified),
    },
    figures: await rollupFigures(db, table, where),
  };
}

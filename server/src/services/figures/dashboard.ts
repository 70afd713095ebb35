// The cadre dashboard's figures (SPEC §2), computed for the user's area instead of the spec's fixed
// sample values. Each summary card compares today with the end of last month.
import { and, eq, gte, inArray, lt, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { todayIso } from "@shared/schemas/family.ts";
import { openStatuses, statusesWaitingFor, workflowActorOf, type RegisterStatus } from "@shared/status.ts";
import type { Db } from "../../db/client.ts";
import { registerMonthMarks, statusMonthRollups, statusStateTotals } from "../../db/schema/figures.ts";
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

const sumWhere = (column: SQLWrapper, condition: SQL) =>
  sql<number>`coalesce(sum(${column}) filter (where ${condition}), 0)`.mapWith(Number);
const sumAll = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** 'YYYY-MM' of the month `now` falls in (WIB). */
const monthOf = (now: Date) => todayIso(now).slice(0, 7);

/** The four card sums over rows of (status, special, families). */
function cardSums(status: SQLWrapper, special: SQLWrapper, families: SQLWrapper, pending: RegisterStatus[]) {
  return {
    total: sumAll(families),
    pending: sumWhere(families, inArray(status, pending)),
    special: sumWhere(families, sql`${special} = true`),
    verified: sumWhere(families, sql`${status} = 'APPROVED'`),
  };
}

/** The 'state' marks of a place in the months `months` selects (per family or summed per ward). */
const stateMarks = (table: typeof registerMonthMarks | typeof statusMonthRollups, area: AreaScope, months: SQL) =>
  and(rollupPlace(table, area), eq(table.kind, "state"), months);

/**
 * The cards at the end of last month, from the monthly marks: each family's state (registered,
 * not deleted, status = its last event) changes are kept as deltas per month, so a month-end count
 * is the sum of the deltas before the month. A ward or wider takes the sum of every month
 * (status_state_totals) less this month's deltas: a few hundred rows for the city, where summing
 * every month since the first registration read ~15,000 (6 ms at 100,000 families). An RW or RT
 * sums its families' marks directly.
 */
async function previousCards(db: Db, area: AreaScope, pendingStatuses: RegisterStatus[], month: string) {
  if (!isWardOrWider(area)) {
    const [row] = await db
      .select(
        cardSums(registerMonthMarks.status, registerMonthMarks.special, registerMonthMarks.delta, pendingStatuses),
      )
      .from(registerMonthMarks)
      .where(stateMarks(registerMonthMarks, area, lt(registerMonthMarks.month, month)));
    return row ?? { total: 0, pending: 0, special: 0, verified: 0 };
  }
  const deltas = unionAll(
    db
      .select({
        status: statusStateTotals.status,
        special: statusStateTotals.special,
        families: statusStateTotals.families,
      })
      .from(statusStateTotals)
      .where(rollupPlace(statusStateTotals, area)),
    db
      .select({
        status: statusMonthRollups.status,
        special: statusMonthRollups.special,
        families: sql<number>`-${statusMonthRollups.families}`.as("families"),
      })
      .from(statusMonthRollups)
      .where(stateMarks(statusMonthRollups, area, gte(statusMonthRollups.month, month))),
  ).as("deltas");
  const [row] = await db.select(cardSums(deltas.status, deltas.special, deltas.families, pendingStatuses)).from(deltas);
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

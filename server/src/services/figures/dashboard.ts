// The cadre dashboard's figures (SPEC §2), computed for the user's area instead of the spec's fixed
// sample values. Each summary card compares today with the end of last month.
import { and, count, eq, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { todayIso } from "@shared/schemas/family.ts";
import { openStatuses, statusesWaitingFor, workflowActorOf, type RegisterStatus } from "@shared/status.ts";
import type { Db } from "../../db/client.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import type { Actor, SessionUser } from "../accounts/actor.ts";
import { areaFigures, type AreaFigures } from "./area-figures.ts";
import { scopeCondition } from "../registers/scope.ts";
import { readPolicyOf, visibleRegisters } from "../registers/policy.ts";
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

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

export async function dashboardSummary(db: Db, actor: Actor, now = new Date()): Promise<DashboardSummary> {
  const user = signedInUser(actor);
  const { scope } = readPolicyOf(actor);
  const pendingStatuses = pendingStatusesFor(user);
  const monthStart = startOfMonthWib(now);
  // Counts per area only: the same figures for every reader of the area, officials included.
  const live = visibleRegisters(actor, { forms: "families" });

  const [currentRow] = await db
    .select({
      total: count(),
      pending: countWhere(inArray(registers.status, pendingStatuses)),
      special: countWhere(eq(registers.hasSpecialCondition, true)),
      verified: countWhere(eq(registers.status, "APPROVED")),
    })
    .from(registers)
    .where(live);

  // The status each record had at the end of last month: its last event before the month began.
  // (lt() maps the Date through the column; a bare Date in raw SQL breaks postgres.js.)
  const statusThen = sql`(select ${registerEvents.toStatus} from ${registerEvents} where ${registerEvents.registerId} = ${registers.id} and ${lt(registerEvents.createdAt, monthStart)} order by ${registerEvents.createdAt} desc, ${registerEvents.id} desc limit 1)`;
  const existedThen = and(
    scopeCondition(scope.area),
    eq(registers.formType, "family_registration"),
    lt(registers.createdAt, monthStart),
    or(isNull(registers.deletedAt), gte(registers.deletedAt, monthStart)),
  );
  const [previousRow] = await db
    .select({
      total: count(),
      pending: countWhere(
        sql`${statusThen} in (${sql.join(
          pendingStatuses.map((status) => sql`${status}`),
          sql`, `,
        )})`,
      ),
      special: countWhere(eq(registers.hasSpecialCondition, true)),
      verified: countWhere(sql`${statusThen} = 'APPROVED'`),
    })
    .from(registers)
    .where(existedThen);

  const current = currentRow ?? { total: 0, pending: 0, special: 0, verified: 0 };
  const previous = previousRow ?? { total: 0, pending: 0, special: 0, verified: 0 };
  return {
    monthStart: `${todayIso(now).slice(0, 7)}-01`,
    pendingStatuses,
    cards: {
      totalFamilies: trend(current.total, previous.total),
      pending: trend(current.pending, previous.pending),
      specialCondition: trend(current.special, previous.special),
      verified: trend(current.verified, previous.verified),
    },
    figures: await areaFigures(db, live),
  };
}

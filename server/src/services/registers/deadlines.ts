// The review promise as data (SPEC §1): how long a record has waited for the level it is at, the
// target of that level, and whether it is overdue. One set of SQL expressions serves the queue
// (age, sort) and the dashboard (overdue per level), so both count the same records.
import { and, count, sql, type SQL } from "drizzle-orm";
import { defaultValidationTargets, type ValidationTargets } from "@shared/deadlines.ts";
import { statusesWaitingFor, validationLevels, type ValidationLevel } from "@shared/status.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { compiledQuery, integerArray } from "../../db/compiled.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import type { Env } from "../../env.ts";
import type { Actor } from "../accounts/actor.ts";
import type { NamedOrder } from "./page.ts";
import { selectionCondition, visibleSelection } from "./policy.ts";

type TargetEnv = Pick<Env, "VALIDATION_TARGET_RW_HOURS" | "VALIDATION_TARGET_KELURAHAN_HOURS">;

export function validationTargetsOf(config: TargetEnv): ValidationTargets {
  return {
    rt: defaultValidationTargets.rt,
    rw: config.VALIDATION_TARGET_RW_HOURS,
    kelurahan: config.VALIDATION_TARGET_KELURAHAN_HOURS,
  };
}

// The outer row's columns are named with their table on purpose: in a query on `registers` alone
// drizzle leaves them unqualified, and inside the subquery "id" would then mean the event's id.
const outerId = sql.raw('"registers"."id"');
const outerStatus = sql.raw('"registers"."status"');
const outerCreatedAt = sql.raw('"registers"."created_at"');

/** When the record reached its current status: its latest event into it, else its creation. */
export const waitingSinceSql = sql<Date>`coalesce((select max(${registerEvents.createdAt}) from ${registerEvents} where ${registerEvents.registerId} = ${outerId} and ${registerEvents.toStatus} = ${outerStatus}), ${outerCreatedAt})`;

/** The hours the current status may wait (null for APPROVED and REJECTED). */
export function targetHoursSql(targets: ValidationTargets): SQL<number | null> {
  const branches = validationLevels.map(
    (level) =>
      sql`when ${registers.status} in (${sql.join(
        statusesWaitingFor(level).map((status) => sql`${status}`),
        sql`, `,
      )}) then ${sql.raw(String(Math.trunc(targets[level])))}`,
  );
  return sql<number | null>`(case ${sql.join(branches, sql` `)} else null end)`;
}

/** True when the record has waited longer than its level's target. */
export function overdueSql(targets: ValidationTargets): SQL<boolean> {
  return sql<boolean>`coalesce(${waitingSinceSql} + ${targetHoursSql(targets)} * interval '1 hour' < now(), false)`;
}

const targetsKey = (targets: ValidationTargets) => `${targets.rt}:${targets.rw}:${targets.kelurahan}`;

/** The queue's 'Terlambat dulu' order: overdue records first, the longest waiting first among them. */
export function overdueFirst(targets: ValidationTargets): NamedOrder {
  return {
    key: `overdue:${targetsKey(targets)}`,
    keys: [
      { by: overdueSql(targets), direction: "desc" },
      { by: waitingSinceSql, direction: "asc" },
    ],
  };
}

const pageDeadlines = compiledQuery("page_deadlines", targetsKey, (db, targets: ValidationTargets) =>
  db
    .select({
      id: registers.id,
      waitingSince: waitingSinceSql.mapWith(registers.createdAt),
      targetHours: targetHoursSql(targets),
      overdue: overdueSql(targets),
    })
    .from(registers)
    .where(sql`${registers.id} = any(${sql.placeholder("ids")}::integer[])`),
);

export interface Deadline {
  waitingSince: Date;
  targetHours: number | null;
  overdue: boolean;
}

/** Age and deadline of a page's records (one small statement by id). */
export async function deadlinesOf(
  db: DbOrTx,
  ids: readonly number[],
  targets: ValidationTargets,
): Promise<Map<number, Deadline>> {
  if (ids.length === 0) return new Map();
  const rows = await pageDeadlines(db, targets, { ids: integerArray(ids) });
  return new Map(
    rows.map((row) => [
      row.id,
      {
        waitingSince: row.waitingSince,
        targetHours: row.targetHours == null ? null : Number(row.targetHours),
        // A boolean, or its text from a driver that leaves it unparsed: both read as true.
        overdue: row.overdue === true || String(row.overdue) === "true",
      },
    ]),
  );
}

export type OverdueCounts = Record<ValidationLevel, number> & { total: number };

/** Overdue records per waiting level in the actor's area (the dashboard's deadline card). */
export async function overdueCounts(
  db: Db,
  actor: Actor,
  targets: ValidationTargets = defaultValidationTargets,
): Promise<OverdueCounts> {
  const result: OverdueCounts = { rt: 0, rw: 0, kelurahan: 0, total: 0 };
  for (const level of validationLevels) {
    const waiting = visibleSelection(actor, { forms: "families", statuses: statusesWaitingFor(level) });
    const [row] = await db
      .select({ count: count() })
      .from(registers)
      .where(and(selectionCondition(waiting, "inline"), overdueSql(targets)));
    result[level] = row?.count ?? 0;
    result.total += result[level];
  }
  return result;
}

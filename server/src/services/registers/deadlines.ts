// The review promise as data (SPEC §1): how long a record has waited for the level it is at, the
// target of that level, and whether it is overdue. One set of SQL expressions serves the queue
// (age, sort) and the dashboard (overdue per level), so both count the same records.
import { and, inArray, not, sql, type SQL } from "drizzle-orm";
import { defaultValidationTargets, type ValidationTargets } from "@shared/deadlines.ts";
import { statusesWaitingFor, validationLevels, type RegisterStatus, type ValidationLevel } from "@shared/status.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { compiledQuery, integerArray } from "../../db/compiled.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import type { Env } from "../../env.ts";
import type { Actor } from "../accounts/actor.ts";
import type { NamedOrder } from "./page.ts";
import { readPolicyOf, selectionCondition, visibleSelection } from "./policy.ts";
import { liveFamilyCountSql } from "../figures/family-count.ts";
import { resultRows } from "../../db/raw-rows.ts";

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

/**
 * Records at one of `statuses` that may still be on time: registered, or moved into one of them,
 * within `hours`. Every other record at those statuses arrived earlier (its waiting time starts at
 * its creation or at an event into its status: waitingSinceSql), so it is overdue.
 */
function arrivedWithin(statuses: readonly RegisterStatus[], hours: number): SQL {
  const since = sql`now() - ${sql.raw(String(Math.trunc(hours)))} * interval '1 hour'`;
  const into = inArray(registerEvents.toStatus, [...statuses]).inlineParams();
  return sql`${registers.id} in (select ${registers.id} from ${registers} where ${registers.createdAt} >= ${since}
    union select ${registerEvents.registerId} from ${registerEvents} where ${into} and ${registerEvents.createdAt} >= ${since})`;
}

/**
 * Overdue records per waiting level in the actor's area (the dashboard's deadline card) as one
 * statement (one snapshot). A ward or narrower judges each of its waiting records (a kelurahan at
 * 1,000,000 families: ~4,000 records, 56 ms). A kecamatan or the city takes each level's waiting
 * families from the rollups less those of the last target's hours still on time: judging each of the
 * city's waiting records cost 2.2 s at 1,000,000 families, the last days' ~10,000 arrivals 0.19 s.
 */
export function overdueCountsStatement(actor: Actor, targets: ValidationTargets): SQL {
  const { area } = readPolicyOf(actor).scope;
  const wide = area.kind === "all" || area.kind === "kecamatan";
  const perLevel = validationLevels.map((level) => {
    const statuses = statusesWaitingFor(level);
    const waiting = selectionCondition(visibleSelection(actor, { forms: "families", statuses }), "inline");
    const overdue = wide
      ? sql`${liveFamilyCountSql(area, { statuses })} - (select count(*) from ${registers} where ${and(
          waiting,
          arrivedWithin(statuses, targets[level]),
          not(overdueSql(targets)),
        )})`
      : sql`(select count(*) from ${registers} where ${and(waiting, overdueSql(targets))})`;
    return sql`(${overdue})::integer as ${sql.identifier(level)}`;
  });
  return sql`select ${sql.join(perLevel, sql`, `)}`;
}

export async function overdueCounts(
  db: Db,
  actor: Actor,
  targets: ValidationTargets = defaultValidationTargets,
): Promise<OverdueCounts> {
  const [row] = resultRows(await db.execute(overdueCountsStatement(actor, targets)));
  const result: OverdueCounts = { rt: 0, rw: 0, kelurahan: 0, total: 0 };
  for (const level of validationLevels) {
    result[level] = Number(row?.[level] ?? 0);
    result.total += result[level];
  }
  return result;
}

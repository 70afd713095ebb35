// The review promise as data (SPEC §1): how long a record has waited for the level it is at, the
// target of that level, and whether it is overdue. One set of SQL expressions serves the queue
// (age, sort) and the dashboard (overdue per level), so both count the same records.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { defaultValidationTargets, type ValidationTargets } from "@shared/deadlines.ts";
import {
  registerStatuses,
  statusesWaitingFor,
  validationLevels,
  type RegisterStatus,
  type ValidationLevel,
} from "@shared/status.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { compiledQuery, integerArray, preparableStatement } from "../../db/compiled.ts";
import { registers } from "../../db/schema/registers.ts";
import type { Env } from "../../env.ts";
import type { Actor } from "../accounts/actor.ts";
import type { NamedOrder } from "./page.ts";
import { type RegisterSelection, selectionCondition, selectionShapeKey, visibleSelection } from "./policy.ts";
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

/**
 * When the record reached its current status: its latest event into it, else its creation. The
 * database keeps it in a column (registers.waiting_since, by trigger) so lists and counts can read it
 * from an index.
 */
export const waitingSinceSql = sql<Date>`${registers.waitingSince}`;

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

/**
 * The instant a queue page is judged at, sent with its statements: its reads (the groups of
 * 'Terlambat dulu', their counts, each row's overdue flag) are several statements, and with each
 * its own now() a record turning overdue between two of them could be left off the page or shown
 * twice, or flagged against its place in the order.
 */
const asOfSql = sql`${sql.placeholder("asOf")}::timestamptz`;

/** The values asOfSql names. */
const asOfValues = (asOf: Date) => ({ asOf: asOf.toISOString() });

/** True when the record has waited longer than its level's target (at `clock`: now() or asOfSql). */
export function overdueSql(targets: ValidationTargets, clock: SQL = sql`now()`): SQL<boolean> {
  return sql<boolean>`coalesce(${waitingSinceSql} + ${targetHoursSql(targets)} * interval '1 hour' < ${clock}, false)`;
}

const targetsKey = (targets: ValidationTargets) => `${targets.rt}:${targets.rw}:${targets.kelurahan}`;

/** The moment a record that reached its status then would pass a target of `hours` (at `clock`). */
const targetStart = (hours: number, clock: SQL = sql`now()`) =>
  sql`${clock} - ${sql.raw(String(Math.trunc(hours)))} * interval '1 hour'`;

/** The target of the level a status waits for; null for APPROVED and REJECTED (targetHoursSql). */
function targetOfStatus(status: RegisterStatus, targets: ValidationTargets): number | null {
  const level = validationLevels.find((candidate) => statusesWaitingFor(candidate).includes(status));
  return level === undefined ? null : targets[level];
}

/**
 * The queue's 'Terlambat dulu' order: overdue records first, the longest waiting first among them,
 * then the others the same way. Read in two groups (page.ts NamedOrder.groups) of ranges of the
 * waiting-since indexes: per status of the list, its records waiting since before its target's
 * start (overdue), and those since (the others, with every record of a status that waits for
 * nobody), all judged at `asOf`. Worked out record by record, the city's first page cost 185 ms
 * at 100,000 families.
 */
export function overdueFirst(
  targets: ValidationTargets,
  asOf: Date,
  statuses: readonly RegisterStatus[] = registerStatuses,
): NamedOrder {
  const overdue: SQL[] = [];
  const others: SQL[] = [];
  for (const status of statuses) {
    const hours = targetOfStatus(status, targets);
    // Written into the text: the range names its index (a parameter would hide it from a plan made
    // once for every value).
    const atStatus = eq(registers.status, status).inlineParams();
    if (hours === null) {
      others.push(atStatus);
      continue;
    }
    overdue.push(sql`${atStatus} and ${registers.waitingSince} < ${targetStart(hours, asOfSql)}`);
    others.push(sql`${atStatus} and ${registers.waitingSince} >= ${targetStart(hours, asOfSql)}`);
  }
  return {
    key: `overdue:${targetsKey(targets)}:${statuses.join(",")}`,
    keys: [{ by: waitingSinceSql, direction: "asc" }],
    groups: [overdue, others].filter((group) => group.length > 0),
    values: asOfValues(asOf),
  };
}

const pageDeadlines = compiledQuery("page_deadlines", targetsKey, (db, targets: ValidationTargets) =>
  db
    .select({
      id: registers.id,
      waitingSince: waitingSinceSql.mapWith(registers.createdAt),
      targetHours: targetHoursSql(targets),
      overdue: overdueSql(targets, asOfSql),
    })
    .from(registers)
    .where(sql`${registers.id} = any(${sql.placeholder("ids")}::integer[])`),
);

export interface Deadline {
  waitingSince: Date;
  targetHours: number | null;
  overdue: boolean;
}

/** Age and deadline of a page's records at `asOf` (one small statement by id). */
export async function deadlinesOf(
  db: DbOrTx,
  ids: readonly number[],
  targets: ValidationTargets,
  asOf: Date,
): Promise<Map<number, Deadline>> {
  if (ids.length === 0) return new Map();
  const rows = await pageDeadlines(db, targets, { ids: integerArray(ids), ...asOfValues(asOf) });
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

/** What waits for each level in the actor's area (the read policy's selection, by level). */
export function waitingSelections(actor: Actor): Record<ValidationLevel, RegisterSelection> {
  const waiting = (level: ValidationLevel) =>
    visibleSelection(actor, { forms: "families", statuses: statusesWaitingFor(level) });
  return { rt: waiting("rt"), rw: waiting("rw"), kelurahan: waiting("kelurahan") };
}

/**
 * Overdue records per waiting level (the dashboard's deadline card) as one statement (one
 * snapshot), the place's values as placeholders: each level's waiting families from the rollups,
 * less those that reached their status within the level's target (a range of the waiting-since
 * indexes: the last days' arrivals). Judging every waiting record instead cost 2.2 s for the city at
 * 1,000,000 families.
 */
export function overdueCountsStatement(
  waiting: Record<ValidationLevel, RegisterSelection>,
  targets: ValidationTargets,
): SQL {
  const perLevel = validationLevels.map((level) => {
    const selection = waiting[level];
    const onTime = sql`(select count(*) from ${registers} where ${and(
      selectionCondition(selection, "placeholders"),
      sql`${registers.waitingSince} >= ${targetStart(targets[level])}`,
    )})`;
    const families = liveFamilyCountSql(selection.place, { statuses: selection.statuses });
    return sql`(${families} - ${onTime})::integer as ${sql.identifier(level)}`;
  });
  return sql`select ${sql.join(perLevel, sql`, `)}`;
}

const overdueCountsQuery = compiledQuery(
  "overdue_counts",
  ({ waiting, targets }: { waiting: Record<ValidationLevel, RegisterSelection>; targets: ValidationTargets }) =>
    `${validationLevels.map((level) => selectionShapeKey(waiting[level])).join("/")}|${targetsKey(targets)}`,
  (db, { waiting, targets }) => preparableStatement(db, overdueCountsStatement(waiting, targets)),
);

export async function overdueCounts(
  db: Db,
  actor: Actor,
  targets: ValidationTargets = defaultValidationTargets,
): Promise<OverdueCounts> {
  const waiting = waitingSelections(actor);
  const [row] = resultRows(await overdueCountsQuery(db, { waiting, targets }, waiting.rt.place.values));
  const result: OverdueCounts = { rt: 0, rw: 0, kelurahan: 0, total: 0 };
  for (const level of validationLevels) {
    result[level] = Number(row?.[level] ?? 0);
    result.total += result[level];
  }
  return result;
}

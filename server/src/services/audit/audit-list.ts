// The admin's 'Log Audit' screen: who read or changed personal data, newest first, filtered by user,
// registration number, action and WIB dates. Rows hold ids and codes only (audit-log.ts masks NIKs),
// so nothing here needs masking; only admins may read them.
import { startOfWibDay } from "@shared/dates.ts";
import {
  AUDIT_COUNT_LIMIT,
  auditListInput,
  type AuditEntry,
  type AuditListInput,
  type AuditPage,
} from "@shared/schemas/audit.ts";
import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { apiTokens } from "../../db/schema/auth-tokens.ts";
import { registers } from "../../db/schema/registers.ts";
import { users } from "../../db/schema/users.ts";
import type { Actor } from "../accounts/actor.ts";
import { requireAdminUser } from "../common/access.ts";
import { parseInput } from "../common/input.ts";

/** The audit rows about one family, read beside the page's own. */
const about = alias(auditLog, "about");

/** Entity names audit rows about one family use (the first services wrote both). */
const registerEntities = ["registers", "register"];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight WIB (UTC+7, no daylight saving) at the start of a calendar day. */

/** An account whose name or e-mail holds the text, case aside. */
function userMatches(text: string): SQL {
  // strpos, not LIKE: the admin's text is matched literally, '%' and '_' included.
  const needle = text.toLowerCase();
  return sql`(strpos(lower(${users.fullName}), ${needle}) > 0 or strpos(lower(${users.email}), ${needle}) > 0)`;
}

/** Past this many accounts matching the user filter, their rows are most of the log: it is read in order. */
const NAMED_ACTORS_LIMIT = 100;

/**
 * The user filter's accounts, looked up before the log is read, so their ids go into the page's text:
 * PostgreSQL then knows from its statistics how many rows they wrote, and reads a cadre's few rows
 * through the actor index instead of every newer row of the log (1.2-1.8 s at 1,000,000 rows for 40
 * reads made a year ago, 9 ms now). Null: too many accounts match for that to help.
 */
async function namedActors(db: Db, text: string): Promise<number[] | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(userMatches(text))
    .limit(NAMED_ACTORS_LIMIT + 1);
  return rows.length > NAMED_ACTORS_LIMIT ? null : rows.map((row) => row.id);
}

async function filters(db: Db, input: ReturnType<typeof auditListInput.parse>): Promise<SQL[]> {
  const conditions: SQL[] = [];
  if (input.user !== "") {
    const actors = await namedActors(db, input.user);
    conditions.push(
      actors === null
        ? userMatches(input.user)
        : actors.length === 0
          ? sql`false`
          : inArray(auditLog.actorId, actors).inlineParams(),
    );
  }
  if (input.registrationNumber !== "") {
    const register = sql`(select ${registers.id} from ${registers} where ${registers.registrationNumber} = ${input.registrationNumber.toUpperCase()})`;
    const aboutRegister = and(inArray(about.entity, registerEntities), eq(about.entityId, register));
    // A REST list read names every id it returned instead of one entity id (audit_log_read_ids).
    const listedIn = sql`${about.details} -> 'ids' @> to_jsonb(${register})`;
    // The family's rows are found first, through the two indexes, and the page is then taken from
    // them: asked for the newest rows that match, PostgreSQL, which cannot tell how many rows name a
    // family, walked every audit row from the newest (2.7 s at 1,000,000 rows for a family never
    // read, instead of 0.4 ms). The cost now grows with how often the family was read.
    const family = db.select({ id: about.id }).from(about).where(or(aboutRegister, listedIn));
    conditions.push(sql`${auditLog.id} = any(array${family})`);
  }
  // Written into the text, as the actors are: how many rows an action has decides the plan.
  if (input.action !== "") conditions.push(eq(auditLog.action, sql`${input.action}`.inlineParams()));
  if (input.from !== "") conditions.push(gte(auditLog.createdAt, startOfWibDay(input.from)));
  if (input.to !== "") conditions.push(lt(auditLog.createdAt, new Date(startOfWibDay(input.to).getTime() + DAY_MS)));
  return conditions;
}

/** The statements of one page: its rows (one more than the page, to tell whether another follows) and its capped count. */
export async function auditPageQueries(db: Db, input: ReturnType<typeof auditListInput.parse>) {
  const conditions = await filters(db, input);
  const matching = and(...conditions);
  const page = and(matching, input.cursor === undefined ? undefined : lt(auditLog.id, input.cursor));
  const apiTokenId = sql<number | null>`(${auditLog.details} ->> 'apiTokenId')::int`;
  return {
    rows: db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        ip: auditLog.ip,
        recordCount: sql<number | null>`case when jsonb_typeof(${auditLog.details} -> 'ids') = 'array'
          then jsonb_array_length(${auditLog.details} -> 'ids') end`,
        userId: users.id,
        fullName: users.fullName,
        email: users.email,
        registrationNumber: registers.registrationNumber,
        apiTokenId: apiTokens.id,
        apiTokenName: apiTokens.name,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(registers, and(inArray(auditLog.entity, registerEntities), eq(registers.id, auditLog.entityId)))
      .leftJoin(apiTokens, eq(apiTokens.id, apiTokenId))
      .where(page)
      .orderBy(desc(auditLog.id))
      .limit(input.pageSize + 1),
    counted: db.select({ total: count() }).from(
      db
        .select({ one: sql`1` })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(matching)
        .limit(AUDIT_COUNT_LIMIT + 1)
        .as("matching"),
    ),
  };
}

/** One page of audit rows for an admin; `total` is counted up to AUDIT_COUNT_LIMIT. */
export async function listAuditLog(db: Db, actor: Actor, rawInput: AuditListInput): Promise<AuditPage> {
  requireAdminUser(actor);
  const input = parseInput(auditListInput, rawInput);
  const queries = await auditPageQueries(db, input);
  const [rows, counted] = await Promise.all([queries.rows, queries.counted]);

  const entries: AuditEntry[] = rows.slice(0, input.pageSize).map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    registrationNumber: row.registrationNumber,
    recordCount: row.recordCount === null ? null : Number(row.recordCount),
    actor:
      row.userId === null || row.fullName === null || row.email === null
        ? null
        : { id: row.userId, fullName: row.fullName, email: row.email },
    apiToken:
      row.apiTokenId === null || row.apiTokenName === null ? null : { id: row.apiTokenId, name: row.apiTokenName },
    ip: row.ip,
  }));
  const total = counted[0]?.total ?? 0;
  return {
    entries,
    nextCursor: rows.length > input.pageSize ? (entries.at(-1)?.id ?? null) : null,
    total: Math.min(total, AUDIT_COUNT_LIMIT),
    totalIsCapped: total > AUDIT_COUNT_LIMIT,
  };
}

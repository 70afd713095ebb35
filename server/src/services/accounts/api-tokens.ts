// API tokens for third parties on the REST layer (DESIGN §3): shown once at creation, stored as
// SHA-256 only, read-only or full access, revocable by an admin.
import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { createApiTokenInput, type ApiTokenSummary, type CreateApiTokenInput } from "@shared/schemas/users.ts";
import { PgDialect } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import { apiTokens, type ApiTokenRow } from "../../db/schema/auth-tokens.ts";
import { users } from "../../db/schema/users.ts";
import type { Actor, ApiTokenGrant } from "./actor.ts";
import { notFound } from "../common/errors.ts";
import { requireAdminUser as requireAdmin } from "../common/access.ts";
import { parseInput } from "../common/input.ts";

const TOKEN_PREFIX = "pkk_";

/** SHA-256 in hex, by the runtime's native hash: it runs on every REST request. */
export function apiTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function summary(row: ApiTokenRow): ApiTokenSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    access: row.access,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Returns the token itself exactly once; afterwards only its prefix is known. */
export async function createApiToken(
  db: DbOrTx,
  actor: Actor,
  rawInput: CreateApiTokenInput,
): Promise<{ token: string; apiToken: ApiTokenSummary }> {
  const admin = requireAdmin(actor);
  const input = parseInput(createApiTokenInput, rawInput);
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  const token = `${TOKEN_PREFIX}${encodeBase32LowerCaseNoPadding(bytes)}`;
  const [row] = await db
    .insert(apiTokens)
    .values({
      name: input.name,
      description: input.description || null,
      access: input.access,
      tokenHash: apiTokenHash(token),
      prefix: token.slice(0, TOKEN_PREFIX.length + 6),
      createdBy: admin.id,
    })
    .returning();
  if (!row) throw new Error("api token insert returned nothing");
  return { token, apiToken: summary(row) };
}

export async function listApiTokens(db: DbOrTx, actor: Actor): Promise<ApiTokenSummary[]> {
  requireAdmin(actor);
  const rows = await db.select().from(apiTokens).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(summary);
}

export async function revokeApiToken(db: DbOrTx, actor: Actor, tokenId: number): Promise<ApiTokenSummary> {
  requireAdmin(actor);
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)))
    .returning();
  if (!row) throw notFound("Token tidak ditemukan atau sudah dicabut");
  return summary(row);
}

/** How stale `last_used_at` may get: a busy client does not turn every read into a write. */
export const LAST_USED_PRECISION_SECONDS = 60;

/**
 * What makes a token live: its hash known, not revoked, its creator still an active admin. The
 * constants are written into the text (values of their own would only add parameters to every
 * statement that carries the condition).
 */
const liveTokenConditions = (hash: SQL | ReturnType<typeof sql.placeholder>) =>
  sql`${apiTokens.revokedAt} is null and ${users.role} = 'admin' and ${users.status} = 'active' and ${apiTokens.tokenHash} = ${hash}`;

/** `last_used_at` set to now for the tokens `ids` selects, unless stamped within the last minute. */
const stampStatement = (ids: SQL) =>
  sql`update ${apiTokens} set last_used_at = now() where ${apiTokens.id} in (${ids})
      and (${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < now() - make_interval(secs => ${sql.raw(String(LAST_USED_PRECISION_SECONDS))}))
      returning ${apiTokens.id}`;

/**
 * The token lookup, built once per database handle (it runs on every REST request): drizzle
 * assembles a statement's text anew on each call, which cost as much of the server's time as
 * PostgreSQL spent answering it. The hash is the only value that changes.
 */
function liveTokenStatement(db: DbOrTx) {
  const live = db.$with("live").as(
    db
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.createdBy))
      .where(liveTokenConditions(sql.placeholder("hash"))),
  );
  const stamped = db.$with("stamped", { id: apiTokens.id }).as(stampStatement(sql`select id from ${live}`));
  return db
    .with(live, stamped)
    .select({ token: apiTokens, stamped: sql<boolean>`exists (select 1 from ${stamped})`.mapWith(Boolean) })
    .from(apiTokens)
    .where(inArray(apiTokens.id, db.select({ id: live.id }).from(live)))
    .prepare("live_api_token");
}

const liveTokenIds = (hash: SQL) =>
  sql`select ${apiTokens.id} from ${apiTokens} inner join ${users} on ${users.id} = ${apiTokens.createdBy}
    where ${liveTokenConditions(hash)}`;

// As the database handles are built (db/client.ts): column names in snake_case.
const dialect = new PgDialect({ casing: "snake_case" });

/**
 * A fragment around one value, its text worked out once: drizzle walks every part of a fragment
 * each time a statement embeds it, and these two ride along with every REST read of a known token.
 */
function textAround(build: (value: SQL) => SQL): (value: string) => SQL {
  const marker = "\u0000value\u0000";
  const query = dialect.sqlToQuery(build(sql.raw(marker)));
  const [before, after, ...rest] = query.sql.split(marker);
  if (before === undefined || after === undefined || rest.length > 0 || query.params.length > 0) {
    throw new Error("textAround: the fragment must hold its value once and no other value");
  }
  return (value) => sql`${sql.raw(before)}${value}${sql.raw(after)}`;
}

const stillLiveText = textAround((hash) => sql`exists (${liveTokenIds(hash)})`);
const stampUseText = textAround((hash) => stampStatement(liveTokenIds(hash)));

/**
 * "The token behind `hash` is live", as a condition a read puts on its rows: a row read under it
 * proves the token was live in the read's own snapshot, so the bearer check needs no statement of
 * its own (TokenCheck).
 */
export function apiTokenStillLive(hash: string): SQL {
  return stillLiveText(hash);
}

/** The token's use stamped as findLiveApiToken stamps it, for a read that carries its own check. */
export function stampApiTokenUse(hash: string): SQL {
  return stampUseText(hash);
}

const liveTokenStatements = new WeakMap<DbOrTx, ReturnType<typeof liveTokenStatement>>();

/**
 * The live token behind a bearer value, or null: unknown, revoked, or its creator is no longer an
 * active admin (blocked, demoted or deleted). A token never outlives the authority that made it:
 * every request asks the database (no cache to outlive a revocation). One statement: the lookup,
 * and `last_used_at` stamped when it is older than a minute (a read that changes nothing commits
 * without waiting for the disk).
 */
export async function findLiveApiToken(db: DbOrTx, token: string): Promise<ApiTokenRow | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  let statement = liveTokenStatements.get(db);
  if (!statement) {
    statement = liveTokenStatement(db);
    liveTokenStatements.set(db, statement);
  }
  const [found] = await statement.execute({ hash: apiTokenHash(token) });
  if (!found) return null;
  return found.stamped ? { ...found.token, lastUsedAt: new Date() } : found.token;
}

/** Revokes every live token `userId` created (blocking or removing an admin ends their tokens too). */
export async function revokeApiTokensCreatedBy(db: DbOrTx, userId: number): Promise<number> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.createdBy, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length;
}

/**
 * Tokens found live in this process, by hash, with their id and access (neither ever changes): a
 * later request with the same token is named at once, and proves the token still lives within its
 * own read (TokenCheck) instead of in a statement before it. Liveness itself is never kept.
 */
const knownTokens = new WeakMap<DbOrTx, Map<string, ApiTokenGrant>>();
const KNOWN_TOKENS_LIMIT = 1000;

export interface KnownApiToken {
  hash: string;
  grant: ApiTokenGrant;
}

export function knownApiToken(db: DbOrTx, token: string): KnownApiToken | null {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const hash = apiTokenHash(token);
  const grant = knownTokens.get(db)?.get(hash);
  return grant ? { hash, grant } : null;
}

export function rememberApiToken(db: DbOrTx, token: string, grant: ApiTokenGrant): void {
  let known = knownTokens.get(db);
  if (!known) {
    known = new Map();
    knownTokens.set(db, known);
  }
  const hash = apiTokenHash(token);
  if (known.has(hash)) return;
  // A Map iterates in insertion order: the first key is the oldest.
  const oldest = known.size >= KNOWN_TOKENS_LIMIT ? known.keys().next() : null;
  if (oldest && !oldest.done) known.delete(oldest.value);
  known.set(hash, { id: grant.id, access: grant.access });
}

export function forgetApiToken(db: DbOrTx, token: string): void {
  knownTokens.get(db)?.delete(apiTokenHash(token));
}

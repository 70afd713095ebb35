// API tokens for third parties on the REST layer (DESIGN §3): shown once at creation, stored as
// SHA-256 only, read-only or full access, revocable by an admin.
import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { createApiTokenInput, type ApiTokenSummary, type CreateApiTokenInput } from "@shared/schemas/users.ts";
import { PgDialect } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import { apiTokens, type ApiTokenRow } from "../../db/schema/auth-tokens.ts";
import type { Actor, ApiTokenGrant } from "./actor.ts";
import { notFound } from "../common/errors.ts";
import { requireAdminUser as requireAdmin } from "../common/access.ts";
import { parseInput } from "../common/input.ts";
import { setNewest } from "../common/bounded-map.ts";
import { audit } from "../audit/audit-log.ts";

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
  // A full-access token reads and writes every family: who made it, and when, is on the record.
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
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
    if (!created) throw new Error("api token insert returned nothing");
    await auditToken(tx, actor, "api-token.create", created);
    return created;
  });
  return { token, apiToken: summary(row) };
}

/** The token's name, access and prefix; never the token, which no one keeps. */
const auditToken = (tx: DbOrTx, actor: Actor, action: "api-token.create" | "api-token.revoke", row: ApiTokenRow) =>
  audit(tx, actor, {
    action,
    entity: "api_tokens",
    entityId: row.id,
    details: { name: row.name, access: row.access, prefix: row.prefix },
  });

export async function listApiTokens(db: DbOrTx, actor: Actor): Promise<ApiTokenSummary[]> {
  requireAdmin(actor);
  const rows = await db.select().from(apiTokens).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(summary);
}

export async function revokeApiToken(db: DbOrTx, actor: Actor, tokenId: number): Promise<ApiTokenSummary> {
  requireAdmin(actor);
  const row = await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)))
      .returning();
    if (!revoked) throw notFound("Token tidak ditemukan atau sudah dicabut");
    await auditToken(tx, actor, "api-token.revoke", revoked);
    return revoked;
  });
  return summary(row);
}

/** How stale `last_used_at` may get: a busy client does not turn every read into a write. */
export const LAST_USED_PRECISION_SECONDS = 60;

/**
 * Whether the token behind a hash lives: known, not revoked, its creator still an active admin. The
 * rule is the database function pkk_api_token_live (migration issue12_api_token_live_custom), so
 * every check asks the same one.
 */
const isLive = (hash: SQL | typeof apiTokens.tokenHash) => sql`pkk_api_token_live(${hash})`;

/** `last_used_at` set to now for the tokens `which` picks, unless stamped within the last minute. */
const stampStatement = (which: SQL) =>
  sql`update ${apiTokens} set last_used_at = now() where ${which}
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
      .where(and(eq(apiTokens.tokenHash, sql.placeholder("hash")), isLive(apiTokens.tokenHash))),
  );
  const stamped = db
    .$with("stamped", { id: apiTokens.id })
    .as(stampStatement(sql`${apiTokens.id} in (select id from ${live})`));
  return db
    .with(live, stamped)
    .select({ token: apiTokens, stamped: sql<boolean>`exists (select 1 from ${stamped})`.mapWith(Boolean) })
    .from(apiTokens)
    .where(inArray(apiTokens.id, db.select({ id: live.id }).from(live)))
    .prepare("live_api_token");
}

// As the database handles are built (db/client.ts): column names in snake_case.
const dialect = new PgDialect({ casing: "snake_case" });

/**
 * The stamp of a read that proves its token, its text worked out once: drizzle walks every part of
 * a fragment each time a statement embeds it, and this one rides along with every REST read of a
 * known token. Two values: the hash, then the page's ids.
 */
const stampInReadText = (() => {
  const markers = ["\u0000hash\u0000", "\u0000ids\u0000"] as const;
  const query = dialect.sqlToQuery(
    stampStatement(
      sql`${apiTokens.tokenHash} = ${sql.raw(markers[0])} and jsonb_array_length(${sql.raw(markers[1])}) > 0`,
    ),
  );
  const [beforeHash, beforeIds, after, ...rest] = query.sql.split(new RegExp(markers.join("|")));
  if (beforeHash === undefined || beforeIds === undefined || after === undefined || rest.length > 0) {
    throw new Error("stampInReadText: each value must appear once");
  }
  return (hash: string, ids: SQL) => sql`${sql.raw(beforeHash)}${hash}${sql.raw(beforeIds)}${ids}${sql.raw(after)}`;
})();

/**
 * "The token behind `hash` is live", as a condition a read puts on its rows: a row read under it
 * proves the token was live in the read's own snapshot, so the bearer check needs no statement of
 * its own (TokenCheck).
 */
export function apiTokenStillLive(hash: string): SQL {
  return isLive(sql`${hash}`);
}

/**
 * The token's use stamped as findLiveApiToken stamps it, by a read that carries apiTokenStillLive
 * on its rows: only when the read has rows (`ids`, a jsonb array), which proves the token live.
 */
export function stampApiTokenUse(hash: string, ids: SQL): SQL {
  return stampInReadText(hash, ids);
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
  setNewest(known, apiTokenHash(token), { id: grant.id, access: grant.access }, KNOWN_TOKENS_LIMIT);
}

export function forgetApiToken(db: DbOrTx, token: string): void {
  knownTokens.get(db)?.delete(apiTokenHash(token));
}

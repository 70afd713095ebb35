// API tokens for third parties on the REST layer (DESIGN §3): shown once at creation, stored as
// SHA-256 only, read-only or full access, revocable by an admin.
import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { createApiTokenInput, type ApiTokenSummary, type CreateApiTokenInput } from "@shared/schemas/users.ts";
import type { DbOrTx } from "../../db/client.ts";
import { apiTokens, type ApiTokenRow } from "../../db/schema/auth-tokens.ts";
import { users } from "../../db/schema/users.ts";
import type { Actor } from "./actor.ts";
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
      .where(
        and(
          eq(apiTokens.tokenHash, sql.placeholder("hash")),
          isNull(apiTokens.revokedAt),
          eq(users.role, "admin"),
          eq(users.status, "active"),
        ),
      ),
  );
  const stamped = db.$with("stamped", { id: apiTokens.id }).as(
    sql`update ${apiTokens} set last_used_at = now() where ${apiTokens.id} in (select id from ${live})
      and (${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_PRECISION_SECONDS}))
      returning ${apiTokens.id}`,
  );
  return db
    .with(live, stamped)
    .select({ token: apiTokens, stamped: sql<boolean>`exists (select 1 from ${stamped})`.mapWith(Boolean) })
    .from(apiTokens)
    .where(inArray(apiTokens.id, db.select({ id: live.id }).from(live)))
    .prepare("live_api_token");
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

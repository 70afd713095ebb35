// Sessions the way the Lucia guide teaches: a random token goes to the browser, only its SHA-256
// is stored; validation renews a session that is past half its life.
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { sessions, type SessionRow } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import type { SessionUser } from "./actor.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
export const PERSISTENT_SESSION_MS = 30 * DAY_MS;
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

/**
 * The absolute end of a session, counted from sign-in whatever the activity (issue 14): 30 days
 * without "remember me", 90 with it; SESSION_MAX_DAYS and SESSION_MAX_DAYS_REMEMBER change them.
 */
export interface SessionLimits {
  maxAgeMs: number;
  rememberedMaxAgeMs: number;
}
export const defaultSessionLimits: SessionLimits = { maxAgeMs: 30 * DAY_MS, rememberedMaxAgeMs: 90 * DAY_MS };

export function sessionLimitsFromDays(days: number, rememberedDays: number): SessionLimits {
  return { maxAgeMs: days * DAY_MS, rememberedMaxAgeMs: rememberedDays * DAY_MS };
}

function absoluteEnd(session: SessionRow, limits: SessionLimits): number {
  return session.createdAt.getTime() + (session.persistent ? limits.rememberedMaxAgeMs : limits.maxAgeMs);
}

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(
  db: DbOrTx,
  token: string,
  userId: number,
  options: { persistent: boolean },
): Promise<SessionRow> {
  const lifetime = options.persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS;
  const [session] = await db
    .insert(sessions)
    .values({
      id: sessionIdFromToken(token),
      userId,
      persistent: options.persistent,
      expiresAt: new Date(Date.now() + lifetime),
    })
    .returning();
  if (!session) throw new Error("session insert returned nothing");
  return session;
}

/**
 * `renewed`: this validation moved the session's expiry later (sliding renewal), so a browser
 * holding a cookie that expires with a "remember me" session must be sent it again (Lucia guide).
 */
export type SessionValidation =
  | { session: SessionRow; user: SessionUser; renewed: boolean }
  | { session: null; user: null; renewed: false };

export async function validateSessionToken(
  db: DbOrTx,
  token: string,
  limits: SessionLimits = defaultSessionLimits,
): Promise<SessionValidation> {
  const sessionId = sessionIdFromToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sessionId));
  if (!row) return { session: null, user: null, renewed: false };
  const { session } = row;
  const { passwordHash: _hidden, ...user } = row.user;
  const end = absoluteEnd(session, limits);
  if (Date.now() >= session.expiresAt.getTime() || Date.now() >= end || user.status !== "active") {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return { session: null, user: null, renewed: false };
  }
  let renewed = false;
  const lifetime = session.persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS;
  if (Date.now() >= session.expiresAt.getTime() - lifetime / 2) {
    // Sliding renewal, but never past the absolute end.
    const expiresAt = new Date(Math.min(Date.now() + lifetime, end));
    if (expiresAt.getTime() > session.expiresAt.getTime()) {
      session.expiresAt = expiresAt;
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
      renewed = true;
    }
  }
  return { session, user, renewed };
}

export async function invalidateSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

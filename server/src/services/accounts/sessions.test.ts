import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions } from "../../db/schema/sessions.ts";
import { createUser, sessionCookieFor, useTestApp } from "../../../test/helpers.ts";
import { users } from "../../db/schema/users.ts";
import {
  createSession,
  generateSessionToken,
  invalidateSession,
  invalidateUserSessions,
  sessionIdFromToken,
  sessionLimitsFromDays,
  validateSessionToken,
} from "./sessions.ts";

describe("sessions (Lucia guide)", () => {
  const t = useTestApp({ seed: false });

  test("tokens carry at least 20 random bytes and only their hash is stored", async () => {
    const user = await createUser(t.db);
    const token = generateSessionToken();
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(generateSessionToken()).not.toBe(token);
    await createSession(t.db, token, user.id, { persistent: true });
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored[0]?.id).toBe(sessionIdFromToken(token));
    expect(stored[0]?.id).not.toContain(token);
    const result = await validateSessionToken(t.db, token);
    expect(result.user?.id).toBe(user.id);
    expect(result.user).not.toHaveProperty("passwordHash");
  });

  test("expired, revoked and blocked-user sessions are invalid", async () => {
    const user = await createUser(t.db);
    const token = generateSessionToken();
    const session = await createSession(t.db, token, user.id, { persistent: false });
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, session.id));
    expect((await validateSessionToken(t.db, token)).user).toBeNull();

    const second = generateSessionToken();
    const live = await createSession(t.db, second, user.id, { persistent: false });
    await invalidateSession(t.db, live.id);
    expect((await validateSessionToken(t.db, second)).user).toBeNull();

    const third = generateSessionToken();
    await createSession(t.db, third, user.id, { persistent: true });
    await t.db.update(users).set({ status: "blocked" }).where(eq(users.id, user.id));
    expect((await validateSessionToken(t.db, third)).user).toBeNull();
    await invalidateUserSessions(t.db, user.id);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  test("a session past half its life is renewed", async () => {
    const user = await createUser(t.db);
    const token = generateSessionToken();
    const session = await createSession(t.db, token, user.id, { persistent: true });
    const soon = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await t.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, session.id));
    const result = await validateSessionToken(t.db, token);
    expect(result.session?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });
});

describe("sessions have an absolute end (issue 14)", () => {
  const t = useTestApp({ seed: false });
  const DAY = 24 * 60 * 60 * 1000;

  async function sessionStartedDaysAgo(days: number, persistent: boolean) {
    const user = await createUser(t.db);
    const token = generateSessionToken();
    const session = await createSession(t.db, token, user.id, { persistent });
    // A session kept alive by activity: its sliding expiry is still ahead.
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - days * DAY), expiresAt: new Date(Date.now() + 2 * 60 * 60 * 1000) })
      .where(eq(sessions.id, session.id));
    return { user, token, cookie: `pkk_session=${token}` };
  }

  test("a session signed in five years ago is refused and removed, not renewed", async () => {
    const { token, cookie } = await sessionStartedDaysAgo(5 * 365, true);
    const me = await t.app.request("/trpc/auth.me", { headers: { cookie } });
    expect((await me.json()).result.data).toBeNull();
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionIdFromToken(token))),
    ).toHaveLength(0);
  });

  test("without 'remember me' the end is 30 days after sign-in; with it 90", async () => {
    const short = await sessionStartedDaysAgo(31, false);
    expect((await validateSessionToken(t.db, short.token)).user).toBeNull();
    const remembered = await sessionStartedDaysAgo(31, true);
    expect((await validateSessionToken(t.db, remembered.token)).user?.id).toBe(remembered.user.id);
    const old = await sessionStartedDaysAgo(91, true);
    expect((await validateSessionToken(t.db, old.token)).user).toBeNull();
  });

  test("renewal never reaches past the absolute end", async () => {
    const { token } = await sessionStartedDaysAgo(89, true);
    const result = await validateSessionToken(t.db, token);
    expect(result.session).not.toBeNull();
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdFromToken(token)));
    const end = (row?.createdAt.getTime() ?? 0) + 90 * DAY;
    expect(result.session?.expiresAt.getTime()).toBeLessThanOrEqual(end);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(end);
  });

  test("the limits come from the configuration", async () => {
    const { token } = await sessionStartedDaysAgo(3, false);
    expect((await validateSessionToken(t.db, token, sessionLimitsFromDays(2, 7))).user).toBeNull();
    const fresh = await createUser(t.db);
    const cookie = await sessionCookieFor(t.db, fresh.id);
    const me = await t.app.request("/trpc/auth.me", { headers: { cookie } });
    expect((await me.json()).result.data.id).toBe(fresh.id);
  });
});

describe("SESSION_MAX_DAYS reaches the HTTP doors", () => {
  const t = useTestApp({ seed: false, env: { SESSION_MAX_DAYS: "1", SESSION_MAX_DAYS_REMEMBER: "2" } });

  test("a two-day-old remembered session is refused on tRPC and on REST", async () => {
    const user = await createUser(t.db);
    const token = generateSessionToken();
    const session = await createSession(t.db, token, user.id, { persistent: true });
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000 - 1000) })
      .where(eq(sessions.id, session.id));
    const rest = await t.app.request("/api/users/me", { headers: { authorization: `Bearer ${token}` } });
    expect(rest.status).toBe(401);
    const me = await t.app.request("/trpc/auth.me", { headers: { cookie: `pkk_session=${token}` } });
    expect((await me.json()).result.data).toBeNull();
  });
});

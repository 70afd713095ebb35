import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions } from "../../db/schema/sessions.ts";
import { createUser, useTestApp } from "../../../test/helpers.ts";
import { users } from "../../db/schema/users.ts";
import {
  createSession,
  generateSessionToken,
  invalidateSession,
  invalidateUserSessions,
  sessionIdFromToken,
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

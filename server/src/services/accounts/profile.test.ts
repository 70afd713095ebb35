import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { sessionIdFromToken } from "./sessions.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { SESSION_COOKIE } from "../../http/session-cookie.ts";
import { users } from "../../db/schema/users.ts";
import { TEST_ORIGIN, createUser, sessionCookieFor, solveCaptcha, useTestApp } from "../../../test/helpers.ts";
import { issueCaptcha } from "../public/captcha.ts";

const json = { "content-type": "application/json", origin: TEST_ORIGIN };

describe("sessions, profile and password change", () => {
  const t = useTestApp({ seed: false });
  const call = (path: string, cookie: string, body: unknown) =>
    t.app.request(`/trpc/${path}`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify(body) });

  test("logging in again rotates the session: the old token dies, the new one differs", async () => {
    const user = await createUser(t.db, { email: "rotasi@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    const oldCookie = await sessionCookieFor(t.db, user.id);
    const challenge = issueCaptcha(t.env.APP_SECRET, "sum");
    const response = await call("auth.login", oldCookie, {
      email: "rotasi@contoh.id",
      password: "Rahasia123",
      rememberMe: false,
      captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
    });
    expect(response.status).toBe(200);
    const newCookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(newCookie).not.toBe(oldCookie);
    const oldToken = oldCookie.split("=")[1] ?? "";
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionIdFromToken(oldToken))),
    ).toHaveLength(0);
    // Only the SHA-256 of the token is stored.
    const newToken = newCookie.split("=")[1] ?? "";
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.map((row) => row.id)).toEqual([sessionIdFromToken(newToken)]);
    expect(await response.text()).not.toContain(newToken);
  });

  test("profile: own name and phone change; role or status in the body are refused", async () => {
    const user = await createUser(t.db, { phone: "081200000000" });
    const cookie = await sessionCookieFor(t.db, user.id);
    const ok = await call("auth.updateProfile", cookie, { fullName: "Ibu Ratna", phone: "081298765432" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).result.data).toMatchObject({ fullName: "Ibu Ratna", phone: "081298765432" });
    const sneaky = await call("auth.updateProfile", cookie, {
      fullName: "Ibu Ratna",
      phone: "081298765432",
      role: "admin",
    });
    expect(sneaky.status).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe("kader");
    const anonymous = await t.app.request("/trpc/auth.updateProfile", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ fullName: "X Y", phone: "081200000000" }),
    });
    expect(anonymous.status).toBe(401);
  });

  test("password change needs the old password, ends every session and carries this one on under a new token", async () => {
    const user = await createUser(t.db, { passwordHash: await hashPassword("Lama12345") });
    const current = await sessionCookieFor(t.db, user.id);
    const other = await sessionCookieFor(t.db, user.id);
    const wrong = await call("auth.changePassword", current, {
      currentPassword: "Salah1234",
      password: "Kenanga-Biru-73",
      passwordConfirmation: "Kenanga-Biru-73",
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.message).toBe("Password lama salah");
    const ok = await call("auth.changePassword", current, {
      currentPassword: "Lama12345",
      password: "Kenanga-Biru-73",
      passwordConfirmation: "Kenanga-Biru-73",
    });
    expect(ok.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword("Kenanga-Biru-73", row?.passwordHash ?? "")).toBe(true);
    const rotated = ok.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
      ?.split(";")[0];
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(current);
    const meRotated = await t.app.request("/trpc/auth.me", { headers: { cookie: rotated ?? "" } });
    expect((await meRotated.json()).result.data.id).toBe(user.id);
    for (const cookie of [current, other]) {
      const me = await t.app.request("/trpc/auth.me", { headers: { cookie } });
      expect((await me.json()).result.data).toBeNull();
    }
    // As persistent as the session it replaces (this one was not: no Max-Age).
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.persistent).toBe(false);
  });

  test("a blocked user's existing session dies on its next request", async () => {
    const user = await createUser(t.db);
    const cookie = await sessionCookieFor(t.db, user.id);
    await t.db.update(users).set({ status: "blocked" }).where(eq(users.id, user.id));
    const me = await t.app.request("/trpc/auth.me", { headers: { cookie } });
    expect((await me.json()).result.data).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});

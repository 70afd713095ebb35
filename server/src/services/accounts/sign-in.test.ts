import { describe, expect, spyOn, test } from "bun:test";
import { eq } from "drizzle-orm";
import { hashPassword } from "./passwords.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { sessionIdFromToken } from "./sessions.ts";
import { TEST_ORIGIN, createUser, loginOverTrpc, useTestApp } from "../../../test/helpers.ts";

describe("login and logout through tRPC", () => {
  const t = useTestApp({ seed: false });

  const loginRequest = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    loginOverTrpc(t, body, headers);

  test("right password: a session cookie (HttpOnly, SameSite=Lax) and the public user", async () => {
    const user = await createUser(t.db, { email: "Siti@Contoh.id", passwordHash: await hashPassword("Rahasia123") });
    const response = await loginRequest({ email: "siti@contoh.id", password: "Rahasia123" });
    expect(response.status).toBe(200);
    const [cookie = "", hint = "", ...more] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^pkk_session=[a-z0-9]{32,};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Expires");
    // Beside it the signed-in hint the page's script reads (it holds no secret), for as long.
    expect(hint).toBe("pkk_signed_in=1; Path=/; SameSite=Lax");
    expect(more).toEqual([]);
    const text = await response.text();
    expect(text).not.toContain("passwordHash");
    expect(JSON.parse(text).result.data.user.id).toBe(user.id);

    const me = await t.app.request("/trpc/auth.me", { headers: { cookie: cookie.split(";")[0] ?? "" } });
    expect((await me.json()).result.data.email).toBe("Siti@Contoh.id");
  });

  test("a browser whose session ended has its signed-in hint dropped; a live session or a new login keeps it", async () => {
    const me = (cookie: string) => t.app.request("/trpc/auth.me", { headers: { cookie } });
    for (const cookie of ["pkk_signed_in=1", "pkk_signed_in=1; pkk_session=abcdefabcdefabcdefabcdefabcdefab"]) {
      const answer = await me(cookie);
      expect((await answer.json()).result.data).toBeNull();
      expect(answer.headers.getSetCookie()).toEqual(["pkk_signed_in=; Path=/; SameSite=Lax; Max-Age=0"]);
    }
    await createUser(t.db, { email: "petunjuk@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    const login = await loginRequest(
      { email: "petunjuk@contoh.id", password: "Rahasia123" },
      { cookie: "pkk_signed_in=1" },
    );
    const [session = "", hint] = login.headers.getSetCookie();
    expect(hint).toBe("pkk_signed_in=1; Path=/; SameSite=Lax");
    expect(login.headers.getSetCookie()).toHaveLength(2);
    const live = await me(`${session.split(";")[0]}; pkk_signed_in=1`);
    expect((await live.json()).result.data.email).toBe("petunjuk@contoh.id");
    expect(live.headers.getSetCookie()).toEqual([]);
  });

  test("remember me gives a 30-day cookie", async () => {
    await createUser(t.db, { email: "ingat@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    const response = await loginRequest({ email: "ingat@contoh.id", password: "Rahasia123", rememberMe: true });
    const [expires, hintExpires] = response.headers.getSetCookie().map((cookie) => /Expires=([^;]+)/.exec(cookie)?.[1]);
    expect(new Date(expires ?? 0).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(hintExpires).toBe(expires);
  });

  test("a remembered session the server renews sends both cookies again, as login set them; a browser session none", async () => {
    const DAY = 24 * 60 * 60 * 1000;
    await createUser(t.db, { email: "setiap-hari@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    const login = await loginRequest({ email: "setiap-hari@contoh.id", password: "Rahasia123", rememberMe: true });
    const [sessionCookie = "", hintCookie = ""] = login.headers.getSetCookie();
    const token = sessionCookie.split(";")[0] ?? "";
    // Twenty days later (the session past half its 30 days), the cadre opens the portal again.
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdFromToken(token.slice(12))));
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 20 * DAY), expiresAt: new Date(Date.now() + 10 * DAY) })
      .where(eq(sessions.id, row?.id ?? ""));
    const me = await t.app.request("/trpc/auth.me", { headers: { cookie: `${token}; pkk_signed_in=1` } });
    expect((await me.json()).result.data.email).toBe("setiap-hari@contoh.id");
    const renewed = me.headers.getSetCookie();
    expect(renewed).toHaveLength(2);
    const expiresOf = (cookie: string) => new Date(/Expires=([^;]+)/.exec(cookie)?.[1] ?? 0).getTime();
    const withoutExpires = (cookie: string) => cookie.replace(/; Expires=[^;]+/, "");
    // The same cookies as at login (name, value, flags), only later: 30 days from now again.
    expect(renewed.map(withoutExpires)).toEqual([withoutExpires(sessionCookie), withoutExpires(hintCookie)]);
    for (const cookie of renewed) {
      expect(expiresOf(cookie)).toBeGreaterThan(Date.now() + 29 * DAY);
    }
    const [stored] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, row?.id ?? ""));
    expect(new Date(expiresOf(renewed[0] ?? "")).toUTCString()).toBe(stored?.expiresAt.toUTCString() ?? "");
    // The next request, not due for renewal, sends nothing.
    const next = await t.app.request("/trpc/auth.me", { headers: { cookie: `${token}; pkk_signed_in=1` } });
    expect(next.headers.getSetCookie()).toEqual([]);

    // Without "remember me" the cookie has no Expires: a renewal leaves it alone.
    await createUser(t.db, { email: "sebentar@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    const short = await loginRequest({ email: "sebentar@contoh.id", password: "Rahasia123" });
    const shortToken = (short.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const shortId = sessionIdFromToken(shortToken.slice(12));
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(sessions.id, shortId));
    const shortMe = await t.app.request("/trpc/auth.me", { headers: { cookie: `${shortToken}; pkk_signed_in=1` } });
    expect((await shortMe.json()).result.data.email).toBe("sebentar@contoh.id");
    expect(shortMe.headers.getSetCookie()).toEqual([]);
    const [shortRow] = await t.db.select().from(sessions).where(eq(sessions.id, shortId));
    expect(shortRow?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 11 * 60 * 60 * 1000);
  });

  test("wrong password and unknown email get the same answer", async () => {
    await createUser(t.db, { email: "ani@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    const wrong = await loginRequest({ email: "ani@contoh.id", password: "Salah123" });
    const unknown = await loginRequest({ email: "tidakada@contoh.id", password: "Salah123" });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect((await wrong.json()).error.message).toBe("Email atau password salah");
    expect((await unknown.json()).error.message).toBe("Email atau password salah");
  });

  test("a pending account gets its own message and no session", async () => {
    const user = await createUser(t.db, {
      email: "baru@contoh.id",
      status: "pending",
      passwordHash: await hashPassword("Rahasia123"),
    });
    const response = await loginRequest({ email: "baru@contoh.id", password: "Rahasia123" });
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toContain("menunggu verifikasi admin");
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  test("a wrong captcha is refused before the password is looked at", async () => {
    const response = await loginRequest({
      email: "ani@contoh.id",
      password: "Rahasia123",
      captcha: { token: "x", answer: 1 },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe("Jawaban penjumlahan salah");
  });

  test("logout deletes the session and clears the cookie", async () => {
    await createUser(t.db, { email: "keluar@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    const login = await loginRequest({ email: "keluar@contoh.id", password: "Rahasia123" });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const logout = await t.app.request("/trpc/auth.logout", {
      method: "POST",
      headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
    });
    const cleared = logout.headers.getSetCookie();
    expect(cleared.map((value) => value.split(";")[0])).toEqual(["pkk_session=", "pkk_signed_in="]);
    for (const value of cleared) expect(value).toContain("Max-Age=0");
    const me = await t.app.request("/trpc/auth.me", { headers: { cookie } });
    expect((await me.json()).result.data).toBeNull();
  });
});

// A stranger must not lock an account out of login, yet guessing stays slowed.
describe("the per-account login limit counts failed passwords per source", () => {
  const t = useTestApp({ seed: false, env: { TRUST_PROXY: "1" } });
  const restLogin = (identifier: string, password: string, address: string) =>
    t.app.request("/api/auth/local", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ identifier, password }),
    });

  test("a hundred wrong passwords from ten addresses do not shut the owner out, at either door", async () => {
    const admin = await createUser(t.db, {
      role: "admin",
      level: "kota",
      email: "admin-kota@contoh.id",
      passwordHash: await hashPassword("Rahasia123"),
    });
    for (let source = 1; source <= 10; source += 1) {
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const response = await restLogin("admin-kota@contoh.id", `Tebakan${attempt}`, `10.${source}.0.${attempt}`);
        expect(response.status).toBe(400);
      }
    }
    const form = await loginOverTrpc(
      t,
      { email: "admin-kota@contoh.id", password: "Rahasia123" },
      { "x-forwarded-for": "192.0.2.10" },
    );
    expect(form.status).toBe(200);
    expect((await form.json()).result.data.user.id).toBe(admin.id);
    const rest = await restLogin("admin-kota@contoh.id", "Rahasia123", "192.0.2.11");
    expect(rest.status).toBe(200);
    // A hundred argon2 checks: minutes on a loaded shared machine.
  }, 300_000);

  test("ten wrong passwords from one network slow it down: 429 with Retry-After, even for the right password; other networks and other accounts go on", async () => {
    await createUser(t.db, { email: "ditebak@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    await createUser(t.db, { email: "tetangga@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    // Wrong captchas are refused before the password and count nothing against the account.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await loginOverTrpc(
        t,
        { email: "ditebak@contoh.id", password: "Salah123", captcha: { token: "x", answer: 1 } },
        { "x-forwarded-for": `203.0.113.${100 + attempt}` },
      );
      expect(response.status).toBe(400);
    }
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await loginOverTrpc(
        t,
        { email: "ditebak@contoh.id", password: `Tebakan${attempt}` },
        { "x-forwarded-for": `203.0.113.${attempt}` },
      );
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe("Email atau password salah");
    }
    // The password is no longer tried from that network: the right one is refused too, so a guess learns nothing.
    const refused = await loginOverTrpc(
      t,
      { email: "ditebak@contoh.id", password: "Rahasia123" },
      { "x-forwarded-for": "203.0.113.50" },
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error.message).toBe("Terlalu banyak percobaan login. Silakan coba lagi nanti");
    const restRefused = await restLogin("ditebak@contoh.id", "Rahasia123", "203.0.113.51");
    expect(restRefused.status).toBe(429);
    expect(Number(restRefused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account from the same network, and the owner from elsewhere, sign in.
    const neighbour = await loginOverTrpc(
      t,
      { email: "tetangga@contoh.id", password: "Rahasia123" },
      { "x-forwarded-for": "203.0.113.52" },
    );
    expect(neighbour.status).toBe(200);
    const owner = await loginOverTrpc(
      t,
      { email: "ditebak@contoh.id", password: "Rahasia123" },
      { "x-forwarded-for": "198.51.100.20" },
    );
    expect(owner.status).toBe(200);
  });

  // All thirty are in flight before the first argon2 check ends, on both databases: PGlite runs
  // one statement at a time, but the statements of all thirty (address limit, captcha, account
  // limit) interleave ahead of the slow password checks, which run off the JavaScript thread. A
  // limit read before the password and counted after it let all thirty passwords be checked
  // (the late wrong ones then answered 429, but the right one, wherever it was, signed in).
  test("thirty passwords at the same moment from one network, at both doors: at most ten are checked, the rest get 429", async () => {
    await createUser(t.db, { email: "serbu@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    // 29 wrong guesses and, last, the right one.
    const guesses = Array.from({ length: 30 }, (_, index) => (index === 29 ? "Rahasia123" : `Tebakan${index}`));
    const checks = spyOn(Bun.password, "verify");
    let answers: Response[];
    try {
      answers = await Promise.all(
        guesses.map((password, index) => {
          const address = `203.0.114.${index + 1}`;
          return index % 2 === 0
            ? loginOverTrpc(t, { email: "serbu@contoh.id", password }, { "x-forwarded-for": address })
            : restLogin("serbu@contoh.id", password, address);
        }),
      );
      expect(checks.mock.calls.length).toBeLessThanOrEqual(10);
    } finally {
      checks.mockRestore();
    }
    // Ten were tried (wrong: 400; the right one, if it was among them, signed in); the rest never were.
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400 || status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    for (const answer of answers.filter((each) => each.status === 429)) {
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await answer.json()).error.message).toBe("Terlalu banyak percobaan login. Silakan coba lagi nanti");
    }
    // The owner on another network signs in at both doors.
    const owner = await loginOverTrpc(
      t,
      { email: "serbu@contoh.id", password: "Rahasia123" },
      { "x-forwarded-for": "198.51.100.30" },
    );
    expect(owner.status).toBe(200);
    const ownerRest = await restLogin("serbu@contoh.id", "Rahasia123", "198.51.100.31");
    expect(ownerRest.status).toBe(200);
  }, 300_000);

  test("a right password sent with nine wrong ones from its network signs in, and gives its place back", async () => {
    await createUser(t.db, { email: "bersamaan@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    const wrong = Array.from({ length: 9 }, (_, index) =>
      restLogin("bersamaan@contoh.id", `Tebakan${index}`, `203.0.115.${index + 1}`),
    );
    const right = loginOverTrpc(
      t,
      { email: "bersamaan@contoh.id", password: "Rahasia123" },
      { "x-forwarded-for": "203.0.115.100" },
    );
    const [signedIn, ...refused] = await Promise.all([right, ...wrong]);
    expect(signedIn?.status).toBe(200);
    expect(refused.map((answer) => answer.status)).toEqual(Array(9).fill(400));
    // Nine failures counted, none for the right password: it signs in again, then one more wrong
    // password is tried (the tenth) and after it the network waits.
    const again = await restLogin("bersamaan@contoh.id", "Rahasia123", "203.0.115.101");
    expect(again.status).toBe(200);
    const tenth = await restLogin("bersamaan@contoh.id", "Tebakan10", "203.0.115.102");
    expect(tenth.status).toBe(400);
    const past = await restLogin("bersamaan@contoh.id", "Rahasia123", "203.0.115.103");
    expect(past.status).toBe(429);
  }, 300_000);

  test("right passwords count nothing: a dozen sign-ins from one network all succeed", async () => {
    await createUser(t.db, { email: "rajin@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const response = await loginOverTrpc(
        t,
        { email: "rajin@contoh.id", password: "Rahasia123" },
        { "x-forwarded-for": `198.18.7.${attempt}` },
      );
      expect(response.status).toBe(200);
    }
  });
});

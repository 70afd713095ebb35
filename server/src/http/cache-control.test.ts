import { describe, expect, test } from "bun:test";
import { createApp } from "../app.ts";
import { createLogger } from "../log.ts";
import { hashPassword } from "../services/accounts/passwords.ts";
import { issueCaptcha } from "../services/public/captcha.ts";
import { TEST_ORIGIN, createUser, sessionCookieFor, solveCaptcha, useTestApp } from "../../test/helpers.ts";
import type { OAuthProvider } from "./oauth.ts";

const json = { "content-type": "application/json" };

describe("Cache-Control: no-store on everything personal or tied to a session", () => {
  const t = useTestApp();

  async function login(email: string) {
    const challenge = issueCaptcha(t.env.APP_SECRET, "sum");
    return t.app.request("/trpc/auth.login", {
      method: "POST",
      headers: { ...json, origin: TEST_ORIGIN },
      body: JSON.stringify({
        email,
        password: "Rahasia123",
        rememberMe: true,
        captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
      }),
    });
  }

  test("tRPC queries, signed in or not, and tRPC refusals", async () => {
    const user = await createUser(t.db);
    const cookie = await sessionCookieFor(t.db, user.id);
    const signedIn = await t.app.request("/trpc/auth.me", { headers: { cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
    const anonymous = await t.app.request("/trpc/auth.me");
    expect(anonymous.headers.get("cache-control")).toBe("no-store");
    const refused = await t.app.request("/trpc/users.list?input=%7B%7D", { headers: { cookie } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });

  test("login sets the session cookie with no-store; logout clears it with no-store", async () => {
    await createUser(t.db, { email: "simpan@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    const signedIn = await login("simpan@contoh.id");
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("set-cookie")).toStartWith("pkk_session=");
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
    const cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const loggedOut = await t.app.request("/trpc/auth.logout", {
      method: "POST",
      headers: { ...json, origin: TEST_ORIGIN, cookie },
      body: "{}",
    });
    expect(loggedOut.status).toBe(200);
    expect(loggedOut.headers.get("set-cookie")).toContain("Max-Age=0");
    expect(loggedOut.headers.get("cache-control")).toBe("no-store");
  });

  test("REST: login, lists, the signed-in user and errors", async () => {
    await createUser(t.db, { email: "rest-simpan@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    const signIn = await t.app.request("/api/auth/local", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ identifier: "rest-simpan@contoh.id", password: "Rahasia123" }),
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get("cache-control")).toBe("no-store");
    const { jwt } = await signIn.json();
    const me = await t.app.request("/api/users/me", { headers: { authorization: `Bearer ${jwt}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("no-store");
    for (const path of ["/api/kecamatans", "/api/registers", "/api/tidak-ada"]) {
      const response = await t.app.request(path, { headers: { authorization: `Bearer ${jwt}` } });
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  test("the OAuth start and its callback, which signs in", async () => {
    const user = await createUser(t.db, { email: "oauth-simpan@contoh.id" });
    // A provider that approves whoever comes back: the test is about the headers of our answers.
    const provider: OAuthProvider = {
      authorizationUrl: (state) => new URL(`https://penyedia.example/authorize?state=${state}`),
      verifiedEmail: async () => user.email,
    };
    const app = createApp({
      db: t.db,
      env: t.env,
      log: createLogger("error"),
      cityName: "Kota Bekasi",
      ping: t.handle.ping,
      googleOAuth: provider,
    });
    const start = await app.request("/auth/google");
    expect(start.status).toBe(302);
    expect(start.headers.get("cache-control")).toBe("no-store");
    const state = new URL(start.headers.get("location") ?? "").searchParams.get("state") ?? "";
    const cookies = start.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    const callback = await app.request(`/auth/google/callback?code=kode&state=${state}`, {
      headers: { cookie: cookies },
    });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/kader-pkk/dashboard");
    expect(callback.headers.getSetCookie().some((cookie) => cookie.startsWith("pkk_session="))).toBe(true);
    expect(callback.headers.get("cache-control")).toBe("no-store");
  });

  test("the health check, which carries nothing personal, keeps the default", async () => {
    const response = await t.app.request("/healthz");
    expect(response.headers.get("cache-control")).toBeNull();
  });
});

import { describe, expect, test } from "bun:test";
import { hashPassword } from "../services/accounts/passwords.ts";
import { issueCaptcha } from "../services/public/captcha.ts";
import { TEST_ORIGIN, createUser, sessionCookieFor, solveCaptcha, useTestApp } from "../../test/helpers.ts";

const json = { "content-type": "application/json" };

describe("CSRF: cookie-authenticated writes need our Origin", () => {
  const t = useTestApp({ seed: false });

  test("a tRPC mutation with the session cookie and no Origin is refused with 403", async () => {
    const user = await createUser(t.db);
    const cookie = await sessionCookieFor(t.db, user.id);
    const response = await t.app.request("/trpc/auth.logout", {
      method: "POST",
      headers: { ...json, cookie },
      body: "{}",
    });
    expect(response.status).toBe(403);
    const me = await t.app.request("/trpc/auth.me", { headers: { cookie } });
    expect((await me.json()).result.data.id).toBe(user.id);
  });

  test("a foreign Origin is refused, with or without a cookie (no login CSRF)", async () => {
    const user = await createUser(t.db);
    const cookie = await sessionCookieFor(t.db, user.id);
    const withCookie = await t.app.request("/trpc/auth.logout", {
      method: "POST",
      headers: { ...json, cookie, origin: "https://jahat.example" },
      body: "{}",
    });
    expect(withCookie.status).toBe(403);
    const challenge = issueCaptcha(t.env.APP_SECRET, "sum");
    const login = await t.app.request("/trpc/auth.login", {
      method: "POST",
      headers: { ...json, origin: "https://jahat.example" },
      body: JSON.stringify({
        email: user.email,
        password: "x",
        rememberMe: false,
        captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
      }),
    });
    expect(login.status).toBe(403);
  });

  test("REST writes with a cookie need the Origin too; answers are Strapi-shaped", async () => {
    const user = await createUser(t.db, { phone: "081234567890" });
    const cookie = await sessionCookieFor(t.db, user.id);
    const response = await t.app.request(`/api/users/${user.id}`, {
      method: "PUT",
      headers: { ...json, cookie },
      body: JSON.stringify({ fullName: "Baru Sekali" }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      data: null,
      error: { status: 403, name: "ForbiddenError", message: "Forbidden", details: {} },
    });
  });

  test("the same request from our own Origin goes through", async () => {
    const user = await createUser(t.db);
    const cookie = await sessionCookieFor(t.db, user.id);
    const response = await t.app.request("/trpc/auth.logout", {
      method: "POST",
      headers: { ...json, cookie, origin: TEST_ORIGIN },
      body: "{}",
    });
    expect(response.status).toBe(200);
  });

  test("GET needs no Origin", async () => {
    const user = await createUser(t.db);
    const cookie = await sessionCookieFor(t.db, user.id);
    const response = await t.app.request("/trpc/auth.me", { headers: { cookie } });
    expect(response.status).toBe(200);
  });
});

describe("security headers and limits", () => {
  const dev = useTestApp({ seed: false });
  const prod = useTestApp({ seed: false, env: { NODE_ENV: "production" } });

  test("CSP, nosniff, Referrer-Policy on every response, API and tRPC alike; no HSTS outside production", async () => {
    for (const path of ["/healthz", "/trpc/auth.me", "/api/tidak-ada"]) {
      const response = await dev.app.request(path);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  test("HSTS of at least one year in production", async () => {
    const response = await prod.app.request("/healthz");
    const hsts = response.headers.get("strict-transport-security") ?? "";
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
    expect(maxAge).toBeGreaterThanOrEqual(31536000);
  });

  test("a production login cookie is Secure, HttpOnly, SameSite=Lax, Path=/", async () => {
    const user = await createUser(prod.db, { passwordHash: await hashPassword("Rahasia123") });
    const challenge = issueCaptcha(prod.env.APP_SECRET, "sum");
    const response = await prod.app.request("/trpc/auth.login", {
      method: "POST",
      headers: { ...json, origin: TEST_ORIGIN },
      body: JSON.stringify({
        email: user.email,
        password: "Rahasia123",
        rememberMe: false,
        captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
      }),
    });
    expect(response.status).toBe(200);
    const [cookie = "", hint = ""] = response.headers.getSetCookie();
    for (const part of ["HttpOnly", "SameSite=Lax", "Secure", "Path=/"]) expect(cookie).toContain(part);
    expect(hint).toBe("pkk_signed_in=1; Path=/; SameSite=Lax; Secure");
  });

  test("a body over 1 MB is refused with 413", async () => {
    const response = await dev.app.request("/trpc/auth.forgotPassword", {
      method: "POST",
      headers: { ...json, origin: TEST_ORIGIN },
      body: JSON.stringify({ email: "a".repeat(1024 * 1024 + 10) }),
    });
    expect(response.status).toBe(413);
  });
});

describe("rate limits", () => {
  const t = useTestApp({ seed: false });

  async function login(email: string, headers: Record<string, string> = {}) {
    const challenge = issueCaptcha(t.env.APP_SECRET, "sum");
    return t.app.request("/trpc/auth.login", {
      method: "POST",
      headers: { ...json, origin: TEST_ORIGIN, ...headers },
      body: JSON.stringify({
        email,
        password: "Salah123",
        rememberMe: false,
        captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
      }),
    });
  }

  test("the 11th login in a minute from one address gets 429 with Retry-After, whatever the email or X-Forwarded-For", async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await login(`orang${attempt}@contoh.id`, { "x-forwarded-for": `10.0.0.${attempt}` });
      expect(response.status).toBe(400);
    }
    const blocked = await login("lain@contoh.id", { "x-forwarded-for": "10.9.9.9" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await blocked.json()).error.message).toBe("Terlalu banyak percobaan login. Silakan coba lagi nanti");
  });
});

describe("rate limits behind a trusted proxy", () => {
  const t = useTestApp({ seed: false, env: { TRUST_PROXY: "true" } });

  test("with TRUST_PROXY the forwarded address is the one counted", async () => {
    const challenge = () => issueCaptcha(t.env.APP_SECRET, "sum");
    const attempt = (ip: string) => {
      const c = challenge();
      return t.app.request("/trpc/auth.login", {
        method: "POST",
        headers: { ...json, origin: TEST_ORIGIN, "x-forwarded-for": ip },
        body: JSON.stringify({
          email: "x@contoh.id",
          password: "Salah123",
          rememberMe: false,
          captcha: { token: c.token, answer: solveCaptcha(c.question) },
        }),
      });
    };
    for (let i = 0; i < 10; i += 1) expect((await attempt("10.1.1.1")).status).toBe(400);
    expect((await attempt("10.1.1.1")).status).toBe(429);
    expect((await attempt("10.2.2.2")).status).toBe(400);
  });
});

// Issue 14: the client writes the left of X-Forwarded-For; rotating it must not reset any limit.
for (const [hops, appended] of [
  ["1", "203.0.113.9"],
  ["2", "203.0.113.9, 192.0.2.50"],
] as const) {
  describe(`rate limits behind ${hops} trusted prox${hops === "1" ? "y" : "ies"}`, () => {
    const t = useTestApp({ seed: false, env: { TRUST_PROXY: hops } });

    test("rotating spoofed entries on the left does not reset the login limit", async () => {
      const attempt = (spoofed: string) => {
        const c = issueCaptcha(t.env.APP_SECRET, "sum");
        return t.app.request("/trpc/auth.login", {
          method: "POST",
          headers: { ...json, origin: TEST_ORIGIN, "x-forwarded-for": `${spoofed}, ${appended}` },
          body: JSON.stringify({
            email: "x@contoh.id",
            password: "Salah123",
            rememberMe: false,
            captcha: { token: c.token, answer: solveCaptcha(c.question) },
          }),
        });
      };
      for (let i = 0; i < 10; i += 1) expect((await attempt(`10.0.${i}.${i + 1}, 127.0.0.1`)).status).toBe(400);
      expect((await attempt("10.200.0.1, 127.0.0.1")).status).toBe(429);
    });
  });
}

import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { createApp } from "../app.ts";
import { createLogger } from "../log.ts";
import { sessions } from "../db/schema/sessions.ts";
import { createUser, useTestApp } from "../../test/helpers.ts";
import { genericOAuthProvider } from "./oauth.ts";

// A small OAuth 2.0 provider with PKCE, started for this test: it hands out codes for whatever
// identity the test chooses and checks the verifier at the token endpoint like a real one.
const grants = new Map<string, { challenge: string; email: string; verified: boolean }>();
let codeCounter = 0;
const accessTokens = new Map<string, { email: string; verified: boolean }>();
const provider = Bun.serve({
  port: 0,
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "/token" && request.method === "POST") {
      const form = new URLSearchParams(await request.text());
      const grant = grants.get(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      if (!grant || encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier))) !== grant.challenge) {
        return Response.json({ error: "invalid_grant" }, { status: 400 });
      }
      grants.delete(form.get("code") ?? "");
      const token = `at-${accessTokens.size + 1}`;
      accessTokens.set(token, grant);
      return Response.json({ access_token: token, token_type: "Bearer", expires_in: 3600 });
    }
    if (url.pathname === "/userinfo") {
      const person = accessTokens.get((request.headers.get("authorization") ?? "").replace("Bearer ", ""));
      if (!person) return new Response("unauthorized", { status: 401 });
      return Response.json({ sub: person.email, email: person.email, email_verified: person.verified });
    }
    return new Response("not found", { status: 404 });
  },
});
afterAll(() => provider.stop(true));

describe("Google-style sign-in (arctic generic OAuth2 client against a provider started here)", () => {
  const t = useTestApp({ seed: false });
  const app = () =>
    createApp({
      db: t.db,
      env: t.env,
      log: createLogger("error"),
      cityName: "Kota Bekasi",
      ping: t.handle.ping,
      googleOAuth: genericOAuthProvider({
        clientId: "portal",
        clientSecret: "rahasia",
        redirectUri: "http://localhost:3000/auth/google/callback",
        authorizationEndpoint: `http://localhost:${provider.port}/authorize`,
        tokenEndpoint: `http://localhost:${provider.port}/token`,
        userinfoEndpoint: `http://localhost:${provider.port}/userinfo`,
      }),
    });

  /** Starts the flow, lets the "provider" approve `email`, and returns the callback response. */
  async function signIn(email: string, options: { verified?: boolean; tamperState?: boolean } = {}) {
    const portal = app();
    const start = await portal.request("/auth/google");
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location") ?? "");
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    const state = authorize.searchParams.get("state") ?? "";
    const cookies = start.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    codeCounter += 1;
    const code = `code-${codeCounter}`;
    grants.set(code, {
      challenge: authorize.searchParams.get("code_challenge") ?? "",
      email,
      verified: options.verified ?? true,
    });
    const callbackState = options.tamperState ? `${state}x` : state;
    return portal.request(`/auth/google/callback?code=${code}&state=${callbackState}`, {
      headers: { cookie: cookies },
    });
  }

  test("an active account with the same verified email is signed in and sent to the dashboard", async () => {
    const user = await createUser(t.db, { email: "google@contoh.id" });
    const response = await signIn("Google@contoh.id");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/kader-pkk/dashboard");
    const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("pkk_session="));
    expect(session).toContain("HttpOnly");
    expect(response.headers.getSetCookie()).toContain("pkk_signed_in=1; Path=/; SameSite=Lax");
    const me = await t.app.request("/trpc/auth.me", { headers: { cookie: session?.split(";")[0] ?? "" } });
    expect((await me.json()).result.data.id).toBe(user.id);
  });

  test("an official and an admin are sent to their own home, not to the cadre dashboard they may not open", async () => {
    await createUser(t.db, { email: "aparat.google@contoh.id", role: "aparat" });
    await createUser(t.db, { email: "admin.google@contoh.id", role: "admin" });
    const official = await signIn("aparat.google@contoh.id");
    expect(official.status).toBe(302);
    expect(official.headers.get("location")).toBe("/aparat");
    const admin = await signIn("admin.google@contoh.id");
    expect(admin.headers.get("location")).toBe("/admin");
  });

  test("an unknown email never creates an account", async () => {
    const response = await signIn("orangbaru@contoh.id");
    expect(response.headers.get("location")).toBe("/kader-pkk/login?oauth=gagal");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("pkk_session="))).toBe(false);
  });

  test("an unverified email, a pending account or a wrong state gets no session", async () => {
    await createUser(t.db, { email: "belum@contoh.id" });
    await createUser(t.db, { email: "menunggu@contoh.id", status: "pending" });
    await createUser(t.db, { email: "state@contoh.id" });
    for (const response of [
      await signIn("belum@contoh.id", { verified: false }),
      await signIn("menunggu@contoh.id"),
      await signIn("state@contoh.id", { tamperState: true }),
    ]) {
      expect(response.headers.get("location")).toBe("/kader-pkk/login?oauth=gagal");
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("pkk_session="))).toBe(false);
    }
  });

  test("without Google credentials the route does not exist", async () => {
    const response = await t.app.request("/auth/google");
    expect(response.status).toBe(404);
  });

  // Issue 14: every way the callback can be wrong ends on the login page with no session.
  describe("every failure path of the callback ends with no session", () => {
    /** Starts the flow and lets the provider approve `email`; the parts can then be spoiled one by one. */
    async function started(email: string) {
      const portal = app();
      const start = await portal.request("/auth/google");
      const authorize = new URL(start.headers.get("location") ?? "");
      const cookies = new Map(
        start.headers.getSetCookie().map((cookie) => {
          const [pair = ""] = cookie.split(";");
          const [name = "", value = ""] = pair.split("=");
          return [name, value] as const;
        }),
      );
      codeCounter += 1;
      const code = `code-${codeCounter}`;
      grants.set(code, { challenge: authorize.searchParams.get("code_challenge") ?? "", email, verified: true });
      return { portal, state: authorize.searchParams.get("state") ?? "", code, cookies };
    }

    async function expectRefused(response: Response) {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/kader-pkk/login?oauth=gagal");
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("pkk_session="))).toBe(false);
    }

    const cookieHeader = (cookies: Map<string, string>, skip: string[] = [], replace: Record<string, string> = {}) =>
      [...cookies]
        .filter(([name]) => !skip.includes(name))
        .map(([name, value]) => `${name}=${replace[name] ?? value}`)
        .join("; ");

    test("wrong state, missing state, missing code, missing or altered cookies", async () => {
      const user = await createUser(t.db, { email: "gagal@contoh.id" });
      const cases: Array<(flow: Awaited<ReturnType<typeof started>>) => Response | Promise<Response>> = [
        // A state that is not the one we issued.
        (f) =>
          f.portal.request(`/auth/google/callback?code=${f.code}&state=${f.state}x`, {
            headers: { cookie: cookieHeader(f.cookies) },
          }),
        // No state in the query.
        (f) =>
          f.portal.request(`/auth/google/callback?code=${f.code}`, { headers: { cookie: cookieHeader(f.cookies) } }),
        // No code in the query.
        (f) =>
          f.portal.request(`/auth/google/callback?state=${f.state}`, { headers: { cookie: cookieHeader(f.cookies) } }),
        // The state cookie is missing (another browser, or it expired).
        (f) =>
          f.portal.request(`/auth/google/callback?code=${f.code}&state=${f.state}`, {
            headers: { cookie: cookieHeader(f.cookies, ["pkk_oauth_state"]) },
          }),
        // The PKCE verifier cookie is missing.
        (f) =>
          f.portal.request(`/auth/google/callback?code=${f.code}&state=${f.state}`, {
            headers: { cookie: cookieHeader(f.cookies, ["pkk_oauth_verifier"]) },
          }),
        // No cookie at all: a link someone else started, replayed in this browser.
        (f) => f.portal.request(`/auth/google/callback?code=${f.code}&state=${f.state}`),
        // A verifier that does not match the challenge: the provider refuses the code exchange.
        (f) =>
          f.portal.request(`/auth/google/callback?code=${f.code}&state=${f.state}`, {
            headers: { cookie: cookieHeader(f.cookies, [], { pkk_oauth_verifier: "bukan-verifier-yang-benar" }) },
          }),
      ];
      for (const spoil of cases) await expectRefused(await spoil(await started("gagal@contoh.id")));
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    });

    test("a callback used twice gets no second session", async () => {
      await createUser(t.db, { email: "dua-kali@contoh.id" });
      const flow = await started("dua-kali@contoh.id");
      const url = `/auth/google/callback?code=${flow.code}&state=${flow.state}`;
      const first = await flow.portal.request(url, { headers: { cookie: cookieHeader(flow.cookies) } });
      expect(first.headers.get("location")).toBe("/kader-pkk/dashboard");
      await expectRefused(await flow.portal.request(url, { headers: { cookie: cookieHeader(flow.cookies) } }));
    });
  });
});

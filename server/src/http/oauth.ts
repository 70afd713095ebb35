// "Masuk dengan Google" through arctic: authorization code flow with state and PKCE. It signs in an
// existing active account with the same verified email and never creates one.
import { CodeChallengeMethod, decodeIdToken, generateCodeVerifier, generateState, Google, OAuth2Client } from "arctic";
import { Hono } from "hono";
import { homeOf } from "@shared/paths.ts";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../app-env.ts";
import type { Env } from "../env.ts";
import * as auth from "../services/accounts/sign-in.ts";
import { readSessionCookie, sessionCookieHeaders } from "./session-cookie.ts";
import { sessionIdFromToken } from "../services/accounts/sessions.ts";

export interface OAuthProvider {
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Exchanges the code (with the PKCE verifier) and returns the person's verified email, or null. */
  verifiedEmail(code: string, codeVerifier: string): Promise<string | null>;
}

const scopes = ["openid", "email", "profile"];

export function googleRedirectUri(env: Pick<Env, "APP_ORIGIN">): string {
  return `${new URL(env.APP_ORIGIN).origin}/auth/google/callback`;
}

export function googleProvider(env: Env): OAuthProvider | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  const google = new Google(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, googleRedirectUri(env));
  return {
    authorizationUrl: (state, verifier) => google.createAuthorizationURL(state, verifier, scopes),
    verifiedEmail: async (code, verifier) => {
      const tokens = await google.validateAuthorizationCode(code, verifier);
      return emailFromClaims(decodeIdToken(tokens.idToken()));
    },
  };
}

function emailFromClaims(claims: object): string | null {
  const email = "email" in claims && typeof claims.email === "string" ? claims.email : null;
  const verified = "email_verified" in claims && claims.email_verified === true;
  return email && verified ? email : null;
}

/** Any standard OAuth 2.0 provider with a userinfo endpoint (arctic's generic client). */
export function genericOAuthProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
}): OAuthProvider {
  const client = new OAuth2Client(options.clientId, options.clientSecret, options.redirectUri);
  return {
    authorizationUrl: (state, verifier) =>
      client.createAuthorizationURLWithPKCE(
        options.authorizationEndpoint,
        state,
        CodeChallengeMethod.S256,
        verifier,
        scopes,
      ),
    verifiedEmail: async (code, verifier) => {
      const tokens = await client.validateAuthorizationCode(options.tokenEndpoint, code, verifier);
      const response = await fetch(options.userinfoEndpoint, {
        headers: { authorization: `Bearer ${tokens.accessToken()}` },
      });
      if (!response.ok) return null;
      const claims: unknown = await response.json();
      return typeof claims === "object" && claims !== null ? emailFromClaims(claims) : null;
    },
  };
}

const STATE_COOKIE = "pkk_oauth_state";
const VERIFIER_COOKIE = "pkk_oauth_verifier";
const failed = "/kader-pkk/login?oauth=gagal";

export function oauthRoutes(provider: OAuthProvider | null): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/google", (c) => {
    if (!provider) return c.notFound();
    const state = generateState();
    const verifier = generateCodeVerifier();
    const secure = c.var.deps.env.NODE_ENV === "production";
    const options = { path: "/auth/google", httpOnly: true, sameSite: "Lax", secure, maxAge: 600 } as const;
    setCookie(c, STATE_COOKIE, state, options);
    setCookie(c, VERIFIER_COOKIE, verifier, options);
    return c.redirect(provider.authorizationUrl(state, verifier).toString(), 302);
  });

  app.get("/google/callback", async (c) => {
    if (!provider) return c.notFound();
    const { db, env, log } = c.var.deps;
    const state = c.req.query("state");
    const code = c.req.query("code");
    const expectedState = getCookie(c, STATE_COOKIE);
    const verifier = getCookie(c, VERIFIER_COOKIE);
    deleteCookie(c, STATE_COOKIE, { path: "/auth/google" });
    deleteCookie(c, VERIFIER_COOKIE, { path: "/auth/google" });
    if (!state || !code || !expectedState || !verifier || state !== expectedState) return c.redirect(failed, 302);
    let email: string | null;
    try {
      email = await provider.verifiedEmail(code, verifier);
    } catch (error) {
      log.warn("oauth code exchange failed", { error: error instanceof Error ? error.name : "unknown" });
      return c.redirect(failed, 302);
    }
    if (!email) return c.redirect(failed, 302);
    const user = await auth.findUserByEmail(db, email);
    if (user?.status !== "active") return c.redirect(failed, 302);
    const previous = readSessionCookie(c);
    const { token, cookieExpiresAt } = await auth.startSession(
      db,
      user.id,
      false,
      previous ? sessionIdFromToken(previous) : null,
    );
    for (const cookie of sessionCookieHeaders(token, cookieExpiresAt, env.NODE_ENV === "production")) {
      c.header("Set-Cookie", cookie, { append: true });
    }
    return c.redirect(homeOf(user), 302);
  });
  return app;
}

import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { clientIp } from "./client-ip.ts";
import {
  answerSetsSignedInHint,
  clearSignedInHintHeader,
  hasSignedInHint,
  readSessionCookie,
  sessionCookieHeaders,
} from "./session-cookie.ts";
import { sessionIdFromToken, sessionLimitsFromDays, validateSessionToken } from "../services/accounts/sessions.ts";

/** Resolves the session cookie into `c.var.actor` for every request; an invalid cookie is ignored (its hint dropped). */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, env } = c.var.deps;
  const ip = clientIp(c, env.trustProxy);
  const token = readSessionCookie(c);
  const secure = env.NODE_ENV === "production";
  // A "remember me" session renewed by this request: its cookies carry the old Expires.
  let renewedCookies: string[] = [];
  if (token) {
    const limits = sessionLimitsFromDays(env.SESSION_MAX_DAYS, env.SESSION_MAX_DAYS_REMEMBER);
    const { session, user, renewed } = await validateSessionToken(db, token, limits);
    c.set("actor", { user, ip });
    c.set("sessionId", session ? sessionIdFromToken(token) : null);
    if (session?.persistent && renewed) renewedCookies = sessionCookieHeaders(token, session.expiresAt, secure);
  } else {
    c.set("actor", { user: null, ip });
    c.set("sessionId", null);
  }
  await next();
  // Sent again with the new expiry (the Lucia guide's way), with the same flags as at login, unless
  // the answer sets or clears them itself (a login rotates the session, a logout ends it).
  if (renewedCookies.length > 0 && !answerSetsSignedInHint(c)) {
    for (const cookie of renewedCookies) c.header("Set-Cookie", cookie, { append: true });
  }
  // A browser whose session ended (expired, revoked, its user blocked) still holds the signed-in
  // hint: dropped here, so its next page load does not wait for a session that is not there.
  if (!c.get("sessionId") && hasSignedInHint(c) && !answerSetsSignedInHint(c)) {
    c.header("Set-Cookie", clearSignedInHintHeader(secure), { append: true });
  }
};

import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { clientIp } from "./client-ip.ts";
import {
  answerSetsSignedInHint,
  clearSignedInHintHeader,
  hasSignedInHint,
  readSessionCookie,
} from "./session-cookie.ts";
import { sessionIdFromToken, sessionLimitsFromDays, validateSessionToken } from "../services/accounts/sessions.ts";

/** Resolves the session cookie into `c.var.actor` for every request; an invalid cookie is ignored (its hint dropped). */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, env } = c.var.deps;
  const ip = clientIp(c, env.trustProxy);
  const token = readSessionCookie(c);
  if (token) {
    const limits = sessionLimitsFromDays(env.SESSION_MAX_DAYS, env.SESSION_MAX_DAYS_REMEMBER);
    const { session, user } = await validateSessionToken(db, token, limits);
    c.set("actor", { user, ip });
    c.set("sessionId", session ? sessionIdFromToken(token) : null);
  } else {
    c.set("actor", { user: null, ip });
    c.set("sessionId", null);
  }
  await next();
  // A browser whose session ended (expired, revoked, its user blocked) still holds the signed-in
  // hint: dropped here, so its next page load does not wait for a session that is not there.
  if (!c.get("sessionId") && hasSignedInHint(c) && !answerSetsSignedInHint(c)) {
    c.header("Set-Cookie", clearSignedInHintHeader(env.NODE_ENV === "production"), { append: true });
  }
};

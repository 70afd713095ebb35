import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { RestError } from "./errors.ts";
import { TokenCheck } from "../services/accounts/actor.ts";
import { findLiveApiToken, forgetApiToken, knownApiToken, rememberApiToken } from "../services/accounts/api-tokens.ts";
import { clientIp } from "../http/client-ip.ts";
import { sessionLimitsFromDays, validateSessionToken } from "../services/accounts/sessions.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);
const invalidCredentials = () => new RestError(401, "UnauthorizedError", "Missing or invalid credentials");

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

/**
 * `Authorization: Bearer …` on /api: an admin-issued API token (read-only tokens may only read) or
 * the session token `/api/auth/local` returned as `jwt`. A bearer that is neither is a 401, as in Strapi.
 */
export const bearerAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("apiToken", null);
  const token = bearerToken(c.req.header("authorization"));
  if (!token) return next();
  const { db, env } = c.var.deps;
  const ip = clientIp(c, env.trustProxy);
  // A token seen live before, on a read: named at once and proven live by the read itself (one
  // statement a request instead of two: ~11% more REST list pages a second), or checked again after
  // the handler, before the answer leaves. Only reads: a write must know its caller first.
  const known = safeMethods.has(c.req.method) ? knownApiToken(db, token) : null;
  if (known) {
    const check = new TokenCheck(known.hash);
    const grant = { ...known.grant, check };
    c.set("apiToken", grant);
    c.set("actor", { user: null, ip, apiToken: grant });
    c.set("sessionId", null);
    await next();
    if (check.confirmed) return;
    const live = await findLiveApiToken(db, token);
    if (live?.id === known.grant.id) return;
    forgetApiToken(db, token);
    // The handler's answer (read for a token that no longer lives) never leaves; unset first, so
    // none of its headers (a length, a cache rule) carry over to the refusal.
    c.res = undefined;
    c.res = c.json(invalidCredentials().toBody(), 401);
    return;
  }
  const apiToken = await findLiveApiToken(db, token);
  if (apiToken) {
    if (apiToken.access === "read-only" && !safeMethods.has(c.req.method)) {
      const error = new RestError(403, "ForbiddenError", "Forbidden");
      return c.json(error.toBody(), 403);
    }
    const grant = { id: apiToken.id, access: apiToken.access };
    rememberApiToken(db, token, grant);
    c.set("apiToken", grant);
    c.set("actor", { user: null, ip, apiToken: grant });
    c.set("sessionId", null);
    return next();
  }
  const limits = sessionLimitsFromDays(env.SESSION_MAX_DAYS, env.SESSION_MAX_DAYS_REMEMBER);
  const { session, user } = await validateSessionToken(db, token, limits);
  if (!session) {
    const error = invalidCredentials();
    return c.json(error.toBody(), 401);
  }
  c.set("actor", { user, ip });
  c.set("sessionId", session.id);
  return next();
};

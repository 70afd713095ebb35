import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { readSessionCookie } from "./session-cookie.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard (DESIGN §6). hono/csrf only looks at form content types, and
 * our calls are JSON, so the Origin header is checked here for every state-changing request:
 * - a request carrying the session cookie must come from APP_ORIGIN;
 * - any request that names a foreign Origin is refused too (that also stops login CSRF);
 * - a bearer-token REST call without a cookie is not a browser acting for a user, so it passes;
 * - a cookie-less /api call from a CORS_ORIGINS page passes (it signs in for a bearer jwt).
 */
export const csrfGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (safeMethods.has(c.req.method)) return next();
  const hasSessionCookie = readSessionCookie(c) !== undefined;
  if (!hasSessionCookie && /^Bearer\s/i.test(c.req.header("authorization") ?? "")) return next();
  const expected = new URL(c.var.deps.env.APP_ORIGIN).origin;
  const origin = c.req.header("origin");
  // A page on a CORS-allowed origin may sign in through /api (no cookie involved: it gets a jwt).
  if (!hasSessionCookie && origin !== undefined && c.req.path.startsWith("/api/")) {
    if (c.var.deps.env.corsOrigins.includes(origin)) return next();
  }
  const refused = origin !== undefined ? origin !== expected : hasSessionCookie;
  if (refused) {
    if (c.req.path.startsWith("/api/")) {
      return c.json(
        { data: null, error: { status: 403, name: "ForbiddenError", message: "Forbidden", details: {} } },
        403,
      );
    }
    return c.json({ error: { message: "Permintaan ditolak: asal permintaan tidak dikenal", code: "FORBIDDEN" } }, 403);
  }
  return next();
};

import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { AppEnv } from "../app-env.ts";
import type { Env } from "../env.ts";

/**
 * CORS for /api: browser pages on an allowed origin (CORS_ORIGINS) may call the REST API with a
 * bearer token. No Access-Control-Allow-Credentials: bearer calls never need the session cookie,
 * and a page on another origin must never ride on a signed-in user's cookie.
 *
 * Hono's cors writes its headers on the response before the route has answered, and Hono then
 * copies the route's answer into a new Response to keep them: about a tenth of a REST list
 * request's CPU. A request from no allowed origin (a server, curl, this portal's own pages) gets no
 * CORS header that means anything, so it skips cors and keeps only `Vary: Origin` (appended to the
 * answer's own headers: c.header() on an answered request copies the Response too); preflights and
 * allowed origins go through it as before.
 */
export function apiCors(env: Pick<Env, "corsOrigins">): MiddlewareHandler<AppEnv> {
  const allowed = new Set(env.corsOrigins);
  const withCorsHeaders = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ["GET", "HEAD", "POST", "PUT", "DELETE"],
    allowHeaders: ["Authorization", "Content-Type", "Accept", "Idempotency-Key"],
    exposeHeaders: ["Retry-After"],
    maxAge: 600,
    credentials: false,
  });
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (c.req.method === "OPTIONS" || (origin !== undefined && allowed.has(origin))) return withCorsHeaders(c, next);
    await next();
    c.res.headers.append("Vary", "Origin");
  };
}

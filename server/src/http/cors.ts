import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { AppEnv } from "../app-env.ts";
import type { Env } from "../env.ts";

/**
 * CORS for /api: browser pages on an allowed origin (CORS_ORIGINS) may call the REST API with a
 * bearer token. No Access-Control-Allow-Credentials: bearer calls never need the session cookie,
 * and a page on another origin must never ride on a signed-in user's cookie.
 */
export function apiCors(env: Pick<Env, "corsOrigins">): MiddlewareHandler<AppEnv> {
  const allowed = new Set(env.corsOrigins);
  return cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ["GET", "HEAD", "POST", "PUT", "DELETE"],
    allowHeaders: ["Authorization", "Content-Type", "Accept"],
    exposeHeaders: ["Retry-After"],
    maxAge: 600,
    credentials: false,
  });
}

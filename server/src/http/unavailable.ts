// 503 'Layanan sedang tidak tersedia…' with Retry-After, shaped for the door the request came in by:
// Strapi's error envelope under /api, a tRPC error (one per batched call) under /trpc, plain JSON
// elsewhere. Used when the database fails before a transport's own error mapping runs (session
// lookup in middleware) or when a request outlives its deadline (a frozen database).
import type { Context, MiddlewareHandler } from "hono";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { AppEnv } from "../app-env.ts";
import { DatabaseDeadlineError, retryAfterSeconds, unavailableMessage } from "../db/unavailable.ts";

export function unavailableResponse(c: Context<AppEnv>): Response {
  const headers = { "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" };
  const path = c.req.path;
  if (path.startsWith("/api/")) {
    const body = {
      data: null,
      error: { status: 503, name: "ServiceUnavailableError", message: unavailableMessage, details: {} },
    };
    return c.json(body, 503, headers);
  }
  if (path.startsWith("/trpc/")) {
    const procedures = path.slice("/trpc/".length).split(",");
    const error = (procedure: string) => ({
      error: {
        message: unavailableMessage,
        code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE,
        data: { code: "SERVICE_UNAVAILABLE", httpStatus: 503, path: procedure, retryAfterSeconds },
      },
    });
    const batched = c.req.query("batch") !== undefined;
    return c.json(batched ? procedures.map(error) : error(procedures[0] ?? ""), 503, headers);
  }
  return c.json({ message: unavailableMessage }, 503, headers);
}

/**
 * Gives every request at most `ms` milliseconds. A stopped database fails fast (connect timeout);
 * a frozen one answers nothing, and without this the request would hang as long as the freeze.
 */
export function requestDeadline(ms: number): MiddlewareHandler<AppEnv> {
  return async (_c, next) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DatabaseDeadlineError()), ms);
    });
    try {
      await Promise.race([next(), deadline]);
    } finally {
      clearTimeout(timer);
    }
  };
}

// 503 'Layanan sedang tidak tersedia…' with Retry-After, shaped for the door the request came in by:
// Strapi's error envelope under /api, a tRPC error (one per batched call) under /trpc, plain JSON
// elsewhere. Used when the database fails before a transport's own error mapping runs (session
// lookup in middleware) or when a request outlives its deadline (a frozen database).
import type { Context, MiddlewareHandler } from "hono";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { AppEnv } from "../app-env.ts";
import { trackRequestWork, type RequestWork } from "../db/request-deadline.ts";
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
 * The request given up rolls back what it has not committed (db/request-deadline.ts); one whose
 * COMMIT is already on its way gets up to `ms` more, so a write that lands is not answered 503.
 */
export function requestDeadline(ms: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const work: RequestWork = { abandoned: false, committing: 0 };
    const finished = trackRequestWork(work, next).then(() => "finished" as const);
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const deadline = () =>
      new Promise<"late">((resolve) => {
        timers.push(setTimeout(() => resolve("late"), ms));
      });
    try {
      if ((await Promise.race([finished, deadline()])) === "finished") return;
      if (work.committing > 0 && (await Promise.race([finished, deadline()])) === "finished") return;
      // Still committing after twice the deadline: the write may yet land (the docs tell REST clients
      // to send Idempotency-Key, which makes the retry safe); the log says which answers those were.
      if (work.committing > 0)
        c.get("deps").log.warn("request answered 503 while its commit was under way", { path: c.req.path });
      work.abandoned = true;
      throw new DatabaseDeadlineError();
    } finally {
      for (const timer of timers) clearTimeout(timer);
    }
  };
}

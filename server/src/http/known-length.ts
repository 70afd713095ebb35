import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";

/**
 * Gives a tRPC answer its Content-Length. The adapter answers without one, so compress() gzipped
 * every answer however small (its 1 KB threshold reads that header): a 600-byte status search answer
 * cost ~65 us of CPU in a CompressionStream and went out as a chunked stream. tRPC answers are JSON
 * made whole in memory (the client's batch link does not stream), so measuring one costs a copy;
 * answers of 1 KB and more are still gzipped.
 */
export const knownLength: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.res.body || c.res.headers.has("Content-Length")) return;
  if (!c.res.headers.get("Content-Type")?.startsWith("application/json")) return;
  const bytes = await c.res.arrayBuffer();
  const headers = new Headers(c.res.headers);
  headers.set("Content-Length", String(bytes.byteLength));
  c.res = new Response(bytes, { status: c.res.status, statusText: c.res.statusText, headers });
};

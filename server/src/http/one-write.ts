import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";

/**
 * From this size a JSON answer leaves as a one-chunk stream. Bun gathers an answer in its 16 KB
 * cork buffer (uWS) and sends it whole from there; headers (~1 KB here) and body must fit in it.
 */
export const ONE_WRITE_FROM_BYTES = 12 * 1024;

/** The streams oneWriteBody made: their answers are left as they are. */
const made = new WeakSet<ReadableStream<Uint8Array>>();

/**
 * A body that leaves with its headers in one write: large bytes as a one-chunk stream, small ones
 * as they are. For answers made as bytes already (a kept REST page), which would otherwise be
 * copied into a Response and read back out of it here.
 */
export function oneWriteBody(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> {
  if (bytes.byteLength < ONE_WRITE_FROM_BYTES) return bytes;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  made.add(stream);
  return stream;
}

/**
 * Sends a large JSON answer with its headers in one write. Bun 1.4.5 writes an answer that is
 * ready only after an await (every answer that read the database) without its cork when the body
 * does not fit the cork buffer: one send() for each header name, ": ", value and line end, 60-75
 * TCP segments before the body (oven-sh/bun#41341, open). On loopback a 67 KB body cost 4 times the
 * server's CPU of the same bytes given as a stream, whose headers Bun sends corked with the first
 * chunk. The answer goes out chunked, without Content-Length. Only JSON without a Content-Encoding
 * is touched: the app makes those whole in memory, so reading one here costs a copy and never
 * waits on a producer (compress() answers with a stream; a kept page's gzip is ~10 KB).
 */
export const oneWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const answer = c.res;
  if (!answer.body || made.has(answer.body) || answer.headers.has("Content-Encoding")) return;
  if (!answer.headers.get("Content-Type")?.startsWith("application/json")) return;
  const known = answer.headers.get("Content-Length");
  if (known !== null && Number(known) < ONE_WRITE_FROM_BYTES) return;
  const bytes = new Uint8Array(await answer.arrayBuffer());
  const headers = new Headers(answer.headers);
  headers.delete("Content-Length");
  const body = oneWriteBody(bytes);
  // Replaced, not assigned through c.res: Hono's setter would copy the headers once more.
  c.res = undefined;
  c.res = new Response(body, { status: answer.status, statusText: answer.statusText, headers });
};

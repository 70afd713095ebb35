import type { Context } from "hono";
import { getConnInfo } from "hono/bun";

/**
 * The caller's address. X-Forwarded-For is believed only behind a configured trusted proxy;
 * otherwise anyone could reset their own rate-limit counters by sending the header.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.fetch called directly (tests) has no socket.
    return "unknown";
  }
}

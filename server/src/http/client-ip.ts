import type { Context } from "hono";
import { getConnInfo } from "hono/bun";
import { resolveClientAddress, type TrustProxy } from "../trust-proxy.ts";

/**
 * The caller's address. X-Forwarded-For is read only as far as TRUST_PROXY allows (from the
 * right); otherwise anyone could reset their own rate-limit counters by writing the header.
 */
export function clientIp(c: Context, trust: TrustProxy): string {
  let peer = "unknown";
  try {
    peer = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.fetch called directly (tests) has no socket.
  }
  return resolveClientAddress(peer, c.req.header("x-forwarded-for"), trust);
}

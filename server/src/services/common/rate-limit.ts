import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/support.ts";
import { rateLimitAddress } from "../../trust-proxy.ts";
import { DomainError } from "./errors.ts";

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
  message: string;
}

/**
 * The counter key of `scope` for a caller's address: IPv6 counts per /64, so rotating through the
 * addresses of one subscriber's prefix does not reset a limit.
 */
export function addressKey(scope: string, ip: string): string {
  return `${scope}:ip:${rateLimitAddress(ip)}`;
}

/**
 * Counts one attempt against `key` in a fixed window stored in the database (shared by every
 * instance) and throws TOO_MANY_REQUESTS with the seconds to wait once the limit is passed.
 */
export async function consumeRateLimit(db: DbOrTx, key: string, rule: RateLimitRule): Promise<void> {
  const windowEnd = sql`now() + make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= now() then ${windowEnd} else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.windowEndsAt} - now())))::int`,
    });
  if (row && row.count > rule.limit) {
    throw new DomainError("TOO_MANY_REQUESTS", rule.message, { retryAfterSeconds: row.retryAfter });
  }
}

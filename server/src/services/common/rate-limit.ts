import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { resultRows } from "../../db/raw-rows.ts";
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
 * The statement that counts one attempt against `key` in a fixed window stored in the database
 * (shared by every instance), answering `count` and `retry_after` (seconds). A caller that counts
 * inside a larger statement (the public status search) runs it as a CTE; others use consumeRateLimit.
 */
export function countAttemptStatement(key: string | Placeholder, rule: RateLimitRule): SQL {
  const windowEnd = sql`now() + make_interval(secs => ${rule.windowSeconds})`;
  return sql`insert into ${rateLimits} (key, count, window_ends_at) values (${key}, 1, ${windowEnd})
    on conflict (key) do update set
      count = case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.count} + 1 end,
      window_ends_at = case when ${rateLimits.windowEndsAt} <= now() then ${windowEnd} else ${rateLimits.windowEndsAt} end
    returning count, greatest(1, ceil(extract(epoch from window_ends_at - now())))::int as retry_after`;
}

/** TOO_MANY_REQUESTS with the seconds to wait, once a counted attempt has passed the limit. */
export function assertWithinLimit(counted: Record<string, unknown> | undefined, rule: RateLimitRule): void {
  if (counted && Number(counted.count) > rule.limit) {
    throw new DomainError("TOO_MANY_REQUESTS", rule.message, { retryAfterSeconds: Number(counted.retry_after) });
  }
}

/** Counts one attempt against `key` and refuses it once the rule's limit is passed. */
export async function consumeRateLimit(db: DbOrTx, key: string, rule: RateLimitRule): Promise<void> {
  const [counted] = resultRows(await db.execute(countAttemptStatement(key, rule)));
  assertWithinLimit(counted, rule);
}

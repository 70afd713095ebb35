import { and, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
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

/** A place taken under a limit before the outcome is known; `release` gives it back. */
export interface RateLimitSlot {
  release(): Promise<void>;
}

/**
 * Takes one place under `rule` for `key` before the attempt is judged, or refuses (429 with the
 * seconds left) when the window's places are all taken. The caller gives the place back
 * (`release`) when the attempt turns out not to count, so the counter ends up holding only the
 * attempts that count, and attempts in flight hold a place meanwhile.
 *
 * Why a reservation and not "read the count, judge, then count": reading and counting apart lets
 * every concurrent attempt read the same count below the limit before any of them is counted, so
 * a burst is judged far past the limit. Here taking the place is one statement that increments
 * only below the limit (ON CONFLICT DO UPDATE … WHERE locks the row and tests the newest count),
 * so at most `limit` places are ever held in a window, on PostgreSQL across instances and on
 * PGlite alike, and no lock or transaction is held while the attempt is judged (a lock held over
 * an argon2 check would tie up a pooled connection per waiting attempt, and PGlite's only one).
 */
export async function reserveRateLimitSlot(db: DbOrTx, key: string, rule: RateLimitRule): Promise<RateLimitSlot> {
  const windowEnd = sql`now() + make_interval(secs => ${rule.windowSeconds})`;
  // The window is named by its end in microseconds, so a release never gives a place back to a
  // newer window that replaced it meanwhile.
  const [taken] = resultRows(
    await db.execute(sql`insert into ${rateLimits} (key, count, window_ends_at) values (${key}, 1, ${windowEnd})
      on conflict (key) do update set
        count = case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.count} + 1 end,
        window_ends_at = case when ${rateLimits.windowEndsAt} <= now() then ${windowEnd} else ${rateLimits.windowEndsAt} end
        where ${rateLimits.windowEndsAt} <= now() or ${rateLimits.count} < ${rule.limit}
      returning (extract(epoch from window_ends_at) * 1000000)::bigint::text as window_id`),
  );
  if (!taken) {
    const [full] = await db
      .select({
        retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.windowEndsAt} - now())))::int`,
      })
      .from(rateLimits)
      .where(eq(rateLimits.key, key));
    throw new DomainError("TOO_MANY_REQUESTS", rule.message, { retryAfterSeconds: Number(full?.retryAfter ?? 1) });
  }
  const windowId = String(taken.window_id);
  return {
    async release() {
      await db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(
          and(
            eq(rateLimits.key, key),
            sql`(extract(epoch from ${rateLimits.windowEndsAt}) * 1000000)::bigint = ${windowId}::bigint`,
            sql`${rateLimits.count} > 0`,
          ),
        );
    },
  };
}

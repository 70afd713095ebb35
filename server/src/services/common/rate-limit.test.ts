import { describe, expect, test } from "bun:test";
import { useTestApp } from "../../../test/helpers.ts";
import { DomainError } from "./errors.ts";
import { consumeRateLimit, reserveRateLimitSlot } from "./rate-limit.ts";

describe("database-backed rate limit", () => {
  const t = useTestApp({ seed: false });
  const rule = { limit: 3, windowSeconds: 60, message: "Terlalu banyak percobaan" };

  test("allows the limit, then refuses with the seconds to wait", async () => {
    for (let i = 0; i < 3; i += 1) await consumeRateLimit(t.db, "login:ip:1.2.3.4", rule);
    const error = await consumeRateLimit(t.db, "login:ip:1.2.3.4", rule).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    if (!(error instanceof DomainError)) return;
    expect(error.code).toBe("TOO_MANY_REQUESTS");
    expect(error.message).toBe("Terlalu banyak percobaan");
    expect(error.options.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.options.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  test("keys are counted apart and a finished window starts again", async () => {
    await consumeRateLimit(t.db, "login:ip:5.6.7.8", rule);
    const short = { ...rule, limit: 1, windowSeconds: 1 };
    await consumeRateLimit(t.db, "short", short);
    await expect(consumeRateLimit(t.db, "short", short)).rejects.toThrow();
    await Bun.sleep(1100);
    await consumeRateLimit(t.db, "short", short);
  });

  // On PostgreSQL the fifty statements run on up to ten connections at once; on PGlite one after
  // another. Either way each one increments only below the limit, in one statement.
  test("places reserved at the same moment never pass the limit; a released place can be taken again", async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => reserveRateLimitSlot(t.db, "reserve:burst", rule)),
    );
    const held = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    expect(held).toHaveLength(3);
    for (const outcome of outcomes) {
      if (outcome.status === "fulfilled") continue;
      expect(outcome.reason).toBeInstanceOf(DomainError);
      expect(outcome.reason.code).toBe("TOO_MANY_REQUESTS");
      expect(outcome.reason.message).toBe("Terlalu banyak percobaan");
      expect(outcome.reason.options.retryAfterSeconds).toBeGreaterThan(0);
    }
    await held[0]?.release();
    await reserveRateLimitSlot(t.db, "reserve:burst", rule);
    await expect(reserveRateLimitSlot(t.db, "reserve:burst", rule)).rejects.toThrow("Terlalu banyak percobaan");
  });

  test("a release after its window ended gives nothing back to the window that replaced it", async () => {
    const short = { ...rule, limit: 1, windowSeconds: 1 };
    const old = await reserveRateLimitSlot(t.db, "reserve:short", short);
    await Bun.sleep(1100);
    await reserveRateLimitSlot(t.db, "reserve:short", short);
    await old.release();
    await expect(reserveRateLimitSlot(t.db, "reserve:short", short)).rejects.toThrow("Terlalu banyak percobaan");
  });
});

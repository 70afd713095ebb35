import { describe, expect, test } from "bun:test";
import { useTestApp } from "../../../test/helpers.ts";
import { DomainError } from "./errors.ts";
import { consumeRateLimit } from "./rate-limit.ts";

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
});

import { afterEach, describe, expect, test } from "bun:test";
import { setClockOffset, todayIso } from "@shared/dates.ts";
import { IGNORED_SKEW_MS, onServerClockChange, restoreServerClock, withServerClock } from "./server-clock.ts";

const DAY = 24 * 60 * 60 * 1000;

/** A Storage-like map (bun has no localStorage). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    removeItem: (key: string) => {
      items.delete(key);
    },
  };
}

/** A server whose clock runs `skewMs` ahead of this machine's, answering with its Date header (or `date`). */
function serverAhead(skewMs: number, date?: string | null) {
  return async () => {
    const headers = new Headers();
    const value = date === undefined ? new Date(Date.now() + skewMs).toUTCString() : date;
    if (value !== null) headers.set("date", value);
    return new Response("{}", { headers });
  };
}

afterEach(() => {
  restoreServerClock(memoryStorage());
  setClockOffset(0);
});

describe("the server's clock, learned from its answers (a phone whose date is wrong)", () => {
  test("a phone three days behind takes the server's day after one answer, and keeps it for the next visit", async () => {
    const storage = memoryStorage();
    const serverToday = todayIso(new Date(Date.now() + 3 * DAY));
    const changes: string[] = [];
    const stop = onServerClockChange(() => changes.push(todayIso()));

    await withServerClock(serverAhead(3 * DAY), () => storage)("/trpc/x");
    expect(todayIso()).toBe(serverToday);
    expect(changes).toEqual([serverToday]);

    // The same offset again is no change: a fresh form is not reset by every answer.
    await withServerClock(serverAhead(3 * DAY), () => storage)("/trpc/x");
    expect(changes).toHaveLength(1);
    stop();

    // A new visit, before any answer: the stored offset already gives the server's day.
    setClockOffset(0);
    expect(todayIso()).not.toBe(serverToday);
    restoreServerClock(storage);
    expect(todayIso()).toBe(serverToday);
  });

  test("a clock a few minutes off is left alone, and a clock set right again clears the stored offset", async () => {
    const storage = memoryStorage();
    await withServerClock(serverAhead(IGNORED_SKEW_MS - 60_000), () => storage)("/trpc/x");
    expect(storage.items.size).toBe(0);
    expect(todayIso()).toBe(todayIso(new Date()));

    await withServerClock(serverAhead(-2 * DAY), () => storage)("/trpc/x");
    expect(storage.items.size).toBe(1);
    expect(todayIso()).toBe(todayIso(new Date(Date.now() - 2 * DAY)));

    await withServerClock(serverAhead(0), () => storage)("/trpc/x");
    expect(storage.items.size).toBe(0);
    expect(todayIso()).toBe(todayIso(new Date()));
  });

  test("an answer without a readable Date header changes nothing", async () => {
    const storage = memoryStorage();
    await withServerClock(serverAhead(3 * DAY), () => storage)("/trpc/x");
    const learned = todayIso();
    await withServerClock(serverAhead(0, null), () => storage)("/trpc/x");
    await withServerClock(serverAhead(0, "not a date"), () => storage)("/trpc/x");
    expect(todayIso()).toBe(learned);
    expect(storage.items.size).toBe(1);
  });

  test("a stored value that is not a number is ignored", () => {
    const storage = memoryStorage();
    storage.setItem("pkk:server-clock-offset-ms", "abc");
    restoreServerClock(storage);
    expect(todayIso()).toBe(todayIso(new Date()));
  });
});

// Forcing an interleaving on PostgreSQL: a transaction held open keeps what it locked, a request
// started meanwhile waits for it, and the test lets it go once the request is seen waiting.
import { sql } from "drizzle-orm";
import type { Db } from "../src/db/client.ts";
import { resultRows } from "../src/db/raw-rows.ts";
import type { TestContext } from "./helpers.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Runs `work` in a transaction left open (what it locked stays locked) until `release` is called. */
export async function heldOpen(
  t: TestContext,
  work: (tx: Tx) => Promise<unknown>,
): Promise<{ release: () => Promise<void> }> {
  let ready: () => void = () => {};
  const readySignal = new Promise<void>((resolve) => {
    ready = resolve;
  });
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const done = t.db.transaction(async (tx) => {
    await work(tx);
    ready();
    await released;
  });
  await Promise.race([readySignal, done]);
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

/** Waits until `count` sessions of the test's database wait on a lock. */
export async function lockWaiters(t: TestContext, count: number): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    const [row] = resultRows(
      await t.db.execute(sql`select count(*)::integer as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`),
    );
    if (Number(row?.waiting) >= count) return;
    // A cadre's sign-up hashes its password (argon2) before it writes: up to ~10 s on a busy machine.
    if (tries > 1500) throw new Error(`never saw ${count} sessions waiting on a lock`);
    await Bun.sleep(10);
  }
}

/** The call's error, or null when it succeeded. */
export const outcome = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    () => null,
    (error: unknown) => error,
  );

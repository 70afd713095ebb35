// The transaction of every write to registers, family_members and register_events. Their triggers
// keep the figure rollups, rows shared by every family of an RT, a ward or a month, so two
// transactions that touch several wards in different orders (an admin's bulk verification, a family
// moved between wards while another moves the other way) can each hold a rollup row the other
// waits for. PostgreSQL ends one of them with deadlock_detected after deadlock_timeout; it changed
// nothing, so it runs again, up to WRITE_ATTEMPTS times, instead of answering the user with 500.
import { randomInt } from "node:crypto";
import type { Db } from "./client.ts";
import { hasSqlState } from "./sql-state.ts";

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** deadlock_detected and serialization_failure: the transaction was rolled back and may run again. */
const RETRIED_STATES = new Set(["40P01", "40001"]);

export const WRITE_ATTEMPTS = 3;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in a transaction, again when PostgreSQL rolled it back for a deadlock or a
 * serialization failure. `work` must keep its effects inside `tx` (the mail outbox and the audit
 * rows are tables, so they are): a retried attempt starts from nothing.
 */
export async function writeTransaction<T>(db: Db, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= WRITE_ATTEMPTS || !hasSqlState(error, RETRIED_STATES)) throw error;
      // A short random pause, so the two do not meet again at once.
      await pause(randomInt(5, 5 + 20 * attempt));
    }
  }
}

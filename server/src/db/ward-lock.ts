// The ward lock of migration 0038, taken by a service ahead of its writes: the triggers take it at a
// write's first row, which is too late for a check that must not change before the write commits
// (a record's sign-off lock, read before the record is moved).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "./client.ts";

/** Holds the wards' rollup lock (one or two wards, lower id first) until the transaction ends. */
export async function lockWards(tx: DbOrTx, ward: number | null, other: number | null = null): Promise<void> {
  await tx.execute(sql`select pkk_lock_ward_rollups(${ward}::integer, ${other}::integer)`);
}

// The registers' change log (schema/register-changes.ts, kept by statement triggers): a version that
// grows exactly when a write to registers, wards or districts commits. A count read with it stays
// exact while the version reads the same, which lets the REST list answer a filtered total without
// recounting (rest/count-cache.ts).
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { registerChanges } from "../../db/schema/register-changes.ts";

/** The version as one SQL value (a float8: exact up to 2^53 writes). */
export const registerChangeVersion: SQL = sql`(select coalesce(sum(${registerChanges.changes}), 0)::float8 from ${registerChanges})`;

/**
 * The version as the REST list's kept totals read it (rest/count-cache.ts): '<table>:<version>', the
 * change log's table named by its OID. A restore recreates the table (new OID) and brings the sum
 * back to the backup's, so writes after it could make the sum read as it did before, over other
 * rows; with the table's OID beside it a version read after a restore never equals one read before.
 */
export const registerDataVersion: SQL = sql`(select to_regclass('register_changes')::oid::text || ':' || coalesce(sum(${registerChanges.changes}), 0)::text from ${registerChanges})`;

export async function readRegisterChangeVersion(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ version: sql<number>`${registerChangeVersion}`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  return row?.version ?? 0;
}

/**
 * Moves the log's rows into its folded row in one statement (the version reads the same before and
 * after); housekeeping calls it so the version stays a sum of a few rows. Returns the rows folded.
 */
export async function foldRegisterChanges(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ folded: sql<number>`pkk_fold_register_changes()`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  return row?.folded ?? 0;
}

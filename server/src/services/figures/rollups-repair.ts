// `npm run figures:check -- --rebuild`: the rollups repaired while the portal serves. Each ward whose
// rollup rows differ from the check's recount gets its rows replaced by a recount of that ward alone,
// in a short transaction under the ward's rollup lock: every register, member and event write of the
// ward takes that lock before it touches the ward's rollups (migration 0038) and holds it until it
// commits, so under it the ward's rows and rollups stand still, and the recount and the rows it
// replaces describe the same moment. Figure reads are never blocked (rows are deleted and inserted,
// not truncated: a reader sees the old rows until the commit); only that ward's writes wait, for
// the ward's recount. The full rebuild (rebuildRollups, kept for bulk loads) truncates every rollup
// in one transaction: every dashboard, list total and register write of the city waited for all of it.
import { getTableName, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { resultRows } from "../../db/raw-rows.ts";
import { lockWards } from "../../db/ward-lock.ts";
import { statusMonthRollups, statusStateTotals } from "../../db/schema/figures.ts";
import { recountDifferences, recountIntoShadows, repairKeptColumns, rollupTables } from "./rollups.ts";

/**
 * Replaces the rollups of every ward where they differ from a recount with that ward's recount, and
 * works out again the registers' kept columns that differ; answers the wards repaired. Month-end
 * snapshots are history and stay as they were (as with rebuildRollups).
 */
export async function repairRollups(db: Db): Promise<{ wards: number[] }> {
  const { wards } = await recountDifferences(db);
  for (const ward of wards) await repairWard(db, ward);
  await repairKeptColumns(db);
  return { wards };
}

/** status_state_totals last: status_month_rollups' statement triggers move it, and here it is set outright. */
const replacedInOrder = [...rollupTables.filter((table) => table !== statusStateTotals), statusStateTotals];

async function repairWard(db: Db, ward: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockWards(tx, ward);
    const [row] = resultRows(await tx.execute(sql`select current_schema() as name`));
    const schema = sql.identifier(String(row?.name));
    // The ward's families (deleted ones too: their marks) and their events, under the names the
    // recount functions read: temporary tables are found before the schema's own.
    await tx.execute(sql`create temp table registers on commit drop as
      select * from ${schema}.registers where coalesce(desa_kelurahan_id, 0) = ${ward}`);
    await tx.execute(sql`create temp table register_events on commit drop as
      select e.* from ${schema}.register_events e where e.register_id in (select id from pg_temp.registers)`);
    await recountIntoShadows(tx);
    for (const table of replacedInOrder) {
      const name = sql.identifier(getTableName(table));
      // From the maintained status rollups just replaced: the triggers that keep this table wrote
      // into the shadow of its name during this transaction.
      const wanted =
        table === statusStateTotals
          ? sql`select kecamatan_id, desa_kelurahan_id, status, special, sum(families)::integer
              from ${schema}.${sql.identifier(getTableName(statusMonthRollups))}
              where desa_kelurahan_id = ${ward} and kind = 'state' group by 1, 2, 3, 4`
          : sql`select * from pg_temp.${name}`;
      // Only the rows that differ are written: the rest of the ward stays as it was (no dead rows,
      // no status-total triggers for them).
      await tx.execute(sql`create temp table wanted_rows on commit drop as ${wanted}`);
      await tx.execute(sql`delete from ${schema}.${name} kept where kept.desa_kelurahan_id = ${ward}
        and not exists (select 1 from wanted_rows wanted where row(wanted.*) = row(kept.*))`);
      await tx.execute(sql`insert into ${schema}.${name} select * from wanted_rows wanted
        where not exists (select 1 from ${schema}.${name} kept
          where kept.desa_kelurahan_id = ${ward} and row(kept.*) = row(wanted.*))`);
      await tx.execute(sql`drop table wanted_rows`);
    }
  });
}

// What autovacuum counts per table (dead rows, rows inserted since the last vacuum, rows changed
// since the last analyze) lives in PostgreSQL's cumulative statistics, which a server writes to disk
// at a clean shutdown and reads at its next start. PGlite does not: every start began at zero, so
// changes made in runs shorter than autovacuum's thresholds were never vacuumed or analyzed (a
// portal restarted nightly whose registers change by less than a fifth a day never vacuumed them,
// and its index-only list pages read more and more of the heap). The counts are carried over in a file in
// the data directory: written at a clean close, read and removed at the next open, so, as on a
// server, a crash loses them instead of counting them twice.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { z } from "zod";

const tableCounts = z.object({
  table: z.string(),
  dead: z.number().nonnegative(),
  inserted: z.number().nonnegative(),
  modified: z.number().nonnegative(),
});
const carriedFile = z.array(tableCounts);

/** Counts carried over from before this start, per table ("schema"."name" as format('%I.%I') writes it). */
export type CarriedActivity = z.infer<typeof carriedFile>;

const fileOf = (dataDir: string) => join(dataDir, "pkk-table-activity.json");

/** The carried counts as the statements below take them ($1). */
export const carriedActivityJson = (carried: CarriedActivity): string => JSON.stringify(carried);

/**
 * Per table, what autovacuum counts and the table's size, with the carried counts ($1, JSON) added
 * where no vacuum (for the changes: no analyze) has run since the start. A table's `reltuples` is
 * -1 until it was first vacuumed or analyzed: counted as 0.
 */
export const tableActivity = `
  with carried as (
    select * from json_to_recordset($1::json) as k("table" text, dead float8, inserted float8, modified float8)
  ), live as (
    select format('%I.%I', s.schemaname, s.relname) as "table", s.*, greatest(c.reltuples, 0) as tuples
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  )
  select live."table", live.tuples,
    live.n_dead_tup + case when live.vacuum_count + live.autovacuum_count = 0 then coalesce(k.dead, 0) else 0 end as dead,
    live.n_ins_since_vacuum
      + case when live.vacuum_count + live.autovacuum_count = 0 then coalesce(k.inserted, 0) else 0 end as inserted,
    live.n_mod_since_analyze
      + case when live.analyze_count + live.autoanalyze_count = 0 then coalesce(k.modified, 0) else 0 end as modified
  from live left join carried k on k."table" = live."table"`;

/**
 * The counts a clean close left in the data directory, removed as they are read (a crash before the
 * next close then loses them). An unreadable file counts as none: the counts only bring a vacuum
 * forward.
 */
export function takeCarriedActivity(dataDir: string): CarriedActivity {
  const file = fileOf(dataDir);
  if (!existsSync(file)) return [];
  try {
    const parsed = carriedFile.safeParse(JSON.parse(readFileSync(file, "utf8")));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  } finally {
    rmSync(file, { force: true });
  }
}

/** Writes this run's counts, with those still carried, for the next open of the data directory. */
export async function keepTableActivity(client: PGlite, dataDir: string, carried: CarriedActivity): Promise<void> {
  await client.query("select pg_stat_force_next_flush()");
  const counted = await client.query<{ table: string; dead: number; inserted: number; modified: number }>(
    `select "table", dead::float8 as dead, inserted::float8 as inserted, modified::float8 as modified
      from (${tableActivity}) activity where dead > 0 or inserted > 0 or modified > 0 order by "table"`,
    [carriedActivityJson(carried)],
  );
  writeFileSync(fileOf(dataDir), JSON.stringify(counted.rows));
}

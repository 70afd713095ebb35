// PGlite runs PostgreSQL in single-user mode, where no autovacuum launcher exists: nothing ever
// vacuumed or analyzed the embedded database. Tables that churn (the registers' change log folded
// every 10 s, captcha nonces, rate-limit windows, idempotency keys, the rollups updated by every
// register write) bloated and their statistics went stale: under `bench:load` (50 users, PGlite,
// 100,000 families) throughput fell from 207 to 110 operations a second over ~35 minutes of load
// runs, and came back to 201 at once after a VACUUM ANALYZE. Housekeeping calls this on PGlite with
// PostgreSQL's own rule: the thresholds and scale factors its autovacuum reads, from the settings.
import type { PGlite } from "@electric-sql/pglite";
import { type CarriedActivity, carriedActivityJson, tableActivity } from "./pglite-table-activity.ts";

export interface VacuumedTable {
  table: string;
  action: "vacuum" | "vacuum analyze" | "analyze";
}

/** The tables autovacuum would take now (tableActivity against the autovacuum_* settings), and what it would do. */
const dueTables = `
  select "table",
    dead > current_setting('autovacuum_vacuum_threshold')::float8
        + current_setting('autovacuum_vacuum_scale_factor')::float8 * tuples
      or inserted > current_setting('autovacuum_vacuum_insert_threshold')::float8
        + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * tuples
      as vacuum,
    modified > current_setting('autovacuum_analyze_threshold')::float8
        + current_setting('autovacuum_analyze_scale_factor')::float8 * tuples
      as analyze
  from (${tableActivity}) activity
  order by dead desc`;

/**
 * Vacuums, analyzes or both every table autovacuum would, one after another, and answers what it
 * did. Each statement holds the embedded database while it runs, as every statement does: a small
 * churning table takes milliseconds; a city's registers a few seconds, and only after a fifth of
 * them changed.
 */
export async function vacuumWhereDue(client: PGlite, carried: CarriedActivity = []): Promise<VacuumedTable[]> {
  // The counters a session collects reach pg_stat_user_tables at most once a second, when it goes
  // idle; a server's idle timer would send the rest, and PGlite has none. Forced, the round reads
  // every change made before it.
  await client.query("select pg_stat_force_next_flush()");
  const due = await client.query<{ table: string; vacuum: boolean; analyze: boolean }>(dueTables, [
    carriedActivityJson(carried),
  ]);
  const done: VacuumedTable[] = [];
  for (const row of due.rows) {
    if (!row.vacuum && !row.analyze) continue;
    const action = row.vacuum ? (row.analyze ? "vacuum analyze" : "vacuum") : "analyze";
    await client.exec(`${action} ${row.table}`);
    done.push({ table: row.table, action });
  }
  return done;
}

// PGlite runs PostgreSQL in single-user mode, where no autovacuum launcher exists: nothing ever
// vacuumed or analyzed the embedded database. Tables that churn (the registers' change log folded
// every 10 s, captcha nonces, rate-limit windows, idempotency keys, the rollups updated by every
// register write) bloated and their statistics went stale: under `bench:load` (50 users, PGlite,
// 100,000 families) throughput fell from 207 to 110 operations a second over ~35 minutes of load
// runs, and came back to 201 at once after a VACUUM ANALYZE. Housekeeping calls this on PGlite with
// PostgreSQL's own rule: the thresholds and scale factors its autovacuum reads, from the settings.
import type { PGlite } from "@electric-sql/pglite";

export interface VacuumedTable {
  table: string;
  action: "vacuum" | "vacuum analyze" | "analyze";
}

/**
 * The tables autovacuum would take now (pg_stat_user_tables against the autovacuum_* settings:
 * dead rows, rows inserted since the last vacuum, rows changed since the last analyze), each with
 * what it would do. A table's `reltuples` is -1 until it was first vacuumed or analyzed: counted as 0.
 */
const dueTables = `
  select format('%I.%I', s.schemaname, s.relname) as "table",
    s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
        + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::float8
        + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * greatest(c.reltuples, 0)
      as vacuum,
    s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
        + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)
      as analyze
  from pg_stat_user_tables s
  join pg_class c on c.oid = s.relid
  order by s.n_dead_tup desc`;

/**
 * Vacuums, analyzes or both every table autovacuum would, one after another, and answers what it
 * did. Each statement holds the embedded database while it runs, as every statement does: a small
 * churning table takes milliseconds; a city's registers a few seconds, and only after a fifth of
 * them changed.
 */
export async function vacuumWhereDue(client: PGlite): Promise<VacuumedTable[]> {
  // The counters a session collects reach pg_stat_user_tables at most once a second, when it goes
  // idle; a server's idle timer would send the rest, and PGlite has none. Forced, the round reads
  // every change made before it.
  await client.query("select pg_stat_force_next_flush()");
  const due = await client.query<{ table: string; vacuum: boolean; analyze: boolean }>(dueTables);
  const done: VacuumedTable[] = [];
  for (const row of due.rows) {
    if (!row.vacuum && !row.analyze) continue;
    const action = row.vacuum ? (row.analyze ? "vacuum analyze" : "vacuum") : "analyze";
    await client.exec(`${action} ${row.table}`);
    done.push({ table: row.table, action });
  }
  return done;
}

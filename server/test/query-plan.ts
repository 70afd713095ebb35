// The plan PostgreSQL makes for a statement over rows a test adds for it: added, analysed, planned and
// rolled back in one transaction, so the rows never reach the other tests. On an empty table any
// index, or none, costs the same; the plan only shows which path a statement takes at size.
import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../src/db/client.ts";
import { resultRows } from "../src/db/raw-rows.ts";

/** Ends the transaction (rolled back, with its rows) and carries the plan out of it. */
class PlanFound extends Error {
  constructor(readonly plan: string) {
    super("plan found");
  }
}

export async function planOf(
  db: Db,
  query: { sql: string; params: unknown[] },
  options: {
    /** The rows the plan is made over. */
    addRows: (tx: DbOrTx) => Promise<unknown>;
    /** The plan a prepared statement keeps once it plans for every value, instead of for these values. */
    generic?: boolean;
  },
): Promise<string> {
  return db
    .transaction(async (tx) => {
      await options.addRows(tx);
      await tx.execute(sql`analyze`);
      if (options.generic) await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare planned as ${query.sql}`));
      const values = query.params.map((value) =>
        value === null
          ? "null"
          : typeof value === "number"
            ? String(value)
            : `'${String(value).replaceAll("'", "''")}'`,
      );
      const rows = resultRows(await tx.execute(sql.raw(`explain execute planned(${values.join(", ")})`)));
      // A prepared statement outlives the transaction: gone before the connection serves another.
      await tx.execute(sql`deallocate planned`);
      throw new PlanFound(rows.map((row) => String(row["QUERY PLAN"])).join("\n"));
    })
    .catch((error: unknown) => {
      if (error instanceof PlanFound) return error.plan;
      throw error;
    });
}

/**
 * 6,000 families copied from one (`templateId`) over the first 10 wards, 20 RWs, 24 months and the
 * workflow's statuses: enough rows for PostgreSQL to plan as it does at size.
 */
export async function copyFamilies(tx: DbOrTx, templateId: number): Promise<void> {
  const [list] = resultRows(
    await tx.execute(sql`select string_agg(quote_ident(column_name), ', ') as columns from information_schema.columns
      where table_schema = current_schema() and table_name = 'registers' and column_name not in
      ('id', 'registration_number', 'nik_kepala_keluarga', 'desa_kelurahan_id', 'rw', 'status', 'created_at')`),
  );
  const columns = sql.raw(String(list?.columns));
  const statuses = sql.raw(`array['SUBMITTED', 'RT_VERIFIED', 'RW_VERIFIED', 'APPROVED', 'APPROVED', 'APPROVED']`);
  await tx.execute(sql`insert into registers (registration_number, nik_kepala_keluarga, desa_kelurahan_id, rw, status, created_at, ${columns})
    select r.registration_number || '-' || g, '88' || lpad(g::text, 14, '0'),
      (select id from desa_kelurahan order by kode offset g % 10 limit 1), lpad((1 + g % 20)::text, 3, '0'),
      (${statuses})[1 + g % 6], now() - (g % 730) * interval '1 day', ${columns}
    from registers r, generate_series(1, 6000) g where r.id = ${templateId}`);
}

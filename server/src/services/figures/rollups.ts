// Rebuilding and checking the figure rollups (schema/figures.ts) and the registers' columns kept by
// triggers (waiting_since, life_events). The triggers keep them; these recompute them from the rows:
// after a bulk load with the triggers off, and for `figures:check`.
import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import { resultRows } from "../../db/raw-rows.ts";
import {
  figureMonthPlaceRollups,
  figureMonthEnd,
  figureMonthEndMarks,
  figureMonthEndWards,
  figureMonthRollups,
  figureRollups,
  figureWardRollups,
  memberRollups,
  registerMonthMarks,
  reportMonthEnd,
  reportMonthEndWards,
  statusMonthRollups,
  statusStateTotals,
} from "../../db/schema/figures.ts";
import { registerCounts } from "../../db/schema/register-counts.ts";

/**
 * Every rollup from the rows (pkk_rebuild_figures; its parts latest in migration
 * issue12_rollup_keys_after_rebuild_custom) and
 * the register counts (pkk_rebuild_register_counts in issue12_register_counts_custom).
 */
export async function rebuildRollups(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pkk_rebuild_figures()`);
  await db.execute(sql`select pkk_rebuild_register_counts()`);
  await repairKeptColumns(db);
}

/** The registers whose waiting_since or life_events the triggers did not keep, worked out again. */
export async function repairKeptColumns(db: DbOrTx): Promise<void> {
  // Touched, registers' own trigger works each one out again (migration 0034_issue12_waiting_since).
  await db.execute(sql`update registers set waiting_since = waiting_since where ${waitingSinceDiffers}`);
  // Likewise life_events (migration 0035_issue12_life_events).
  await db.execute(sql`update registers set life_events = life_events where ${lifeEventsDiffer}`);
}

/** A register whose kept waiting_since is not what its events and creation say (pkk_waiting_since). */
const waitingSinceDiffers = sql`waiting_since is distinct from pkk_waiting_since(id, status, created_at)`;

/** A register whose kept life_events is not what its form lists (pkk_life_events); json compared as jsonb. */
const lifeEventsDiffer = sql`life_events::jsonb is distinct from pkk_life_events(data_register)::jsonb`;

/** Registers whose waiting_since or life_events the triggers did not keep (a load with them off, a bug). */
async function keptColumnDifferences(db: DbOrTx): Promise<RollupDifference[]> {
  const differences: RollupDifference[] = [];
  const columns = [
    {
      table: "registers.waiting_since",
      differs: waitingSinceDiffers,
      values: sql`waiting_since as kept, pkk_waiting_since(id, status, created_at) as expected`,
    },
    {
      table: "registers.life_events",
      differs: lifeEventsDiffer,
      values: sql`life_events as kept, pkk_life_events(data_register) as expected`,
    },
  ];
  for (const column of columns) {
    const differing = rowsOf(
      await db.execute(
        sql`select row_to_json(x) as row from (select id, ${column.values} from registers where ${column.differs}) x`,
      ),
    );
    if (differing.length === 0) continue;
    differences.push({
      table: column.table,
      missing: differing.length,
      unexpected: 0,
      samples: differing.slice(0, 5).map((row) => ({ side: "expected" as const, row })),
    });
  }
  return differences;
}

/**
 * The month-end snapshots (history, not a recount of today's rows) checked against themselves: the
 * per-ward tables equal their RT rows summed, and every month held is marked
 * (pkk_month_end_differences, migration issue12_month_end_report_custom).
 */
async function monthEndDifferences(db: DbOrTx): Promise<RollupDifference[]> {
  const rows = resultRows(await db.execute(sql`select table_name, side, row_json from pkk_month_end_differences()`));
  const tables = [...new Set(rows.map((row) => String(row.table_name)))];
  return tables.map((table) => {
    const ofTable = rows.filter((row) => row.table_name === table);
    const side = (name: "expected" | "actual") =>
      ofTable.filter((row) => row.side === name).map((row) => ({ side: name, row: row.row_json }));
    return {
      table,
      missing: side("expected").length,
      unexpected: side("actual").length,
      samples: [...side("expected").slice(0, 5), ...side("actual").slice(0, 5)],
    };
  });
}

/**
 * The same rebuild in parts that share no table, longest first, each with the tables it fills: the
 * bulk loader runs them on separate connections (PostgreSQL), where one chain of statements left a
 * core idle. Together they are rebuildRollups (pkk_rebuild_figures runs the first three in turn),
 * and the last forgets the month-end snapshots, which rebuildRollups keeps.
 */
export const rollupRebuildParts: ReadonlyArray<{ statement: SQL; tables: readonly PgTable[] }> = [
  {
    statement: sql`select pkk_rebuild_status_figures()`,
    tables: [registerMonthMarks, statusMonthRollups, statusStateTotals],
  },
  { statement: sql`select pkk_rebuild_member_figures()`, tables: [memberRollups] },
  {
    statement: sql`select pkk_rebuild_place_figures()`,
    tables: [figureRollups, figureMonthRollups, figureMonthPlaceRollups, figureWardRollups],
  },
  { statement: sql`select pkk_rebuild_register_counts()`, tables: [registerCounts] },
  // A load writes history (triggers off) under any month-end snapshot taken before it: those months
  // read the rollups again until the next write takes them anew (migration issue12_month_end_custom).
  {
    statement: sql`select pkk_forget_month_ends()`,
    tables: [figureMonthEnd, figureMonthEndWards, reportMonthEnd, reportMonthEndWards, figureMonthEndMarks],
  },
];

/** Every rollup a recount fills; each is keyed by a ward (desa_kelurahan_id, 0 for none). */
export const rollupTables: PgTable[] = [
  figureRollups,
  figureWardRollups,
  figureMonthRollups,
  figureMonthPlaceRollups,
  memberRollups,
  registerMonthMarks,
  statusMonthRollups,
  statusStateTotals,
  registerCounts,
];

export interface RollupDifference {
  table: string;
  /** Rows the recount has and the rollup lacks or holds with other values. */
  missing: number;
  /** Rows the rollup has that the recount does not. */
  unexpected: number;
  /** A few of the differing rows, as the recount has them ("expected") and the rollup ("actual"). */
  samples: Array<{ side: "expected" | "actual"; row: unknown }>;
}

/** A row whose sums are all zero is the same as no row (the triggers leave such rows behind). */
function nonZero(table: PgTable): SQL {
  const sums = Object.entries(getTableColumns(table))
    .filter(([key, column]) => column.columnType === "PgInteger" && !keyColumns.has(key))
    .map(([, column]) => column);
  return sql.join(
    sums.map((column) => sql`${column} <> 0`),
    sql` or `,
  );
}

const keyColumns = new Set(["kecamatanId", "desaKelurahanId", "registerId"]);

class Rollback extends Error {}

/**
 * A temporary table of each rollup's name, with the keys and indexes the rebuild functions drop
 * and add by name. Temporary tables are found before the schema's own, so the same functions
 * recount into these and the maintained rollups are only read: the recount used to truncate them,
 * which locked every figure read and every register write out for its whole run (15 s at 100,000
 * families, minutes at a million). DISCARD PLANS: the functions' statements planned earlier in
 * this session would still name the real tables.
 */
async function shadowRollupTables(tx: DbOrTx): Promise<void> {
  for (const table of rollupTables) {
    const name = getTableName(table);
    await tx.execute(
      sql`create temp table ${sql.identifier(name)} (like ${sql.identifier(name)} including defaults) on commit drop`,
    );
    const keys = resultRows(
      await tx.execute(sql`select conname as name, pg_get_constraintdef(c.oid) as definition
        from pg_constraint c where c.conrelid = (current_schema() || '.' || ${name})::regclass and c.contype in ('p', 'u')`),
    );
    for (const key of keys) {
      await tx.execute(
        sql`alter table pg_temp.${sql.identifier(name)} add constraint ${sql.identifier(String(key.name))} ${sql.raw(String(key.definition))}`,
      );
    }
    const indexes = resultRows(
      await tx.execute(sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i where i.indrelid = (current_schema() || '.' || ${name})::regclass
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`),
    );
    for (const index of indexes) {
      const columns = /\((.*)\)\s*$/.exec(String(index.definition))?.[1];
      if (!columns) throw new Error(`index ${String(index.name)}: no column list in its definition`);
      await tx.execute(
        sql`create index ${sql.identifier(String(index.name))} on pg_temp.${sql.identifier(name)} (${sql.raw(columns)})`,
      );
    }
  }
  await tx.execute(sql`discard plans`);
}

/** status_state_totals, which status_month_rollups' statement triggers keep (a shadow has none). */
const shadowStateTotals = sql`insert into pg_temp.status_state_totals (kecamatan_id, desa_kelurahan_id, status, special, families)
  select kecamatan_id, desa_kelurahan_id, status, special, sum(families)::integer
  from pg_temp.status_month_rollups where kind = 'state' group by 1, 2, 3, 4`;

/**
 * Recounts every rollup, from the rows the transaction sees under the names registers and
 * register_events, into temporary tables of the rollups' names (shadowRollupTables).
 */
export async function recountIntoShadows(tx: DbOrTx): Promise<void> {
  await shadowRollupTables(tx);
  await tx.execute(sql`select pkk_rebuild_figures()`);
  await tx.execute(sql`select pkk_rebuild_register_counts()`);
  await tx.execute(shadowStateTotals);
}

/**
 * Recounts every rollup from the rows into temporary tables of their names, in one snapshot
 * (repeatable read) with a copy of the maintained ones, and lists where the maintained rollups
 * differ, the registers whose waiting_since or life_events does not follow their events or form,
 * and month-end snapshots whose ward sums are not their RT rows'. Empty means they agree. Writes and figure reads go on meanwhile: what they commit after
 * the snapshot is in neither side.
 */
export async function checkRollups(db: DbOrTx): Promise<RollupDifference[]> {
  return (await recountDifferences(db)).differences;
}

/**
 * checkRollups, with the wards whose rollup rows differ (desa_kelurahan_id, 0 for none; ascending):
 * the wards a repair recounts (rollups-repair.ts).
 */
export async function recountDifferences(db: DbOrTx): Promise<{ differences: RollupDifference[]; wards: number[] }> {
  let differences: RollupDifference[] = [];
  const wards = new Set<number>();
  try {
    await db.transaction(
      async (tx) => {
        const keptColumns = await keptColumnDifferences(tx);
        const monthEnds = await monthEndDifferences(tx);
        for (const table of rollupTables) {
          const name = getTableName(table);
          await tx.execute(
            sql`create temp table ${sql.identifier(`kept_${name}`)} on commit drop as select * from ${table} where ${nonZero(table)}`,
          );
        }
        await recountIntoShadows(tx);
        differences = [];
        for (const table of rollupTables) {
          const name = getTableName(table);
          const kept = sql.identifier(`kept_${name}`);
          const fresh = sql`(select * from ${table} where ${nonZero(table)})`;
          const missing = rowsOf(
            await tx.execute(sql`select row_to_json(x) as row from (${fresh} except select * from ${kept}) x`),
          );
          const unexpected = rowsOf(
            await tx.execute(sql`select row_to_json(x) as row from (select * from ${kept} except ${fresh}) x`),
          );
          for (const row of [...missing, ...unexpected])
            wards.add(Number(Reflect.get(Object(row), "desa_kelurahan_id")));
          if (missing.length > 0 || unexpected.length > 0) {
            differences.push({
              table: name,
              missing: missing.length,
              unexpected: unexpected.length,
              samples: [
                ...missing.slice(0, 5).map((row) => ({ side: "expected" as const, row })),
                ...unexpected.slice(0, 5).map((row) => ({ side: "actual" as const, row })),
              ],
            });
          }
        }
        differences.push(...keptColumns, ...monthEnds);
        throw new Rollback();
      },
      { isolationLevel: "repeatable read" },
    );
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return { differences, wards: [...wards].sort((a, b) => a - b) };
}

/** The `row` column of each row a statement answered. */
function rowsOf(result: unknown): unknown[] {
  return resultRows(result).map((row) => row.row);
}

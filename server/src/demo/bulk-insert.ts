// Fast multi-row inserts for bulk generation: the rows travel as ONE JSON parameter and Postgres
// expands them with json_populate_recordset, instead of tens of thousands of bind parameters
// (which both drivers and PGlite handle slowly). Omitted columns keep their defaults.
import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client.ts";

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export async function bulkInsert<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: Array<T["$inferInsert"]>,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const used = Object.keys(columns).filter((key) => rows.some((row) => key in row));
  const payload = rows.map((row) =>
    Object.fromEntries(
      used.map((key) => {
        const value: unknown = Object.entries(row).find(([name]) => name === key)?.[1];
        return [snake(key), value instanceof Date ? value.toISOString() : (value ?? null)];
      }),
    ),
  );
  const names = used.map((key) => sql.identifier(snake(key)));
  const list: SQL = sql.join(names, sql`, `);
  const result: unknown = await db.execute(
    sql`insert into ${sql.identifier(getTableName(table))} (${list})
        select ${list} from json_populate_recordset(null::${sql.identifier(getTableName(table))}, ${JSON.stringify(payload)}::json)
        returning id`,
  );
  return idsOf(result);
}

/** db.execute answers an array (postgres.js) or {rows} (PGlite), typed per driver; read it at run time. */
function idsOf(result: unknown): number[] {
  const rows: unknown[] = Array.isArray(result)
    ? result
    : typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)
      ? result.rows
      : [];
  return rows.map((row) => (typeof row === "object" && row !== null && "id" in row ? Number(row.id) : Number.NaN));
}

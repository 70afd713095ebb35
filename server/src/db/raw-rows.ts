// Rows of a hand-written statement (a CTE that reads and writes in one round trip), read the way
// drizzle's own select reads them, whichever driver ran it.
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export type RawRow = Record<string, unknown>;

/** `column as "key", …`: each column under its field name, so one column may be read twice. */
export function aliasedSelection(fields: Record<string, AnyPgColumn>): SQL {
  return sql.join(
    Object.entries(fields).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/** The rows db.execute answered: an array (postgres.js) or `{rows}` (PGlite). */
export function resultRows(result: unknown): RawRow[] {
  const rows: unknown = Array.isArray(result)
    ? result
    : typeof result === "object" && result !== null && "rows" in result
      ? result.rows
      : [];
  return Array.isArray(rows)
    ? rows.filter((row): row is RawRow => typeof row === "object" && row !== null && !Array.isArray(row))
    : [];
}

/**
 * A decoder of raw rows for `fields`, column by column as drizzle decodes a select (both drivers
 * hand dates and timestamps over as text; each column maps its own). The fields are listed once,
 * not for every row.
 */
export function rowDecoder(fields: Record<string, AnyPgColumn>): (raw: RawRow) => RawRow {
  const columns = Object.entries(fields);
  return (raw) => {
    const row: RawRow = {};
    for (const [key, column] of columns) {
      const value = raw[key];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row;
  };
}

// A user's area (and an optional place filter) as a condition on a rollup table, the rollup twin of
// registers/scope.ts scopeCondition + filters.ts placeConditions. A kecamatan is reached through its
// wards, as on registers. Month rollups are kept per ward, so they answer ward-or-wider places only.
import { eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { desaKelurahan } from "../../db/schema/regions.ts";
import type { AreaScope } from "../registers/scope.ts";

export interface PlaceFilter {
  kecamatanId?: number;
  desaKelurahanId?: number;
  rw?: string;
  rt?: string;
}

export interface PlaceColumns {
  desaKelurahanId: PgColumn;
  rw?: PgColumn;
  rt?: PgColumn;
}

/** True when the place names no RW or RT: the per-ward month rollups can answer it. */
export function isWardOrWider(area: AreaScope, filter: PlaceFilter = {}): boolean {
  return area.kind !== "rw" && area.kind !== "rt" && filter.rw === undefined && filter.rt === undefined;
}

const inKecamatan = (column: PgColumn, kecamatanId: number) =>
  sql`${column} in (select ${desaKelurahan.id} from ${desaKelurahan} where ${desaKelurahan.kecamatanId} = ${kecamatanId})`;

export function rollupPlace(columns: PlaceColumns, area: AreaScope, filter: PlaceFilter = {}): SQL {
  const conditions: SQL[] = [];
  const rw = (value: string) => {
    if (!columns.rw) throw new Error("rollupPlace: this rollup has no RW");
    conditions.push(eq(columns.rw, value));
  };
  const rt = (value: string) => {
    if (!columns.rt) throw new Error("rollupPlace: this rollup has no RT");
    conditions.push(eq(columns.rt, value));
  };
  switch (area.kind) {
    case "none":
      return sql`false`;
    case "all":
      break;
    case "kecamatan":
      conditions.push(inKecamatan(columns.desaKelurahanId, area.kecamatanId));
      break;
    case "kelurahan":
      conditions.push(eq(columns.desaKelurahanId, area.desaKelurahanId));
      break;
    case "rw":
      conditions.push(eq(columns.desaKelurahanId, area.desaKelurahanId));
      rw(area.rw);
      break;
    case "rt":
      conditions.push(eq(columns.desaKelurahanId, area.desaKelurahanId));
      rw(area.rw);
      rt(area.rt);
      break;
  }
  if (filter.kecamatanId !== undefined) conditions.push(inKecamatan(columns.desaKelurahanId, filter.kecamatanId));
  if (filter.desaKelurahanId !== undefined) conditions.push(eq(columns.desaKelurahanId, filter.desaKelurahanId));
  if (filter.rw !== undefined) rw(filter.rw);
  if (filter.rt !== undefined) rt(filter.rt);
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

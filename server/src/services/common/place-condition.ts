// A user's area (and an optional place filter) as a condition on any table that names a ward, RW and
// RT: the registers themselves (registers/scope.ts scopeCondition and the
// read policy write theirs here) and the rollups. A kecamatan is reached through its wards. Month
// rollups are kept per ward, so they answer ward-or-wider places only.
import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { desaKelurahan } from "../../db/schema/regions.ts";
import type { WorkArea as AreaScope } from "@shared/work-area.ts";

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

const inKecamatan = (column: PgColumn, kecamatanId: SQLWrapper | string | number) =>
  sql`${column} in (select ${desaKelurahan.id} from ${desaKelurahan} where ${desaKelurahan.kecamatanId} = ${kecamatanId})`;

/** One condition of a place, as data: written with its value, or with a placeholder (placeShape). */
type PlacePart =
  | { on: "kecamatan"; value: number }
  | { on: "ward"; value: number }
  | { on: "rw"; value: string }
  | { on: "rt"; value: string };

/** The conditions of an area and a filter, in order; null for an area that sees nothing. */
function placeParts(area: AreaScope, filter: PlaceFilter): PlacePart[] | null {
  const parts: PlacePart[] = [];
  switch (area.kind) {
    case "none":
      return null;
    case "all":
      break;
    case "kecamatan":
      parts.push({ on: "kecamatan", value: area.kecamatanId });
      break;
    case "kelurahan":
      parts.push({ on: "ward", value: area.desaKelurahanId });
      break;
    case "rw":
      parts.push({ on: "ward", value: area.desaKelurahanId }, { on: "rw", value: area.rw });
      break;
    case "rt":
      parts.push(
        { on: "ward", value: area.desaKelurahanId },
        { on: "rw", value: area.rw },
        { on: "rt", value: area.rt },
      );
      break;
  }
  if (filter.kecamatanId !== undefined) parts.push({ on: "kecamatan", value: filter.kecamatanId });
  if (filter.desaKelurahanId !== undefined) parts.push({ on: "ward", value: filter.desaKelurahanId });
  if (filter.rw !== undefined) parts.push({ on: "rw", value: filter.rw });
  if (filter.rt !== undefined) parts.push({ on: "rt", value: filter.rt });
  return parts;
}

/** One part's condition, with its value (or a placeholder for it). */
function partCondition(columns: PlaceColumns, on: PlacePart["on"], value: SQLWrapper | string | number): SQL {
  if (on === "kecamatan") return inKecamatan(columns.desaKelurahanId, value);
  if (on === "ward") return eq(columns.desaKelurahanId, value);
  const column = on === "rw" ? columns.rw : columns.rt;
  if (!column) throw new Error(`place condition: this table has no ${on.toUpperCase()}`);
  return eq(column, value);
}

function placeSql(
  columns: PlaceColumns,
  parts: ReadonlyArray<{ on: PlacePart["on"]; value: SQLWrapper | string | number }> | null,
): SQL {
  if (!parts) return sql`false`;
  const conditions = parts.map((part) => partCondition(columns, part.on, part.value));
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

export function rollupPlace(columns: PlaceColumns, area: AreaScope, filter: PlaceFilter = {}): SQL {
  return placeSql(columns, placeParts(area, filter));
}

/**
 * A place as the shape of its condition (which columns it names, in order) and the values that
 * fill it: a statement written once per shape (db/compiled.ts compiledQuery) takes the values as
 * placeholders `place0`, `place1`, ….
 */
export interface PlaceShape {
  /** 'none', 'all' or the parts' columns in order ('ward.rw'). */
  key: string;
  parts: readonly Pick<PlacePart, "on">[] | null;
  values: Record<string, string | number>;
  /** No RW or RT named: the per-ward rollups answer it (isWardOrWider). */
  wardOrWider: boolean;
}

export function placeShape(area: AreaScope, filter: PlaceFilter = {}): PlaceShape {
  const parts = placeParts(area, filter);
  const values: Record<string, string | number> = {};
  parts?.forEach((part, index) => {
    values[`place${index}`] = part.value;
  });
  return {
    key: parts === null ? "none" : parts.length === 0 ? "all" : parts.map((part) => part.on).join("."),
    parts: parts?.map(({ on }) => ({ on })) ?? null,
    values,
    wardOrWider: isWardOrWider(area, filter),
  };
}

/** The place's condition with its values written in (the same text as rollupPlace). */
export function placeWithValues(columns: PlaceColumns, shape: PlaceShape): SQL {
  return placeSql(columns, shape.parts?.map(({ on }, index) => ({ on, value: shapeValue(shape, index) })) ?? null);
}

function shapeValue(shape: PlaceShape, index: number): string | number {
  const value = shape.values[`place${index}`];
  if (value === undefined) throw new Error(`placeWithValues: no value for part ${index}`);
  return value;
}

/** The place's condition with placeholders for its values (see placeShape). */
export function placeCondition(columns: PlaceColumns, shape: PlaceShape): SQL {
  return placeSql(
    columns,
    shape.parts?.map(({ on }, index) => ({ on, value: sql.placeholder(`place${index}`) })) ?? null,
  );
}

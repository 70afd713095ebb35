// The statistics page (issue 19): an indicator's figures per region and per month, read from the
// trigger-kept rollups only (schema/figures.ts). The public sees city → kecamatan → kelurahan with
// small counts suppressed (suppression.ts); a signed-in reader sees exact figures within the area
// the read policy gives it, down to RW and RT.
import { and, asc, eq, lte, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { indicatorByKey, type IndicatorDefinition, type StatisticsLevel } from "@shared/statistics.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  figureMonthEnd,
  type figureMonthEndWards,
  figureMonthPlaceRollups,
  figureMonthRollups,
  figureRollups,
  type figureWardRollups,
} from "../../db/schema/figures.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import type { Actor } from "../accounts/actor.ts";
import { DomainError } from "../common/errors.ts";
import { readPolicyOf } from "../registers/policy.ts";
import type { AreaScope } from "../registers/scope.ts";
import {
  addSums,
  categoryCounts,
  conditionPeople,
  emptySums,
  indicatorSumKeys,
  sumOf,
  type SumEntries,
  type SumKey,
  type Sums,
} from "./indicator-counts.ts";
import { figureSource, monthEndFigureTable, monthHasSnapshot } from "./area-figures.ts";
import {
  isWardOrWider,
  placeCondition,
  placeShape,
  rollupPlace,
  type PlaceFilter,
  type PlaceShape,
} from "../common/place-condition.ts";
import { compiledQuery } from "../../db/compiled.ts";
import { suppress, type SuppressionNode } from "./suppression.ts";

export interface CategoryFigure {
  key: string;
  label: string;
  /** Families in the category; null when suppressed ('<5'). */
  value: number | null;
}

export interface RegionFigure {
  /** "kota", a kecamatan or kelurahan id, or an RW / RT number. */
  id: string;
  kode: string | null;
  nama: string;
  level: StatisticsLevel;
  families: number | null;
  categories: CategoryFigure[];
  /** Families in the indicator's first category (what bars and the map show). */
  count: number | null;
  /** People per 100 families for a condition (signed-in), else the count per 100 families. */
  per100: number | null;
  /** The count as a share of the region's families, in percent. */
  share: number | null;
  suppressed: boolean;
}

export interface Breakdown {
  indicator: IndicatorDefinition;
  parent: RegionFigure;
  rows: RegionFigure[];
  /** True for the public view: small counts are hidden. */
  suppressed: boolean;
  month: string | null;
}

export interface BreakdownInput {
  indicator: string;
  kecamatanId?: number;
  desaKelurahanId?: number;
  rw?: string;
  /** Without a kecamatan: the city's kecamatan (default) or all its kelurahan (the map). */
  level?: "kecamatan" | "kelurahan";
  /** 'YYYY-MM': families registered up to that month's end. */
  month?: string;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function indicatorOf(key: string): IndicatorDefinition {
  const indicator = indicatorByKey(key);
  if (!indicator) throw new DomainError("BAD_REQUEST", "Indikator tidak dikenal");
  return indicator;
}

// ─── Reading the rollups ──────────────────────────────────────────────────────────────────────

type FigureTable =
  | typeof figureMonthEnd
  | typeof figureMonthEndWards
  | typeof figureMonthRollups
  | typeof figureRollups
  | typeof figureMonthPlaceRollups
  | typeof figureWardRollups;

/** The sums of `keys` (an indicator's: indicatorSumKeys), not all 36: decoding them was most of a call. */
const sumColumns = (table: FigureTable, keys: readonly SumKey[]) =>
  Object.fromEntries(
    keys.map((key) => {
      const column: PgColumn = table[key];
      return [key, sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number)];
    }),
  );

function readSums(row: Record<string, unknown>, keys: readonly SumKey[]): SumEntries {
  return keys.map((key) => [key, Number(row[key] ?? 0)] as const);
}

interface WardRow {
  kecamatanId: number;
  desaKelurahanId: number;
  status: string;
  sums: SumEntries;
}

/**
 * Where a place's per-ward sums live: now, where every current figure lives (area-figures.ts
 * figureSource: the ward rollup, or an RW's or RT's own rows); at a month's end, its snapshot
 * (figure_month_end, per RT) when the month has one, else the month rollups up to it per ward (ward
 * or wider) or per RT.
 */
async function wardSource(
  db: DbOrTx,
  area: AreaScope,
  filter: PlaceFilter,
  month?: string,
): Promise<{ table: FigureTable; where: SQL }> {
  if (!month) return figureSource(area, filter);
  if (await monthHasSnapshot(db, month)) {
    const table = monthEndFigureTable({ wardOrWider: isWardOrWider(area, filter) });
    const where = and(rollupPlace(table, area, filter), eq(table.month, month));
    return { table, where: where ?? sql`false` };
  }
  const table = isWardOrWider(area, filter) ? figureMonthRollups : figureMonthPlaceRollups;
  return { table, where: and(rollupPlace(table, area, filter), lte(table.createdMonth, month)) ?? sql`false` };
}

/** Live families per ward and status (registered up to `month` when given), within the area. */
async function wardRows(
  db: DbOrTx,
  area: AreaScope,
  filter: PlaceFilter,
  keys: readonly SumKey[],
  month?: string,
): Promise<WardRow[]> {
  const { table, where } = await wardSource(db, area, filter, month);
  const rows = await db
    .select({
      kecamatanId: table.kecamatanId,
      desaKelurahanId: table.desaKelurahanId,
      status: table.status,
      ...sumColumns(table, keys),
    })
    .from(table)
    .where(where)
    .groupBy(table.kecamatanId, table.desaKelurahanId, table.status);
  return rows.map((row) => ({
    kecamatanId: row.kecamatanId,
    desaKelurahanId: row.desaKelurahanId,
    status: row.status,
    sums: readSums(row, keys),
  }));
}

/**
 * Live families of one ward per RW (or per RT of one RW): now from figure_rollups; at a month's end
 * from its snapshot (figure_month_end) when the month has one, else registered up to the month's end
 * from figure_month_place_rollups.
 */
async function neighbourhoodRows(
  db: DbOrTx,
  area: AreaScope,
  filter: PlaceFilter,
  by: "rw" | "rt",
  keys: readonly SumKey[],
  month?: string,
): Promise<Array<{ key: string; status: string; sums: WardRow["sums"] }>> {
  const { table, where } = await neighbourhoodSource(db, area, filter, month);
  const column = by === "rw" ? table.rw : table.rt;
  const rows = await db
    .select({ key: column, status: table.status, ...sumColumns(table, keys) })
    .from(table)
    .where(where)
    .groupBy(column, table.status)
    .orderBy(asc(column));
  return rows.map((row) => ({ key: row.key, status: row.status, sums: readSums(row, keys) }));
}

async function neighbourhoodSource(db: DbOrTx, area: AreaScope, filter: PlaceFilter, month?: string) {
  const place = (table: typeof figureRollups | typeof figureMonthPlaceRollups | typeof figureMonthEnd) =>
    rollupPlace(table, area, filter) ?? sql`true`;
  if (!month) return { table: figureRollups, where: place(figureRollups) };
  if (await monthHasSnapshot(db, month)) {
    return { table: figureMonthEnd, where: and(place(figureMonthEnd), eq(figureMonthEnd.month, month)) };
  }
  return {
    table: figureMonthPlaceRollups,
    where: and(place(figureMonthPlaceRollups), lte(figureMonthPlaceRollups.createdMonth, month)),
  };
}

// ─── Shaping ──────────────────────────────────────────────────────────────────────────────────

interface RegionSums {
  id: string;
  kode: string | null;
  nama: string;
  level: StatisticsLevel;
  sums: Sums;
}

function figureOf(
  indicator: IndicatorDefinition,
  region: RegionSums,
  hidden?: { familiesHidden: boolean; categoriesHidden: boolean[] },
  withPeople = true,
): RegionFigure {
  const families = sumOf(region.sums, "families");
  const counts = categoryCounts(indicator, region.sums);
  const familiesShown = hidden?.familiesHidden ? null : families;
  const categories = indicator.categories.map((category, index) => ({
    key: category.key,
    label: category.label,
    value: hidden?.categoriesHidden[index] ? null : (counts[index] ?? 0),
  }));
  const count = categories[0]?.value ?? null;
  const people = withPeople ? conditionPeople(indicator, region.sums) : null;
  const ratio = (value: number | null) =>
    value === null || familiesShown === null || familiesShown === 0 ? null : oneDecimal((value / familiesShown) * 100);
  return {
    id: region.id,
    kode: region.kode,
    nama: region.nama,
    level: region.level,
    families: familiesShown,
    categories,
    count,
    per100: ratio(count === null ? null : (people ?? count)),
    share: ratio(count),
    suppressed: familiesShown === null || categories.some((category) => category.value === null),
  };
}

async function regionNames(db: DbOrTx) {
  const [kecamatanRows, kelurahanRows] = await Promise.all([
    db
      .select({ id: kecamatan.id, kode: kecamatan.kode, nama: kecamatan.nama })
      .from(kecamatan)
      .orderBy(asc(kecamatan.kode)),
    db
      .select({
        id: desaKelurahan.id,
        kecamatanId: desaKelurahan.kecamatanId,
        kode: desaKelurahan.kode,
        nama: desaKelurahan.nama,
      })
      .from(desaKelurahan)
      .orderBy(asc(desaKelurahan.kode)),
  ]);
  return { kecamatanRows, kelurahanRows };
}

/** Sums for the city, every kecamatan and every kelurahan (all listed, empty ones with zeros). */
async function cityHierarchy(db: DbOrTx, area: AreaScope, keys: readonly SumKey[], month?: string) {
  const [rows, names] = await Promise.all([wardRows(db, area, {}, keys, month), regionNames(db)]);
  const city: RegionSums = { id: "kota", kode: null, nama: "Seluruh kota", level: "kota", sums: emptySums() };
  const kecamatanSums = new Map<number, RegionSums>(
    names.kecamatanRows.map((row) => [
      row.id,
      { id: String(row.id), kode: row.kode, nama: row.nama, level: "kecamatan", sums: emptySums() },
    ]),
  );
  const kelurahanSums = new Map<number, RegionSums & { kecamatanId: number }>(
    names.kelurahanRows.map((row) => [
      row.id,
      {
        id: String(row.id),
        kode: row.kode,
        nama: row.nama,
        level: "kelurahan",
        kecamatanId: row.kecamatanId,
        sums: emptySums(),
      },
    ]),
  );
  for (const row of rows) {
    addSums(city.sums, row.sums, row.status);
    const ward = kelurahanSums.get(row.desaKelurahanId);
    if (ward) addSums(ward.sums, row.sums, row.status);
    // A kecamatan is reached through its wards, as on registers (common/place-condition.ts).
    const parent = ward ? kecamatanSums.get(ward.kecamatanId) : undefined;
    if (parent) addSums(parent.sums, row.sums, row.status);
  }
  return { city, kecamatan: [...kecamatanSums.values()], kelurahan: [...kelurahanSums.values()] };
}

// ─── Public ───────────────────────────────────────────────────────────────────────────────────

/**
 * The public breakdown: the city's kecamatan, or a kecamatan's kelurahan, with small counts hidden.
 * Always computed over the whole city so every answer is a slice of the same suppressed table.
 */
export async function publicBreakdown(
  db: DbOrTx,
  input: { indicator: string; kecamatanId?: number; level?: "kecamatan" | "kelurahan" },
): Promise<Breakdown> {
  const indicator = indicatorOf(input.indicator);
  const hierarchy = await cityHierarchy(db, { kind: "all" }, indicatorSumKeys(indicator));
  const nodes: SuppressionNode[] = [
    {
      id: "kota",
      parentId: null,
      families: sumOf(hierarchy.city.sums, "families"),
      categories: categoryCounts(indicator, hierarchy.city.sums),
    },
    ...hierarchy.kecamatan.map((region) => ({
      id: `kec:${region.id}`,
      parentId: "kota",
      families: sumOf(region.sums, "families"),
      categories: categoryCounts(indicator, region.sums),
    })),
    ...hierarchy.kelurahan.map((region) => ({
      id: `kel:${region.id}`,
      parentId: `kec:${region.kecamatanId}`,
      families: sumOf(region.sums, "families"),
      categories: categoryCounts(indicator, region.sums),
    })),
  ];
  const hidden = suppress(nodes);
  const shape = (region: RegionSums, nodeId: string) => figureOf(indicator, region, hidden.get(nodeId), false);
  if (input.kecamatanId === undefined) {
    return {
      indicator,
      parent: shape(hierarchy.city, "kota"),
      rows:
        input.level === "kelurahan"
          ? hierarchy.kelurahan.map((region) => shape(region, `kel:${region.id}`))
          : hierarchy.kecamatan.map((region) => shape(region, `kec:${region.id}`)),
      suppressed: true,
      month: null,
    };
  }
  const parent = hierarchy.kecamatan.find((region) => region.id === String(input.kecamatanId));
  if (!parent) throw new DomainError("NOT_FOUND", "Kecamatan tidak ditemukan");
  return {
    indicator,
    parent: shape(parent, `kec:${parent.id}`),
    rows: hierarchy.kelurahan
      .filter((region) => region.kecamatanId === input.kecamatanId)
      .map((region) => shape(region, `kel:${region.id}`)),
    suppressed: true,
    month: null,
  };
}

// ─── Signed in ────────────────────────────────────────────────────────────────────────────────

/** Whether a kecamatan or kelurahan lies in (or contains) the area: the reader may open it. */
function touchesArea(area: AreaScope, kecamatanId: number, desaKelurahanId?: number): boolean {
  switch (area.kind) {
    case "none":
      return false;
    case "all":
      return true;
    case "kecamatan":
      return area.kecamatanId === kecamatanId;
    default:
      return desaKelurahanId === undefined || area.desaKelurahanId === desaKelurahanId;
  }
}

/**
 * The signed-in breakdown within the reader's area: the kecamatan (no filter), a kecamatan's
 * kelurahan, a kelurahan's RW, an RW's RT. Exact figures; the area bounds every sum.
 */
export async function breakdown(db: DbOrTx, actor: Actor, input: BreakdownInput): Promise<Breakdown> {
  const { scope } = readPolicyOf(actor);
  const area = scope.area;
  const indicator = indicatorOf(input.indicator);
  if (input.desaKelurahanId !== undefined) {
    const names = await regionNames(db);
    const ward = names.kelurahanRows.find((row) => row.id === input.desaKelurahanId);
    if (!ward || !touchesArea(area, ward.kecamatanId, ward.id))
      throw new DomainError("NOT_FOUND", "Wilayah tidak ditemukan");
    const by = input.rw === undefined ? "rw" : "rt";
    const filter: PlaceFilter = { desaKelurahanId: ward.id, ...(input.rw === undefined ? {} : { rw: input.rw }) };
    const rows = await neighbourhoodRows(db, area, filter, by, indicatorSumKeys(indicator), input.month);
    const parentSums: RegionSums = {
      id: input.rw ?? String(ward.id),
      kode: input.rw === undefined ? ward.kode : null,
      nama: input.rw === undefined ? ward.nama : `RW ${input.rw}`,
      level: input.rw === undefined ? "kelurahan" : "rw",
      sums: emptySums(),
    };
    const children = new Map<string, RegionSums>();
    for (const row of rows) {
      addSums(parentSums.sums, row.sums, row.status);
      const child = children.get(row.key) ?? {
        id: row.key,
        kode: null,
        nama: row.key === "" ? "Tanpa nomor" : `${by.toUpperCase()} ${row.key}`,
        level: by,
        sums: emptySums(),
      };
      addSums(child.sums, row.sums, row.status);
      children.set(row.key, child);
    }
    return {
      indicator,
      parent: figureOf(indicator, parentSums),
      rows: [...children.values()].map((child) => figureOf(indicator, child)),
      suppressed: false,
      month: input.month ?? null,
    };
  }
  const hierarchy = await cityHierarchy(db, area, indicatorSumKeys(indicator), input.month);
  if (input.kecamatanId === undefined) {
    const parent = area.kind === "all" ? hierarchy.city : { ...hierarchy.city, nama: "Wilayah kerja Anda" };
    if (input.level === "kelurahan") {
      return {
        indicator,
        parent: figureOf(indicator, parent),
        rows: hierarchy.kelurahan
          .filter((region) => touchesArea(area, region.kecamatanId, Number(region.id)))
          .map((region) => figureOf(indicator, region)),
        suppressed: false,
        month: input.month ?? null,
      };
    }
    return {
      indicator,
      parent: figureOf(indicator, parent),
      rows: hierarchy.kecamatan
        .filter((region) => touchesArea(area, Number(region.id)))
        .filter(
          (region) =>
            area.kind === "all" ||
            area.kind === "kecamatan" ||
            sumOf(region.sums, "families") > 0 ||
            wardInKecamatan(hierarchy.kelurahan, area, Number(region.id)),
        )
        .map((region) => figureOf(indicator, region)),
      suppressed: false,
      month: input.month ?? null,
    };
  }
  const parent = hierarchy.kecamatan.find((region) => region.id === String(input.kecamatanId));
  if (!parent || !touchesArea(area, Number(parent.id))) throw new DomainError("NOT_FOUND", "Wilayah tidak ditemukan");
  return {
    indicator,
    parent: figureOf(indicator, parent),
    rows: hierarchy.kelurahan
      .filter(
        (region) =>
          region.kecamatanId === input.kecamatanId && touchesArea(area, region.kecamatanId, Number(region.id)),
      )
      .map((region) => figureOf(indicator, region)),
    suppressed: false,
    month: input.month ?? null,
  };
}

/** For a reader below kecamatan level: the kecamatan that holds its ward. */
function wardInKecamatan(
  kelurahan: Array<{ id: string; kecamatanId: number }>,
  area: AreaScope,
  kecamatanId: number,
): boolean {
  if (area.kind === "all" || area.kind === "kecamatan" || area.kind === "none") return false;
  return kelurahan.some((ward) => ward.kecamatanId === kecamatanId && ward.id === String(area.desaKelurahanId));
}

// ─── Trend ────────────────────────────────────────────────────────────────────────────────────

export interface TrendPoint {
  /** 'YYYY-MM' (WIB): live families registered up to that month's end. */
  month: string;
  families: number | null;
  categories: CategoryFigure[];
}

export interface Trend {
  indicator: IndicatorDefinition;
  points: TrendPoint[];
  suppressed: boolean;
}

/** A trend's statements differ by the place's shape and the indicator's sums only. */
interface TrendShape {
  place: PlaceShape;
  keys: readonly SumKey[];
}

const trendShapeKey = ({ place, keys }: TrendShape) => `${place.key}|${keys.join(",")}`;

/**
 * Each closed month's sums of a place as they stood at its end (the month-end snapshots), written
 * once per shape: drizzle writing the text of this and the next statement was a third of a ward's
 * or an RT's trend at 1,000,000 families (the service 1.26-1.63 times its raw SQL).
 */
const monthEndSumsQuery = compiledQuery("trend_month_end_sums", trendShapeKey, (db, { place, keys }: TrendShape) => {
  const table = monthEndFigureTable(place);
  return db
    .select({ month: table.month, status: table.status, ...sumColumns(table, keys) })
    .from(table)
    .where(placeCondition(table, place))
    .groupBy(table.month, table.status);
});

/** Families registered in each month, as they are now (a ward or wider per ward, an RW or RT per RT). */
const monthRollupSumsQuery = compiledQuery("trend_month_sums", trendShapeKey, (db, { place, keys }: TrendShape) => {
  // A ward or wider reads the per-ward month rollups; an RW or RT the per-RT ones (issue 19).
  const table = place.wardOrWider ? figureMonthRollups : figureMonthPlaceRollups;
  return db
    .select({ month: table.createdMonth, status: table.status, ...sumColumns(table, keys) })
    .from(table)
    .where(placeCondition(table, place))
    .groupBy(table.createdMonth, table.status)
    .orderBy(asc(table.createdMonth));
});

/**
 * A place's figures at the end of each month: a closed month's snapshot where it has one (a family
 * deleted or edited since no longer moves it), else every family registered up to the month's end
 * as it is now (the month rollups, cumulative).
 */
async function monthlySums(
  db: DbOrTx,
  area: AreaScope,
  filter: PlaceFilter,
  keys: readonly SumKey[],
): Promise<Array<{ month: string; sums: Sums }>> {
  const shape: TrendShape = { place: placeShape(area, filter), keys };
  const [rows, snapshots] = await Promise.all([
    monthRollupSumsQuery(db, shape, shape.place.values),
    monthEndSumsQuery(db, shape, shape.place.values),
  ]);
  const closed = new Map<string, Sums>();
  for (const row of snapshots) {
    const sums = closed.get(row.month) ?? emptySums();
    addSums(sums, readSums(row, keys), row.status);
    closed.set(row.month, sums);
  }
  const months = [...new Set([...rows.map((row) => row.month), ...closed.keys()])].sort();
  // Cumulative: a month's point counts every family registered up to its end.
  const running = emptySums();
  let next = 0;
  return months.map((month) => {
    for (let row = rows[next]; row && row.month <= month; row = rows[++next]) {
      addSums(running, readSums(row, keys), row.status);
    }
    return { month, sums: closed.get(month) ?? { values: { ...running.values }, statuses: { ...running.statuses } } };
  });
}

/** The signed-in trend of a place in the reader's area (city down to the reader's own RW or RT). */
export async function trend(
  db: DbOrTx,
  actor: Actor,
  input: { indicator: string; kecamatanId?: number; desaKelurahanId?: number },
): Promise<Trend> {
  const { scope } = readPolicyOf(actor);
  const indicator = indicatorOf(input.indicator);
  const filter: PlaceFilter = {
    ...(input.kecamatanId === undefined ? {} : { kecamatanId: input.kecamatanId }),
    ...(input.desaKelurahanId === undefined ? {} : { desaKelurahanId: input.desaKelurahanId }),
  };
  const points = await monthlySums(db, scope.area, filter, indicatorSumKeys(indicator));
  return {
    indicator,
    points: points.map(({ month, sums }) => {
      const figure = figureOf(indicator, { id: month, kode: null, nama: month, level: "kota", sums });
      return { month, families: figure.families, categories: figure.categories };
    }),
    suppressed: false,
  };
}

/**
 * The public trend, city-wide only. Walking back from now, a month is shown only when none of its
 * values is 1–4 and each differs from the next shown month's by 0 or at least 5, so no two shown
 * points reveal a small number of families registered between them. When the city's current cells
 * are suppressed in the public table, the whole trend is hidden.
 */
export async function publicTrend(db: DbOrTx, input: { indicator: string }): Promise<Trend> {
  const indicator = indicatorOf(input.indicator);
  const now = await publicBreakdown(db, { indicator: input.indicator });
  const points = await monthlySums(db, { kind: "all" }, {}, indicatorSumKeys(indicator));
  const hideAll = now.parent.suppressed;
  const vectors = points.map(({ sums }) => [sumOf(sums, "families"), ...categoryCounts(indicator, sums)]);
  const shown = new Array<boolean>(points.length).fill(false);
  let reference: number[] | null = null;
  for (let index = points.length - 1; index >= 0; index--) {
    const values = vectors[index] ?? [];
    const small = (value: number) => value > 0 && value < 5;
    const ok =
      !hideAll &&
      values.every((value) => !small(value)) &&
      (reference === null || values.every((value, at) => !small((reference?.[at] ?? 0) - value)));
    if (ok) {
      shown[index] = true;
      reference = values;
    }
  }
  return {
    indicator,
    points: points.map(({ month }, index) => {
      const values = vectors[index] ?? [];
      const visible = shown[index] === true;
      return {
        month,
        families: visible ? (values[0] ?? 0) : null,
        categories: indicator.categories.map((category, at) => ({
          key: category.key,
          label: category.label,
          value: visible ? (values[at + 1] ?? 0) : null,
        })),
      };
    }),
    suppressed: true,
  };
}

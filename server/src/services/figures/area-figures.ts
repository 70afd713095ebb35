// The figures of an area: water and MCK, house criteria, the nine special conditions. Shared by the
// dashboard, the special-conditions monitor and the monthly report. Read from the trigger-kept
// rollups (schema/figures.ts); the aggregate over register rows remains for a past month's report of
// an RW or RT (the month rollups stop at the ward) and is the definition the rollups must equal.
import { and, count, eq, gt, inArray, lt, lte, not, or, sql, sum, type SQL } from "drizzle-orm";
import { specialConditionKeys, type SpecialConditionKey } from "@shared/enums.ts";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import {
  figureMonthEnd,
  figureMonthEndMarks,
  figureMonthEndWards,
  figureMonthRollups,
  figureRollups,
  figureWardRollups,
} from "../../db/schema/figures.ts";
import type { AreaScope } from "../registers/scope.ts";
import { compiledQuery } from "../../db/compiled.ts";
import {
  isWardOrWider,
  placeCondition,
  placeShape,
  rollupPlace,
  type PlaceFilter,
  type PlaceShape,
} from "../common/place-condition.ts";
import { registers } from "../../db/schema/registers.ts";
import { conditionCountColumn } from "../registers/filters.ts";
import { selectionCondition, selectionShapeKey, type RegisterSelection } from "../registers/policy.ts";

const countWhere = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);

/**
 * 'Perlu bantuan' (the spec names the figure but not its rule): a less healthy house that lacks a
 * trash bin or a drainage channel. The screens say so next to the figure.
 */
export const needsHelpCondition = and(
  eq(registers.houseLessHealthy, true),
  or(not(registers.hasTrashBin), not(registers.hasDrainage)),
);

export const wellSources = ["Sumur Bor", "Sumur Gali"] as const;

export interface ConditionFigure {
  key: SpecialConditionKey;
  /** Families with the condition. */
  families: number;
  /** People counted across those families. */
  people: number;
}

export interface AreaFigures {
  families: number;
  water: { pdam: number; well: number; mck: number };
  house: { healthy: number; lessHealthy: number; needsHelp: number };
  conditions: ConditionFigure[];
  anyCondition: number;
}

/** The figures' sums over register rows (the definition the rollups must equal). */
function rowFigureColumns() {
  const conditionColumns = Object.fromEntries(
    specialConditionKeys.flatMap((key) => {
      const column = conditionCountColumn(key);
      return [
        [`${key}Families`, countWhere(gt(column, 0))],
        [`${key}People`, sql<number>`coalesce(${sum(column)}, 0)`.mapWith(Number)],
      ];
    }),
  );
  return {
    families: count(),
    pdam: countWhere(eq(registers.waterSource, "PDAM")),
    well: countWhere(inArray(registers.waterSource, [...wellSources])),
    mck: countWhere(eq(registers.mckFacility, true)),
    healthy: countWhere(eq(registers.houseHealthy, true)),
    lessHealthy: countWhere(eq(registers.houseLessHealthy, true)),
    needsHelp: countWhere(needsHelpCondition),
    anyCondition: countWhere(eq(registers.hasSpecialCondition, true)),
    ...conditionColumns,
  };
}

function rowFigures(row: Record<string, unknown> | undefined): AreaFigures {
  const values = new Map(Object.entries(row ?? {}));
  const read = (key: string): number => Number(values.get(key) ?? 0);
  return {
    families: read("families"),
    water: { pdam: read("pdam"), well: read("well"), mck: read("mck") },
    house: { healthy: read("healthy"), lessHealthy: read("lessHealthy"), needsHelp: read("needsHelp") },
    conditions: specialConditionKeys.map((key) => ({
      key,
      families: read(`${key}Families`),
      people: read(`${key}People`),
    })),
    anyCondition: read("anyCondition"),
  };
}

/** The figures of the registers matching `where`, summed over their rows. */
export async function areaFiguresFromRows(db: DbOrTx, where: SQL): Promise<AreaFigures> {
  const [row] = await db.select(rowFigureColumns()).from(registers).where(where);
  return rowFigures(row);
}

const selectionFiguresQuery = compiledQuery("selection_figures", selectionShapeKey, (db, selection) =>
  db
    .select(rowFigureColumns())
    .from(registers)
    .where(and(selectionCondition(selection, "placeholders"), lt(registers.createdAt, sql.placeholder("end")))),
);

/**
 * areaFiguresFromRows for a selection's families registered before `end` (an RW's or RT's month
 * end: the month rollups stop at the ward), its statement written once per shape.
 */
export async function selectionFiguresBefore(
  db: DbOrTx,
  selection: RegisterSelection,
  end: Date,
): Promise<AreaFigures> {
  const [row] = await selectionFiguresQuery(db, selection, { ...selection.place.values, end: end.toISOString() });
  return rowFigures(row);
}

export type FigureTable = typeof figureRollups | typeof figureWardRollups | typeof figureMonthRollups;

const total = (column: PgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** The sums a figure reads from a rollup table (figure_rollups, figure_ward_rollups, figure_month_rollups) or a month-end snapshot. */
function figureSums(table: FigureTable | typeof figureMonthEnd | typeof figureMonthEndWards) {
  return {
    families: total(table.families),
    pdam: total(table.waterPdam),
    well: total(table.waterWell),
    mck: total(table.mck),
    healthy: total(table.houseHealthy),
    lessHealthy: total(table.houseLessHealthy),
    needsHelp: total(table.needsHelp),
    anyCondition: total(table.specialFamilies),
    ...Object.fromEntries(
      specialConditionKeys.flatMap((key) => [
        [`${key}Families`, total(table[`${key}Families`])],
        [`${key}People`, total(table[`${key}People`])],
      ]),
    ),
  };
}

function figuresOf(row: Record<string, unknown> | undefined): AreaFigures {
  const values = new Map(Object.entries(row ?? {}));
  const read = (key: string): number => Number(values.get(key) ?? 0);
  return {
    families: read("families"),
    water: { pdam: read("pdam"), well: read("well"), mck: read("mck") },
    house: { healthy: read("healthy"), lessHealthy: read("lessHealthy"), needsHelp: read("needsHelp") },
    conditions: specialConditionKeys.map((key) => ({
      key,
      families: read(`${key}Families`),
      people: read(`${key}People`),
    })),
    anyCondition: read("anyCondition"),
  };
}

/**
 * The table a place's current figures live in: a ward or wider sums the per-ward rollup (a few
 * hundred rows for the whole city); an RW or RT reads its own rows of figure_rollups.
 */
export const currentFigureTable = (shape: Pick<PlaceShape, "wardOrWider">) =>
  shape.wardOrWider ? figureWardRollups : figureRollups;

const placeFiguresQuery = compiledQuery(
  "place_figures",
  (shape: PlaceShape) => shape.key,
  (db, shape) => {
    const table = currentFigureTable(shape);
    return db.select(figureSums(table)).from(table).where(placeCondition(table, shape));
  },
);

/** A place's figures now (the sums over figureSource's rows), its statement written once per shape of place. */
export async function placeFigures(db: DbOrTx, shape: PlaceShape): Promise<AreaFigures> {
  const [row] = await placeFiguresQuery(db, shape, shape.values);
  return figuresOf(row);
}

const monthEndFiguresQuery = compiledQuery(
  "month_end_figures",
  (shape: PlaceShape) => shape.key,
  (db, shape) =>
    db
      .select(figureSums(figureMonthRollups))
      .from(figureMonthRollups)
      .where(
        and(placeCondition(figureMonthRollups, shape), lte(figureMonthRollups.createdMonth, sql.placeholder("month"))),
      ),
);

/**
 * The figures of a ward-or-wider place at the end of `month` ('YYYY-MM', WIB): its snapshot when
 * the month has one (snapshotFigures), else the families registered up to the month's end that are
 * live now (the month rollups), written once per shape of place.
 */
export async function monthEndFigures(db: DbOrTx, shape: PlaceShape, month: string): Promise<AreaFigures> {
  const snapshot = await snapshotFigures(db, shape, month);
  if (snapshot) return snapshot;
  const [row] = await monthEndFiguresQuery(db, shape, { ...shape.values, month });
  return figuresOf(row);
}

/** Where a closed month's figures of a place are kept: per ward for a ward or wider, else per RT. */
export const monthEndFigureTable = (shape: Pick<PlaceShape, "wardOrWider">) =>
  shape.wardOrWider ? figureMonthEndWards : figureMonthEnd;

const snapshotFiguresQuery = compiledQuery(
  "month_end_snapshot_figures",
  (shape: PlaceShape) => shape.key,
  (db, shape) => {
    const table = monthEndFigureTable(shape);
    return db
      .select({
        ...figureSums(table),
        taken: sql<boolean>`exists (select 1 from ${figureMonthEndMarks} where ${figureMonthEndMarks.month} = ${sql.placeholder("month")})`,
      })
      .from(table)
      .where(and(placeCondition(table, shape), eq(table.month, sql.placeholder("month"))));
  },
);

/** Whether `month` ('YYYY-MM') has its month-end snapshot (figure_month_end). */
export async function monthHasSnapshot(db: DbOrTx, month: string): Promise<boolean> {
  const rows = await db
    .select({ month: figureMonthEndMarks.month })
    .from(figureMonthEndMarks)
    .where(eq(figureMonthEndMarks.month, month));
  return rows.length > 0;
}

/**
 * A place's figures as they stood at the end of `month` (figure_month_end, taken by the first write
 * after the month: migration issue12_month_end_custom), or null when the month has no snapshot
 * (the current month, or one no write has followed yet): the caller reads the live rollups then.
 */
export async function snapshotFigures(db: DbOrTx, shape: PlaceShape, month: string): Promise<AreaFigures | null> {
  const [row] = await snapshotFiguresQuery(db, shape, { ...shape.values, month });
  if (!row?.taken) return null;
  return figuresOf(row);
}

/** Where the figures of a place live now (currentFigureTable) and the rows of the place there. */
export function figureSource(area: AreaScope, filter: PlaceFilter = {}): { table: FigureTable; where: SQL } {
  const table = currentFigureTable({ wardOrWider: isWardOrWider(area, filter) });
  return { table, where: rollupPlace(table, area, filter) };
}

/** The live families' figures now, for an area and an optional place filter. */
export function areaFigures(db: DbOrTx, area: AreaScope, filter: PlaceFilter = {}): Promise<AreaFigures> {
  return placeFigures(db, placeShape(area, filter));
}

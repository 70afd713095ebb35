// The figures of an area in one aggregate over indexed columns (DESIGN §3: never a scan of JSON):
// water and MCK, house criteria, the nine special conditions. Shared by the dashboard, the
// special-conditions monitor and the monthly report.
import { and, count, eq, gt, inArray, not, or, sql, sum, type SQL } from "drizzle-orm";
import { specialConditionKeys, type SpecialConditionKey } from "@shared/enums.ts";
import type { DbOrTx } from "../../db/client.ts";
import { registers } from "../../db/schema/registers.ts";
import { conditionCountColumn } from "../registers/filters.ts";

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

export async function areaFigures(db: DbOrTx, where: SQL): Promise<AreaFigures> {
  const conditionColumns = Object.fromEntries(
    specialConditionKeys.flatMap((key) => {
      const column = conditionCountColumn(key);
      return [
        [`${key}Families`, countWhere(gt(column, 0))],
        [`${key}People`, sql<number>`coalesce(${sum(column)}, 0)`.mapWith(Number)],
      ];
    }),
  );
  const [row] = await db
    .select({
      families: count(),
      pdam: countWhere(eq(registers.waterSource, "PDAM")),
      well: countWhere(inArray(registers.waterSource, [...wellSources])),
      mck: countWhere(eq(registers.mckFacility, true)),
      healthy: countWhere(eq(registers.houseHealthy, true)),
      lessHealthy: countWhere(eq(registers.houseLessHealthy, true)),
      needsHelp: countWhere(needsHelpCondition),
      anyCondition: countWhere(eq(registers.hasSpecialCondition, true)),
      ...conditionColumns,
    })
    .from(registers)
    .where(where);
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

// Exact numbers of live families for a list's filter, read from the rollups instead of counting rows:
// an unsearched list (records, the validation queue, the special-conditions monitor) gets its total
// for the cost of summing a few rollup rows, however large the city.
import { and, count, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { SpecialConditionKey } from "@shared/enums.ts";
import type { RegisterStatus } from "@shared/status.ts";
import type { DbOrTx } from "../../db/client.ts";
import { registers } from "../../db/schema/registers.ts";
import { scopeCondition, type AreaScope } from "../registers/scope.ts";
import { figureSource } from "./area-figures.ts";
import type { PlaceFilter } from "./rollup-place.ts";

export interface FamilyCountFilter extends PlaceFilter {
  statuses?: readonly RegisterStatus[];
  /** Families with this condition, or with any ("any"). */
  condition?: SpecialConditionKey | "any";
}

export async function liveFamilyCount(db: DbOrTx, area: AreaScope, filter: FamilyCountFilter = {}): Promise<number> {
  const { table, where } = figureSource(area, filter);
  const column =
    filter.condition === undefined
      ? table.families
      : filter.condition === "any"
        ? table.specialFamilies
        : table[`${filter.condition}Families`];
  const conditions: SQL[] = [where];
  if (filter.statuses) conditions.push(inArray(table.status, [...filter.statuses]));
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number) })
    .from(table)
    .where(and(...conditions));
  return row?.total ?? 0;
}

/**
 * Live registrations of an area: the families from the rollups plus, when the reader sees them,
 * the cadres' own registrations (few; a partial index counts them). The REST list's exact total.
 */
export async function liveRegisterCount(
  db: DbOrTx,
  area: AreaScope,
  options: { cadreForms: boolean },
): Promise<number> {
  const families = await liveFamilyCount(db, area);
  if (!options.cadreForms) return families;
  const [row] = await db
    .select({ total: count() })
    .from(registers)
    .where(and(scopeCondition(area), eq(registers.formType, "kader_registration"), isNull(registers.deletedAt)));
  return families + (row?.total ?? 0);
}

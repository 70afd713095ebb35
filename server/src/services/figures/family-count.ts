// Exact numbers of live families for a list's filter, read from the rollups instead of counting rows:
// an unsearched list (records, the validation queue, the special-conditions monitor) gets its total
// for the cost of summing a few rollup rows, however large the city.
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { SpecialConditionKey } from "@shared/enums.ts";
import type { RegisterStatus } from "@shared/status.ts";
import type { DbOrTx } from "../../db/client.ts";
import { registers } from "../../db/schema/registers.ts";
import { scopeCondition, type AreaScope } from "../registers/scope.ts";
import { figureSource } from "./area-figures.ts";
import { isWardOrWider, rollupPlace, type PlaceFilter } from "./rollup-place.ts";
import { registerCounts } from "../../db/schema/register-counts.ts";

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
 * Live registrations of an area as one SQL value (for a list's statement to carry), the REST list's
 * exact total: for a ward or wider, from the register counts; for an RW or RT, the families from the
 * rollups plus, when the reader sees them, the cadres' own registrations (few; a partial index
 * counts them).
 */
export function liveRegisterCountSql(area: AreaScope, options: { cadreForms: boolean }): SQL {
  if (isWardOrWider(area)) {
    // A ward or wider: a few dozen rows of the trigger-kept register counts.
    const forms = options.cadreForms ? undefined : eq(registerCounts.formType, "family_registration");
    return sql`(select coalesce(sum(${registerCounts.live}), 0) from ${registerCounts} where ${and(rollupPlace(registerCounts, area), forms) ?? sql`true`})`;
  }
  const { table, where } = figureSource(area);
  const families = sql`(select coalesce(sum(${table.families}), 0) from ${table} where ${where})`;
  if (!options.cadreForms) return families;
  const cadres = and(scopeCondition(area), eq(registers.formType, "kader_registration"), isNull(registers.deletedAt));
  return sql`${families} + (select count(*) from ${registers} where ${cadres})`;
}

export async function liveRegisterCount(
  db: DbOrTx,
  area: AreaScope,
  options: { cadreForms: boolean },
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`(${liveRegisterCountSql(area, options)})::float8`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  return row?.total ?? 0;
}

// Exact numbers of live families for a list's filter, read from the rollups instead of counting rows:
// an unsearched list (records, the validation queue, the special-conditions monitor) gets its total
// for the cost of summing a few rollup rows, however large the city.
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { SpecialConditionKey } from "@shared/enums.ts";
import type { RegisterStatus } from "@shared/status.ts";
import type { DbOrTx } from "../../db/client.ts";
import { registers } from "../../db/schema/registers.ts";
import { registerPlaceColumns, type AreaScope } from "../registers/scope.ts";
import { conditionCondition } from "../registers/filters.ts";
import { compiledQuery } from "../../db/compiled.ts";
import { currentFigureTable, type FigureTable } from "./area-figures.ts";
import {
  isWardOrWider,
  placeCondition,
  placeShape,
  rollupPlace,
  type PlaceFilter,
  type PlaceShape,
} from "../common/place-condition.ts";
import { registerCounts } from "../../db/schema/register-counts.ts";

export interface FamilyCountFilter extends PlaceFilter {
  statuses?: readonly RegisterStatus[];
  /** Families with this condition, or with any ("any"). */
  condition?: SpecialConditionKey | "any";
}

/** What decides a count's statement: the shape of its place, the statuses and the condition. */
interface CountShape {
  place: PlaceShape;
  statuses: readonly RegisterStatus[] | undefined;
  condition: FamilyCountFilter["condition"];
}

/** The families a count sums: all, those with any special condition, or those with one. */
function countedFamilies(table: FigureTable, condition: FamilyCountFilter["condition"]) {
  return condition === undefined
    ? table.families
    : condition === "any"
      ? table.specialFamilies
      : table[`${condition}Families`];
}

const statusCondition = (table: FigureTable, statuses: readonly RegisterStatus[] | undefined) =>
  statuses ? inArray(table.status, [...statuses]) : undefined;

const liveFamilyCountQuery = compiledQuery(
  "live_family_count",
  ({ place, statuses, condition }: CountShape) => `${place.key}|${statuses?.join(",") ?? "*"}|${condition ?? "*"}`,
  (db, { place, statuses, condition }) => {
    const table = currentFigureTable(place);
    return db
      .select({ total: sql<number>`coalesce(sum(${countedFamilies(table, condition)}), 0)`.mapWith(Number) })
      .from(table)
      .where(and(placeCondition(table, place), statusCondition(table, statuses)));
  },
);

export async function liveFamilyCount(db: DbOrTx, area: AreaScope, filter: FamilyCountFilter = {}): Promise<number> {
  const place = placeShape(area, filter);
  const [row] = await liveFamilyCountQuery(
    db,
    { place, statuses: filter.statuses, condition: filter.condition },
    place.values,
  );
  return row?.total ?? 0;
}

/**
 * liveFamilyCount as one SQL value, the place's values as placeholders (`place0`, … of
 * place.values), for a statement that reads it beside other counts in one snapshot.
 */
export function liveFamilyCountSql(
  place: PlaceShape,
  filter: Pick<FamilyCountFilter, "statuses" | "condition"> = {},
): SQL {
  const table = currentFigureTable(place);
  return sql`(select coalesce(sum(${countedFamilies(table, filter.condition)}), 0) from ${table} where ${and(
    placeCondition(table, place),
    statusCondition(table, filter.statuses),
  )})`;
}

/** What a register list narrows its reader's area to, where the rollups can count it (REST filters). */
export interface RegisterCountFilter extends FamilyCountFilter {
  /** Family registrations only, even for a reader who also sees the cadres' own registrations. */
  familiesOnly?: boolean;
}

/**
 * Live registrations of an area (narrowed by `filter`) as one SQL value, for a list's statement to
 * carry: the REST list's exact total. Unnarrowed by status or condition, for a ward or wider, from
 * the register counts; otherwise the families from the rollups plus, when the reader sees them, the
 * cadres' own registrations (few; a partial index counts them).
 */
export function liveRegisterCountSql(
  area: AreaScope,
  options: { cadreForms: boolean },
  filter: RegisterCountFilter = {},
): SQL {
  const cadreForms = options.cadreForms && filter.familiesOnly !== true;
  const { statuses, condition } = filter;
  if (isWardOrWider(area, filter) && statuses === undefined && condition === undefined) {
    // A ward or wider: a few dozen rows of the trigger-kept register counts.
    const forms = cadreForms ? undefined : eq(registerCounts.formType, "family_registration");
    return sql`(select coalesce(sum(${registerCounts.live}), 0) from ${registerCounts} where ${and(rollupPlace(registerCounts, area, filter), forms) ?? sql`true`})`;
  }
  const table = currentFigureTable({ wardOrWider: isWardOrWider(area, filter) });
  const families = sql`(select coalesce(sum(${countedFamilies(table, condition)}), 0) from ${table} where ${and(
    rollupPlace(table, area, filter),
    statusCondition(table, statuses),
  )})`;
  if (!cadreForms) return families;
  const cadres = and(
    rollupPlace(registerPlaceColumns, area, filter),
    eq(registers.formType, "kader_registration"),
    isNull(registers.deletedAt),
    statuses ? inArray(registers.status, [...statuses]) : undefined,
    condition ? conditionCondition(condition) : undefined,
  );
  return sql`${families} + (select count(*) from ${registers} where ${cadres})`;
}

export async function liveRegisterCount(
  db: DbOrTx,
  area: AreaScope,
  options: { cadreForms: boolean },
  filter: RegisterCountFilter = {},
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`(${liveRegisterCountSql(area, options, filter)})::float8`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  return row?.total ?? 0;
}

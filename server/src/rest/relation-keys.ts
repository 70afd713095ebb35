// A relation filter (`filters[desa_kelurahan][nama][$eq]=Bintara`) read as the related keys first,
// then the list filtered by those keys (`desa_kelurahan_id in (5)`). Compiled as one sub-select,
// PostgreSQL could not know which keys, nor how many rows they hold: it walked the registers in id
// order expecting a match soon, and a name no ward has (a partner's typo, or a new ward without
// families yet) read every live register before answering nothing (0.63–0.73 s a request at
// 1,000,000 families). With the keys known it reads the ward's index, or nothing at all; a ward
// named instead of numbered also gets its total from the rollups (register-count-filter.ts).
// Related tables are regions here: a few hundred rows at most.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { resultRows } from "../db/raw-rows.ts";
import { asksForAbsence, compileFilter, relationNamed } from "./filter-sql.ts";
import type { FilterNode } from "./query.ts";
import type { RestResource } from "./resource.ts";

/** More related keys than this stay a sub-select: a long `in` list costs more to plan than it saves. */
const MAX_KEYS = 1000;

type RelationFilter = Extract<FilterNode, { kind: "relation" }>;

/** Integer keys only: the reads are one `union all`, and every relation here is keyed by an id. */
const INTEGER_KEY = new Set(["integer", "serial", "smallint", "smallserial"]);

/**
 * Whether the relation filter is worth reading first. A filter on the related id by equality is
 * not: PostgreSQL carries `id = 5` through the sub-select to the local column and its index.
 */
function readsFirst(resource: RestResource, node: RelationFilter): boolean {
  const relation = relationNamed(resource, node.relation);
  if (!INTEGER_KEY.has(relation.foreignColumn.getSQLType())) return false;
  // Entries without related rows can match it (a left join's nulls); their keys are in no table.
  if (asksForAbsence(node.filter)) return false;
  const { filter } = node;
  const idEquality =
    relation.foreignColumn === relation.target().id &&
    filter.kind === "compare" &&
    filter.field === "id" &&
    filter.operator === "$eq";
  return !idEquality;
}

/** The relation filters of `filter` (outermost only: a nested one is read with its parent). */
function pendingOf(resource: RestResource, filter: FilterNode, found: RelationFilter[]): RelationFilter[] {
  switch (filter.kind) {
    case "and":
    case "or":
      for (const item of filter.items) pendingOf(resource, item, found);
      return found;
    case "not":
      return pendingOf(resource, filter.item, found);
    case "relation":
      if (readsFirst(resource, filter)) found.push(filter);
      return found;
    case "compare":
    case "related":
      return found;
  }
}

/**
 * The keys each pending filter selects, in one statement (a query may hold hundreds of them);
 * undefined for one that selects more than MAX_KEYS.
 */
async function keysOf(
  db: Db,
  resource: RestResource,
  pending: RelationFilter[],
): Promise<Map<RelationFilter, unknown[] | undefined>> {
  const reads = pending.map((node, index) => {
    const relation = relationNamed(resource, node.relation);
    const target = relation.target();
    return sql`(select ${index}::integer as n, k.key from (select distinct ${relation.foreignColumn} as key from ${target.table} where ${compileFilter(target, node.filter)} limit ${MAX_KEYS + 1}) k)`;
  });
  const rows = resultRows(await db.execute(sql.join(reads, sql` union all `)));
  const keys = pending.map((): unknown[] => []);
  for (const row of rows) keys[Number(row.n)]?.push(row.key);
  return new Map(
    pending.map((node, index) => {
      const found = keys[index] ?? [];
      return [node, found.length <= MAX_KEYS ? found : undefined];
    }),
  );
}

/** `filter` with each relation filter that `keys` holds replaced by its keys. */
function replaced(filter: FilterNode, keys: Map<RelationFilter, unknown[] | undefined>): FilterNode {
  switch (filter.kind) {
    case "and":
    case "or":
      return { kind: filter.kind, items: filter.items.map((item) => replaced(item, keys)) };
    case "not":
      return { kind: "not", item: replaced(filter.item, keys) };
    case "relation": {
      const known = keys.get(filter);
      return known ? { kind: "related", relation: filter.relation, keys: known } : filter;
    }
    case "compare":
    case "related":
      return filter;
  }
}

/**
 * `filter` with each relation filter replaced by the keys it selects: the same rows, also under
 * `$not` (a null key is kept, as `in (select …)` would meet it).
 */
export async function withRelationKeys(db: Db, resource: RestResource, filter: FilterNode): Promise<FilterNode> {
  const pending = pendingOf(resource, filter, []);
  if (pending.length === 0) return filter;
  return replaced(filter, await keysOf(db, resource, pending));
}

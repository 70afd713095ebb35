// A relation filter (`filters[desa_kelurahan][nama][$eq]=Bintara`) read as the related keys first,
// then the list filtered by those keys (`desa_kelurahan_id in (5)`). Compiled as one sub-select,
// PostgreSQL could not know which keys, nor how many rows they hold: it walked the registers in id
// order expecting a match soon, and a name no ward has (a partner's typo, or a new ward without
// families yet) read every live register before answering nothing (0.65–0.86 s a request at
// 1,000,000 families). With the keys known it reads the ward's index, or nothing at all; a ward
// named instead of numbered also gets its total from the rollups (register-count-filter.ts).
// Related tables are regions here: a few hundred rows at most.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { resultRows } from "../db/raw-rows.ts";
import type { FilterNode, ParsedQuery } from "./query.ts";
import { compileFilter, relationNamed, type RestResource } from "./resource.ts";

/** More related keys than this stay a sub-select: a long `in` list costs more to plan than it saves. */
const MAX_KEYS = 1000;

/**
 * A filter on the related id by equality needs no first read: PostgreSQL carries `id = 5` through
 * the sub-select to the local column and its index.
 */
function isRelatedIdEquality(resource: RestResource, node: Extract<FilterNode, { kind: "relation" }>): boolean {
  const relation = relationNamed(resource, node.relation);
  const { filter } = node;
  return (
    relation.foreignColumn === relation.target().id &&
    filter.kind === "compare" &&
    filter.field === "id" &&
    filter.operator === "$eq"
  );
}

/** The keys the relation's filter selects, or undefined when there are more than MAX_KEYS. */
async function relatedKeys(
  db: Db,
  resource: RestResource,
  node: Extract<FilterNode, { kind: "relation" }>,
): Promise<unknown[] | undefined> {
  const relation = relationNamed(resource, node.relation);
  const target = relation.target();
  const rows = resultRows(
    await db.execute(
      sql`select distinct ${relation.foreignColumn} as key from ${target.table} where ${compileFilter(target, node.filter)} limit ${MAX_KEYS + 1}`,
    ),
  );
  return rows.length > MAX_KEYS ? undefined : rows.map((row) => row.key);
}

/**
 * `filter` with each relation filter replaced by the keys it selects: the same rows, also under
 * `$not` (a null key is kept, as `in (select …)` would meet it).
 */
export async function withRelationKeys(db: Db, resource: RestResource, filter: FilterNode): Promise<FilterNode> {
  switch (filter.kind) {
    case "and":
    case "or":
      return {
        kind: filter.kind,
        items: await Promise.all(filter.items.map((item) => withRelationKeys(db, resource, item))),
      };
    case "not":
      return { kind: "not", item: await withRelationKeys(db, resource, filter.item) };
    case "relation": {
      if (isRelatedIdEquality(resource, filter)) return filter;
      const keys = await relatedKeys(db, resource, filter);
      return keys ? { kind: "related", relation: filter.relation, keys } : filter;
    }
    case "compare":
    case "related":
      return filter;
  }
}

/** The query with its relation filters read as keys (withRelationKeys), for findMany. */
export async function queryWithRelationKeys(db: Db, resource: RestResource, query: ParsedQuery): Promise<ParsedQuery> {
  return query.filters ? { ...query, filters: await withRelationKeys(db, resource, query.filters) } : query;
}

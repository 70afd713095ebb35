// A REST register filter as the narrowing the figure rollups count (services/figures/family-count.ts
// liveRegisterCountSql), when it is one: a partner syncing one status, one ward or the families with
// a condition gets its exact total from a few rollup rows instead of a count of the rows, which at a
// million families took 0.4–1.1 s after every committed write. Any other filter is counted from the
// rows. The filter has already been parsed and compiled against the reader's resource, so a field
// the reader may not filter on never reaches here.
import { isRegisterStatus, type RegisterStatus } from "@shared/status.ts";
import { specialConditionKeys, type SpecialConditionKey } from "@shared/enums.ts";
import { registers } from "../db/schema/registers.ts";
import type { RegisterCountFilter } from "../services/figures/family-count.ts";
import { conditionCountColumn } from "../services/registers/filters.ts";
import { asList, isList, type FilterNode } from "./query.ts";
import type { RestResource } from "./resource.ts";

const MAX_ID = 2147483647;

/** A related id as the filter gives it (`"12"`), or undefined for anything else. */
function idOf(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= MAX_ID ? id : undefined;
}

/** The statuses a `status` comparison keeps, or undefined when it is not `$eq`/`$in` over known ones. */
function statusesOf(operator: string, value: unknown): RegisterStatus[] | undefined {
  if (operator !== "$eq" && operator !== "$in") return undefined;
  const values = operator === "$in" || isList(value) ? asList(value) : [value];
  const statuses: RegisterStatus[] = [];
  for (const item of values) {
    if (typeof item !== "string" || !isRegisterStatus(item)) return undefined;
    if (!statuses.includes(item)) statuses.push(item);
  }
  return statuses.length > 0 ? statuses : undefined;
}

/** The one comparison a relation filter holds on the related id (`filters[kecamatan][id][$eq]=3`). */
function relatedId(filter: FilterNode): number | undefined {
  if (filter.kind !== "compare" || filter.field !== "id" || filter.operator !== "$eq") return undefined;
  return idOf(filter.value);
}

/** The special condition a `<condition>_count > 0` comparison names. */
function conditionOfCount(resource: RestResource, field: string): SpecialConditionKey | undefined {
  const column = resource.attributes[field]?.column;
  return specialConditionKeys.find((key) => conditionCountColumn(key) === column);
}

/** The one region id a relation filter read as keys selects (`nama` of one ward: relation-keys.ts). */
function onlyKey(keys: readonly unknown[]): number | undefined {
  const [key, ...more] = keys;
  return more.length === 0 && typeof key === "number" && Number.isInteger(key) ? key : undefined;
}

/** One condition of the filter's conjunction as a part of the narrowing, or undefined. */
function partOf(resource: RestResource, node: FilterNode): RegisterCountFilter | undefined {
  if (node.kind === "relation" || node.kind === "related") {
    const id = node.kind === "relation" ? relatedId(node.filter) : onlyKey(node.keys);
    if (id === undefined) return undefined;
    if (node.relation === "desa_kelurahan") return { desaKelurahanId: id };
    if (node.relation === "kecamatan") return { kecamatanId: id };
    return undefined;
  }
  if (node.kind !== "compare") return undefined;
  const column = resource.attributes[node.field]?.column;
  const { operator, value } = node;
  if (column === registers.status) {
    const statuses = statusesOf(operator, value);
    return statuses ? { statuses } : undefined;
  }
  if (typeof value !== "string") return undefined;
  if (operator === "$gt") {
    const condition = conditionOfCount(resource, node.field);
    return value === "0" && condition ? { condition } : undefined;
  }
  if (operator !== "$eq") return undefined;
  if (column === registers.formType) return value === "family_registration" ? { familiesOnly: true } : undefined;
  if (column === registers.rw) return { rw: value };
  if (column === registers.rt) return { rt: value };
  if (column === registers.hasSpecialCondition) {
    return value === "true" || value === "1" ? { condition: "any" } : undefined;
  }
  return undefined;
}

/** The conditions of a conjunction, flattened (`$and` inside `$and`). */
function conjunction(node: FilterNode): FilterNode[] {
  return node.kind === "and" ? node.items.flatMap(conjunction) : [node];
}

/**
 * The narrowing `filters` make, when the rollups can count it: a conjunction of a status (`$eq` or
 * `$in`), a ward or kecamatan id, an RW, an RT, family registrations only, and one special
 * condition (`has_special_condition` true or a condition's count > 0), each named at most once.
 */
export function registerCountFilterOf(
  resource: RestResource,
  filters: FilterNode | null,
): RegisterCountFilter | undefined {
  if (!filters) return {};
  let narrowing: RegisterCountFilter = {};
  for (const node of conjunction(filters)) {
    const part = partOf(resource, node);
    if (!part || Object.keys(part).some((key) => key in narrowing)) return undefined;
    narrowing = { ...narrowing, ...part };
  }
  return narrowing;
}

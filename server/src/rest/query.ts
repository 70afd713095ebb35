// Parses Strapi v4 query strings (qs syntax) into a checked description of what to fetch.
// Field names are checked against the resource here, so nothing unknown reaches SQL.
import qs from "qs";
import { hasControlCharacter } from "@shared/schemas/common.ts";
import { invalidParameter, RestError } from "./errors.ts";
import type { RestResource } from "./resource.ts";

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export type Pagination =
  | { kind: "page"; page: number; pageSize: number; withCount: boolean }
  | { kind: "offset"; start: number; limit: number; withCount: boolean };

/** `path` names to-one relations walked before `field` (`sort=kecamatan.nama_kecamatan`). */
export interface SortItem {
  path: string[];
  field: string;
  order: "asc" | "desc";
}

export const comparisonOperators = [
  "$eq",
  "$eqi",
  "$ne",
  "$nei",
  "$lt",
  "$lte",
  "$gt",
  "$gte",
  "$in",
  "$notIn",
  "$contains",
  "$notContains",
  "$containsi",
  "$notContainsi",
  "$null",
  "$notNull",
  "$between",
  "$startsWith",
  "$startsWithi",
  "$endsWith",
  "$endsWithi",
] as const;
export type ComparisonOperator = (typeof comparisonOperators)[number];

export type FilterNode =
  | { kind: "and"; items: FilterNode[] }
  | { kind: "or"; items: FilterNode[] }
  | { kind: "not"; item: FilterNode }
  | { kind: "compare"; field: string; operator: ComparisonOperator; value: unknown }
  | { kind: "relation"; relation: string; filter: FilterNode }
  // Never parsed: a relation filter whose related keys were read first (relation-keys.ts).
  | { kind: "related"; relation: string; keys: readonly unknown[] };

export interface PopulateNode {
  relation: string;
  fields: string[] | null;
  populate: PopulateNode[];
  filters: FilterNode | null;
  sort: SortItem[];
  /** `populate[rel][count]=true`: only the number of related entries. */
  count: boolean;
}

export interface ParsedQuery {
  pagination: Pagination;
  sort: SortItem[];
  fields: string[] | null;
  filters: FilterNode | null;
  populate: PopulateNode[];
}

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isComparisonOperator = (key: string): key is ComparisonOperator =>
  (comparisonOperators as readonly string[]).includes(key);
const isIndexed = (value: Plain) => Object.keys(value).every((key) => /^\d+$/.test(key));

/**
 * Names an object inherits (`constructor`, `__proto__`, `toString`…). qs drops some of them silently,
 * which would widen a filter, and looking them up on a plain object finds functions: refused with 400.
 */
const prototypeNames = new Set([...Object.getOwnPropertyNames(Object.prototype), "prototype"]);
export function refusePrototypeName(name: string): string {
  if (prototypeNames.has(name)) throw invalidParameter(name);
  return name;
}
export function refusePrototypeKeys(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) refusePrototypeKeys(item);
  } else if (isPlain(value)) {
    for (const [key, item] of Object.entries(value)) {
      refusePrototypeName(key);
      refusePrototypeKeys(item);
    }
  }
}

/** An array, or what qs makes of a long or sparse one (`{"0": …}`): Strapi treats both as lists. */
export const isList = (value: unknown): boolean => Array.isArray(value) || (isPlain(value) && isIndexed(value));

/** qs turns long or sparse arrays into {"0": …}; Strapi treats both as lists. */
export function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isPlain(value) && isIndexed(value)) return Object.values(value);
  return [value];
}

/** A query value that must be text; `fields[a][b]=1` and the like are a 400, never a crash. */
export function textOf(value: unknown, name: string): string {
  if (typeof value === "string") return value;
  if (typeof value === "boolean" || typeof value === "number") return String(value);
  throw invalidParameter(name);
}

/**
 * The most `&`-separated parameters a query string or form body may hold. qs drops the ones past
 * its limit silently, which would drop a filter and widen the answer: more is a 400 instead. A
 * `$in` list of 990 values still fits beside its pagination, sort and fields.
 */
export const MAX_PARAMETERS = 1000;

/**
 * qs as Strapi configures it, but `plainObjects` + `allowPrototypes` keep names such as
 * `constructor` visible so they can be refused; qs always drops `__proto__`, so the raw names are
 * checked first.
 */
export function parseQs(text: string): Plain {
  const pairs = text.split("&");
  // Counted as qs counts them (empty parts too), so qs never reaches its own limit.
  if (pairs.length > MAX_PARAMETERS) {
    throw new RestError(400, "ValidationError", `Too many parameters: at most ${MAX_PARAMETERS} are accepted`);
  }
  for (const pair of pairs) {
    const rawName = pair.split("=")[0] ?? "";
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, " "));
    } catch {
      throw invalidParameter(rawName);
    }
    for (const segment of name.split(/[[\]]/)) if (segment !== "") refusePrototypeName(segment);
  }
  const parsed = qs.parse(text, {
    depth: 10,
    arrayLimit: 100,
    parameterLimit: MAX_PARAMETERS,
    plainObjects: true,
    allowPrototypes: true,
  });
  refusePrototypeKeys(parsed);
  return parsed;
}

export const attributeOf = (resource: RestResource, name: string) =>
  Object.hasOwn(resource.attributes, name) ? resource.attributes[name] : undefined;
export const relationOf = (resource: RestResource, name: string) =>
  Object.hasOwn(resource.relations, name) ? resource.relations[name] : undefined;

/**
 * The largest `page` and `start` (PostgreSQL's integer): the offset they make stays far inside
 * PostgreSQL's bigint and JavaScript's exact integers. Sizes need no bound, they are clamped.
 */
export const MAX_PAGE_POSITION = 2147483647;

function parseInteger(raw: unknown, name: string, max = Number.POSITIVE_INFINITY): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== "string" || !/^-?\d+$/.test(raw.trim())) {
    throw new RestError(400, "ValidationError", `Invalid parameter pagination[${name}]: expected an integer`);
  }
  const value = Number.parseInt(raw, 10);
  if (value > max) {
    throw new RestError(
      400,
      "ValidationError",
      `Invalid parameter pagination[${name}]: expected an integer up to ${max}`,
    );
  }
  return value;
}

// Strapi's shouldCount: these texts only, as written.
const withCountValues = new Map([
  ["true", true],
  ["t", true],
  ["1", true],
  ["false", false],
  ["f", false],
  ["0", false],
]);

function parseWithCount(raw: unknown): boolean {
  if (raw === undefined) return true;
  const value = typeof raw === "string" ? withCountValues.get(raw) : undefined;
  if (value === undefined) {
    throw new RestError(400, "ValidationError", 'Invalid withCount parameter. Expected "t","1","true","false","0","f"');
  }
  return value;
}

/** Between 1 and 100; as in Strapi, -1 means "as many as allowed" for `limit` only. */
const clampSize = (size: number) => Math.min(Math.max(size, 1), MAX_PAGE_SIZE);
const clampLimit = (limit: number) => (limit === -1 ? MAX_PAGE_SIZE : clampSize(limit));

export function parsePagination(raw: unknown): Pagination {
  const input = isPlain(raw) ? raw : {};
  const page = parseInteger(input.page, "page", MAX_PAGE_POSITION);
  const pageSize = parseInteger(input.pageSize, "pageSize");
  const start = parseInteger(input.start, "start", MAX_PAGE_POSITION);
  const limit = parseInteger(input.limit, "limit");
  const withCount = parseWithCount(input.withCount);
  if ((page !== undefined || pageSize !== undefined) && (start !== undefined || limit !== undefined)) {
    throw new RestError(
      400,
      "ValidationError",
      "Invalid pagination parameters. Expected either start/limit or page/pageSize",
    );
  }
  if (start !== undefined || limit !== undefined) {
    return { kind: "offset", start: Math.max(start ?? 0, 0), limit: clampLimit(limit ?? DEFAULT_PAGE_SIZE), withCount };
  }
  return { kind: "page", page: Math.max(page ?? 1, 1), pageSize: clampSize(pageSize ?? DEFAULT_PAGE_SIZE), withCount };
}

function checkField(resource: RestResource, field: string): string {
  refusePrototypeName(field);
  if (field !== "id" && !attributeOf(resource, field)) throw invalidParameter(field);
  return field;
}

/** `a:desc`, `{a: "desc"}`, `{kecamatan: {nama: "desc"}}` → ["a:desc", "kecamatan.nama:desc"]. */
function sortEntries(raw: unknown, prefix = ""): string[] {
  if (isPlain(raw) && !isIndexed(raw)) {
    return Object.entries(raw).flatMap(([key, value]) =>
      isPlain(value) ? sortEntries(value, `${prefix}${key}.`) : [`${prefix}${key}:${textOf(value, key)}`],
    );
  }
  return asList(raw).flatMap((item) =>
    isPlain(item)
      ? sortEntries(item, prefix)
      : textOf(item, "sort")
          .split(",")
          .map((entry) => `${prefix}${entry}`),
  );
}

export function parseSort(raw: unknown, resource: RestResource): SortItem[] {
  if (raw === undefined || raw === "") return [];
  return sortEntries(raw)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [name = "", order = "asc"] = entry.split(":");
      const direction = order.toLowerCase();
      if (direction !== "asc" && direction !== "desc") throw invalidParameter(entry);
      const parts = name.split(".");
      const field = parts.pop() ?? "";
      // Walk to-one relations only: sorting by a list relation has no single value per entry.
      let target = resource;
      for (const part of parts) {
        const relation = relationOf(target, refusePrototypeName(part));
        if (relation?.cardinality !== "one") throw invalidParameter(name);
        target = relation.target();
      }
      if (attributeOf(target, field)?.type === "json") throw invalidParameter(field);
      return { path: parts, field: checkField(target, field), order: direction };
    });
}

export function parseFields(raw: unknown, resource: RestResource): string[] | null {
  if (raw === undefined || raw === "" || raw === "*") return null;
  return asList(raw)
    .flatMap((item) => textOf(item, "fields").split(","))
    .map((field) => field.trim())
    .filter(Boolean)
    .map((field) => checkField(resource, field));
}

export function parseFilters(raw: unknown, resource: RestResource): FilterNode | null {
  if (raw === undefined || raw === "") return null;
  if (!isPlain(raw)) throw invalidParameter("filters");
  return parseFilterObject(raw, resource);
}

/** Strapi reads `filters[kecamatan]=3` and `filters[kecamatan][$eq]=3` as a condition on the related id. */
function relationCondition(value: unknown): Plain {
  if (!isPlain(value) || isIndexed(value)) return { id: value };
  return Object.keys(value).some(isComparisonOperator) ? { id: value } : value;
}

function parseFilterObject(raw: Plain, resource: RestResource): FilterNode {
  const items: FilterNode[] = Object.entries(raw).map(([key, value]) => {
    if (key === "$and" || key === "$or") {
      const children = asList(value).map((child) => {
        if (!isPlain(child)) throw invalidParameter(key);
        return parseFilterObject(child, resource);
      });
      return { kind: key === "$and" ? "and" : "or", items: children };
    }
    if (key === "$not") {
      if (!isPlain(value)) throw invalidParameter(key);
      return { kind: "not", item: parseFilterObject(value, resource) };
    }
    if (key.startsWith("$")) throw invalidParameter(key);
    const relation = relationOf(resource, key);
    if (relation) {
      return {
        kind: "relation",
        relation: key,
        filter: parseFilterObject(relationCondition(value), relation.target()),
      };
    }
    return parseFieldCondition(checkField(resource, key), value);
  });
  return items.length === 1 && items[0] ? items[0] : { kind: "and", items };
}

/** A filter value holding a control character (NUL: PostgreSQL refuses it) is a 400, never a database error. */
function checkedOperand(field: string, operator: string, value: unknown): unknown {
  const strings = Array.isArray(value) ? value : [value];
  if (strings.some((item) => typeof item === "string" && hasControlCharacter(item))) {
    throw invalidParameter(`${field}[${operator}]`);
  }
  return value;
}

function parseFieldCondition(field: string, value: unknown): FilterNode {
  // `filters[kode][0]=a&filters[kode][1]=b`: a list of values, any of which matches (Strapi).
  if (!isPlain(value) || isIndexed(value)) {
    checkedOperand(field, "$eq", isPlain(value) ? Object.values(value) : value);
    return { kind: "compare", field, operator: "$eq", value };
  }
  const items: FilterNode[] = Object.entries(value).map(([operator, operand]) => {
    if (operator === "$not") return { kind: "not", item: parseFieldCondition(field, operand) };
    if (operator === "$and" || operator === "$or") {
      const children = asList(operand).map((child) => parseFieldCondition(field, child));
      return { kind: operator === "$and" ? "and" : "or", items: children };
    }
    // Strapi drops unknown operators silently; we refuse them so a typo never widens a query.
    if (!isComparisonOperator(operator)) throw invalidParameter(`${field}[${operator}]`);
    return { kind: "compare", field, operator, value: checkedOperand(field, operator, operand) };
  });
  return items.length === 1 && items[0] ? items[0] : { kind: "and", items };
}

const isTrue = (value: unknown) => value === true || value === "true" || value === "1";

function mergeOptions(current: unknown, next: unknown): unknown {
  if (!isPlain(current)) return next;
  if (!isPlain(next)) return current;
  return { ...current, ...next };
}

/** Adds `populate=a.b.c` to a tree of plain options, the shape `populate[a][populate][b]…` parses to. */
function addDotted(tree: Plain, dotted: string): void {
  const [head = "", ...rest] = dotted.split(".");
  refusePrototypeName(head);
  const current = tree[head];
  const options: Plain = isPlain(current) ? current : {};
  tree[head] = options;
  if (rest.length === 0) return;
  const nested: Plain = isPlain(options.populate) ? options.populate : {};
  options.populate = nested;
  addDotted(nested, rest.join("."));
}

/**
 * `populate=*`, `populate=a,b.c`, `populate[0]=a`, `populate[a]=true`, `populate[a][fields|populate|filters|sort|count]`.
 * Names that are not relations are skipped, as Strapi does; inherited names are a 400.
 */
export function parsePopulate(raw: unknown, resource: RestResource): PopulateNode[] {
  if (raw === undefined || raw === "" || raw === false || raw === "false") return [];
  if (raw === "*" || raw === true || raw === "true") {
    return Object.entries(resource.relations)
      .filter(([, relation]) => !relation.alias)
      .map(([name]) => populateNode(resource, name, {}))
      .filter((node) => node !== null);
  }
  const tree: Plain = {};
  const add = (item: unknown): void => {
    if (isPlain(item)) {
      for (const [key, value] of Object.entries(item)) {
        // `populate[0]=a.b` and `populate[a][fields]=…` may come together: qs gives one object.
        if (/^\d+$/.test(key)) add(value);
        else tree[key] = mergeOptions(tree[key], value);
      }
    } else if (Array.isArray(item)) {
      for (const value of item) add(value);
    } else {
      for (const name of textOf(item, "populate").split(",")) if (name.trim() !== "") addDotted(tree, name.trim());
    }
  };
  add(raw);
  return Object.entries(tree)
    .map(([name, options]) => populateNode(resource, name, options))
    .filter((node) => node !== null);
}

function populateNode(resource: RestResource, name: string, options: unknown): PopulateNode | null {
  const relation = relationOf(resource, refusePrototypeName(name));
  if (!relation) return null;
  const target = relation.target();
  const settings: Plain = isPlain(options) ? options : {};
  return {
    relation: name,
    fields: parseFields(settings.fields, target),
    populate: parsePopulate(settings.populate, target),
    filters: parseFilters(settings.filters, target),
    sort: parseSort(settings.sort, target),
    count: relation.cardinality === "many" && isTrue(settings.count),
  };
}

/** Parses the raw query string of a request (everything after "?"). */
export function parseQuery(search: string, resource: RestResource): ParsedQuery {
  const raw = parseQs(search.replace(/^\?/, ""));
  return {
    pagination: parsePagination(raw.pagination),
    sort: parseSort(raw.sort, resource),
    fields: parseFields(raw.fields, resource),
    filters: parseFilters(raw.filters, resource),
    populate: parsePopulate(raw.populate, resource),
  };
}

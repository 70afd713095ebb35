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

export interface SortItem {
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
  | { kind: "relation"; relation: string; filter: FilterNode };

export interface PopulateNode {
  relation: string;
  fields: string[] | null;
  populate: PopulateNode[];
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

/** qs turns long or sparse arrays into {"0": …}; Strapi treats both as lists. */
function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isPlain(value) && Object.keys(value).every((key) => /^\d+$/.test(key))) return Object.values(value);
  return [value];
}

function parseInteger(raw: unknown, name: string): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== "string" || !/^-?\d+$/.test(raw.trim())) {
    throw new RestError(400, "ValidationError", `Invalid parameter pagination[${name}]: expected an integer`);
  }
  return Number.parseInt(raw, 10);
}

export function parsePagination(raw: unknown): Pagination {
  const input = isPlain(raw) ? raw : {};
  const page = parseInteger(input.page, "page");
  const pageSize = parseInteger(input.pageSize, "pageSize");
  const start = parseInteger(input.start, "start");
  const limit = parseInteger(input.limit, "limit");
  const withCount = input.withCount === undefined ? true : !["false", "0"].includes(String(input.withCount));
  const clampSize = (size: number) => (size === -1 ? MAX_PAGE_SIZE : Math.min(Math.max(size, 1), MAX_PAGE_SIZE));
  if ((page !== undefined || pageSize !== undefined) && (start !== undefined || limit !== undefined)) {
    throw new RestError(
      400,
      "ValidationError",
      "Invalid pagination parameters. Expected either start/limit or page/pageSize",
    );
  }
  if (start !== undefined || limit !== undefined) {
    return { kind: "offset", start: Math.max(start ?? 0, 0), limit: clampSize(limit ?? DEFAULT_PAGE_SIZE), withCount };
  }
  return { kind: "page", page: Math.max(page ?? 1, 1), pageSize: clampSize(pageSize ?? DEFAULT_PAGE_SIZE), withCount };
}

function checkField(resource: RestResource, field: string): string {
  if (field !== "id" && !(field in resource.attributes)) throw invalidParameter(field);
  return field;
}

export function parseSort(raw: unknown, resource: RestResource): SortItem[] {
  if (raw === undefined || raw === "") return [];
  const entries: string[] =
    isPlain(raw) && !Object.keys(raw).every((key) => /^\d+$/.test(key))
      ? Object.entries(raw).map(([field, order]) => `${field}:${String(order)}`)
      : asList(raw).flatMap((item) => String(item).split(","));
  return entries
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [field = "", order = "asc"] = entry.split(":");
      const direction = order.toLowerCase();
      if (direction !== "asc" && direction !== "desc") throw invalidParameter(entry);
      if (resource.attributes[field]?.type === "json") throw invalidParameter(field);
      return { field: checkField(resource, field), order: direction };
    });
}

export function parseFields(raw: unknown, resource: RestResource): string[] | null {
  if (raw === undefined || raw === "" || raw === "*") return null;
  return asList(raw)
    .flatMap((item) => String(item).split(","))
    .map((field) => field.trim())
    .filter(Boolean)
    .map((field) => checkField(resource, field));
}

export function parseFilters(raw: unknown, resource: RestResource): FilterNode | null {
  if (raw === undefined || raw === "") return null;
  if (!isPlain(raw)) throw invalidParameter("filters");
  return parseFilterObject(raw, resource);
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
    const relation = resource.relations[key];
    if (relation) {
      if (!isPlain(value)) throw invalidParameter(key);
      return { kind: "relation", relation: key, filter: parseFilterObject(value, relation.target()) };
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
  if (!isPlain(value)) return { kind: "compare", field, operator: "$eq", value: checkedOperand(field, "$eq", value) };
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

export function parsePopulate(raw: unknown, resource: RestResource): PopulateNode[] {
  if (raw === undefined || raw === "") return [];
  const relationNames = Object.keys(resource.relations);
  const node = (relation: string, options: unknown): PopulateNode => {
    const target = resource.relations[relation];
    if (!target) throw invalidParameter(relation);
    if (!isPlain(options)) return { relation, fields: null, populate: [] };
    return {
      relation,
      fields: parseFields(options.fields, target.target()),
      populate: parsePopulate(options.populate, target.target()),
    };
  };
  if (raw === "*") return relationNames.map((name) => node(name, true));
  if (isPlain(raw) && !Object.keys(raw).every((key) => /^\d+$/.test(key))) {
    return Object.entries(raw).map(([name, options]) => node(name, options));
  }
  return asList(raw)
    .flatMap((item) => String(item).split(","))
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => node(name, true));
}

/** Parses the raw query string of a request (everything after "?"). */
export function parseQuery(search: string, resource: RestResource): ParsedQuery {
  const raw = qs.parse(search.replace(/^\?/, ""), { depth: 10, arrayLimit: 100, parameterLimit: 500 });
  return {
    pagination: parsePagination(raw.pagination),
    sort: parseSort(raw.sort, resource),
    fields: parseFields(raw.fields, resource),
    filters: parseFilters(raw.filters, resource),
    populate: parsePopulate(raw.populate, resource),
  };
}

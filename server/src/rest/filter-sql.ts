// A Strapi-style filter as SQL over a REST resource: its comparisons coerced to each attribute's
// type, its relations as sub-selects, or as the keys relation-keys.ts read first.
import {
  and,
  between,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  not,
  notIlike,
  notInArray,
  notLike,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { startOfWibDay, todayIso, wibOffset } from "@shared/dates.ts";
import { escapeLike } from "../services/common/like.ts";
import { invalidParameter, RestError } from "./errors.ts";
import { asList, isList, type ComparisonOperator, type FilterNode } from "./query.ts";
import type { AttributeType, RestRelation, RestResource } from "./resource.ts";

export const typeOf = (resource: RestResource, field: string): AttributeType =>
  field === "id" ? "integer" : (resource.attributes[field]?.type ?? "string");
export const columnOf = (resource: RestResource, field: string): AnyPgColumn =>
  field === "id" ? resource.id : (resource.attributes[field]?.column ?? resource.id);

function badValue(field: string): RestError {
  return new RestError(400, "ValidationError", `Invalid value for ${field}`);
}

/** The values an integer column holds, by its SQL type (ids are serial: integer). */
function integerRange(column: AnyPgColumn): [number, number] {
  switch (column.getSQLType()) {
    case "smallint":
    case "smallserial":
      return [-32768, 32767];
    case "bigint":
    case "bigserial":
      return [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
    default:
      return [-2147483648, 2147483647];
  }
}

/** Years PostgreSQL and JavaScript both write as `YYYY` (PostgreSQL has no year 0). */
const isFourDigitYear = (date: Date) => date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999;

function coerce(
  value: unknown,
  type: AttributeType,
  field: string,
  column: AnyPgColumn,
): string | number | boolean | Date {
  if (typeof value !== "string") throw badValue(field);
  switch (type) {
    case "integer": {
      if (!/^-?\d+$/.test(value)) throw badValue(field);
      // Outside the column's type PostgreSQL refuses the value: a 400 here, never its error.
      const number = Number.parseInt(value, 10);
      const [low, high] = integerRange(column);
      if (number < low || number > high) throw badValue(field);
      return number;
    }
    case "decimal": {
      const number = Number(value);
      if (value.trim() === "" || !Number.isFinite(number)) throw badValue(field);
      return number;
    }
    case "boolean":
      if (!["true", "false", "1", "0"].includes(value)) throw badValue(field);
      return value === "true" || value === "1";
    case "date":
      return parseDate(value);
    case "datetime": {
      // A date or a time without a zone is WIB's (a day starts at WIB midnight), not the server's zone.
      const date = zoneless.test(value)
        ? value.length === 10
          ? startOfWibDay(value)
          : new Date(`${value}${wibOffset}`)
        : new Date(value);
      if (Number.isNaN(date.getTime()) || !isFourDigitYear(date)) throw badValue(field);
      return date;
    }
    case "string":
      return value;
    case "json":
      throw invalidParameter(field);
  }
}

/** yyyy-MM-dd, or yyyy-MM-ddTHH:mm[:ss[.sss]] without Z or an offset. */
const zoneless = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?$/;

const invalidDate = () => new RestError(400, "ValidationError", "Invalid format, expected yyyy-MM-dd");

/**
 * A calendar date, or a full timestamp as JavaScript clients send it (`toISOString()`), read as its
 * date in WIB: `2026-09-30T17:00:00.000Z` is 1 October in Indonesia.
 */
function parseDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(date.getTime()) || !isFourDigitYear(date) || date.toISOString().slice(0, 10) !== value)
      throw invalidDate();
    return value;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const instant = new Date(value);
    if (Number.isNaN(instant.getTime())) throw invalidDate();
    const day = todayIso(instant);
    if (!/^\d{4}-/.test(day) || day.startsWith("0000")) throw invalidDate();
    return day;
  }
  throw invalidDate();
}

/** Values Strapi reads as "no" for `$null` / `$notNull`; anything else (`true`, `yes`) is "yes". */
const falseFlags = new Set(["false", "0", ""]);

// Strapi applies a one-value operator given several values to each of them, joined by OR.
const listOperators = new Set<ComparisonOperator>(["$in", "$notIn", "$between"]);

/**
 * A column as text for the text operators. An instant is matched as the API writes it (ISO 8601 in
 * UTC, as in every answer): `::text` would render it in the database session's time zone, which
 * PGlite and a PostgreSQL set up in Jakarta answer differently.
 */
const asText = (column: AnyPgColumn, type: AttributeType) =>
  type === "datetime"
    ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`${column}::text`;

function compare(resource: RestResource, field: string, operator: ComparisonOperator, raw: unknown): SQL {
  const column = columnOf(resource, field);
  const type = typeOf(resource, field);
  if (type === "json" || resource.attributes[field]?.opaque) throw invalidParameter(field);
  if (!listOperators.has(operator) && typeof raw === "object" && raw !== null) {
    // `filters[kode][$eq][a]=x`: an object that is no list of values is a bad value, not one to compare.
    if (!isList(raw)) throw badValue(field);
    const values = asList(raw);
    if (values.length === 0) throw badValue(field);
    return or(...values.map((value) => compare(resource, field, operator, value))) ?? sql`false`;
  }
  const one = () => coerce(raw, type, field, column);
  const list = () => asList(raw).map((item) => coerce(item, type, field, column));
  const text = () => escapeLike(String(coerce(raw, "string", field, column)));
  const flag = () => {
    if (typeof raw !== "string") throw badValue(field);
    return !falseFlags.has(raw.trim().toLowerCase());
  };
  switch (operator) {
    case "$eq":
      return eq(column, one());
    case "$ne":
      return ne(column, one());
    case "$eqi":
      return sql`lower(${asText(column, type)}) = lower(${String(one())})`;
    case "$nei":
      return sql`lower(${asText(column, type)}) <> lower(${String(one())})`;
    case "$lt":
      return lt(column, one());
    case "$lte":
      return lte(column, one());
    case "$gt":
      return gt(column, one());
    case "$gte":
      return gte(column, one());
    case "$in":
      return inArray(column, list());
    case "$notIn":
      return notInArray(column, list());
    case "$between": {
      const [low, high] = list();
      if (low === undefined || high === undefined) throw badValue(field);
      return between(column, low, high);
    }
    case "$null":
      return flag() ? isNull(column) : isNotNull(column);
    case "$notNull":
      return flag() ? isNotNull(column) : isNull(column);
    case "$contains":
      return like(asText(column, type), `%${text()}%`);
    case "$notContains":
      return notLike(asText(column, type), `%${text()}%`);
    case "$containsi":
      return ilike(asText(column, type), `%${text()}%`);
    case "$notContainsi":
      return notIlike(asText(column, type), `%${text()}%`);
    case "$startsWith":
      return like(asText(column, type), `${text()}%`);
    case "$startsWithi":
      return ilike(asText(column, type), `${text()}%`);
    case "$endsWith":
      return like(asText(column, type), `%${text()}`);
    case "$endsWithi":
      return ilike(asText(column, type), `%${text()}`);
  }
}

export function compileFilter(resource: RestResource, node: FilterNode): SQL {
  switch (node.kind) {
    case "and":
      return and(...node.items.map((item) => compileFilter(resource, item))) ?? sql`true`;
    case "or":
      return or(...node.items.map((item) => compileFilter(resource, item))) ?? sql`false`;
    case "not":
      return not(compileFilter(resource, node.item));
    case "compare":
      return compare(resource, node.field, node.operator, node.value);
    case "relation": {
      const relation = relationNamed(resource, node.relation);
      const target = relation.target();
      const condition = compileFilter(target, node.filter);
      // Strapi left-joins the relation: an entry with no related row meets the filter as a row of
      // nulls, so `kelurahans.id $null` finds the districts without wards. Only $null and $notNull
      // can hold on nulls; every other filter keeps the cheaper sub-select.
      if (asksForAbsence(node.filter)) {
        return sql`exists (select 1 from (select 1) as one left join ${target.table} on ${relation.foreignColumn} = ${relation.localColumn} where ${condition})`;
      }
      return sql`${relation.localColumn} in (select ${relation.foreignColumn} from ${target.table} where ${condition})`;
    }
    case "related": {
      // As `in (select …)` over no rows: false, also for a null key (and true under $not).
      const relation = relationNamed(resource, node.relation);
      return node.keys.length === 0 ? sql`false` : inArray(relation.localColumn, [...node.keys]);
    }
  }
}

/**
 * Whether a relation's filter can hold on the row of nulls an entry without related rows joins to:
 * it asks $null or $notNull somewhere, also inside a nested relation (joined from those nulls, that
 * one has no rows either).
 */
export function asksForAbsence(node: FilterNode): boolean {
  switch (node.kind) {
    case "and":
    case "or":
      return node.items.some(asksForAbsence);
    case "not":
      return asksForAbsence(node.item);
    case "compare":
      return node.operator === "$null" || node.operator === "$notNull";
    case "relation":
      return asksForAbsence(node.filter);
    case "related":
      return false;
  }
}

/** The relation a filter names, or the 400 Strapi answers for one the resource does not have. */
export function relationNamed(resource: RestResource, name: string): RestRelation {
  const relation = resource.relations[name];
  if (!relation) throw new RestError(400, "ValidationError", `Invalid parameter ${name}`);
  return relation;
}

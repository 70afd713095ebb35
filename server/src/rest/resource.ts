// A REST resource: which attributes and relations a Strapi-style query may name, and how each maps
// to SQL. Private columns (password hashes, tokens) are simply never listed, so no query reaches them.
import { and, asc, count, desc, eq, getTableName, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Attributes, StrapiEntry } from "@shared/strapi.ts";
import type { Db } from "../db/client.ts";
import { plannedOnce, preparable } from "../db/statement-plans.ts";
import { aliasedSelection, type RawRow, resultRows, rowDecoder } from "../db/raw-rows.ts";
import { invalidParameter } from "./errors.ts";
import { RawJson } from "./envelope.ts";
import { countCacheOf } from "./count-cache.ts";
import { type KeptPage, pageCacheOf } from "./page-cache.ts";
import { type WalkAnchor, walkAnchorsOf } from "./walk-anchors.ts";
import { columnOf, compileFilter, typeOf } from "./filter-sql.ts";
import { withRelationKeys } from "./relation-keys.ts";
import type { FilterNode, ParsedQuery, PopulateNode, SortItem } from "./query.ts";
import { perHandle } from "../services/common/bounded-map.ts";

/** `json` attributes (a stored form) are returned and selectable, never filtered or sorted (no JSON scans). */
export type AttributeType = "integer" | "decimal" | "string" | "date" | "datetime" | "boolean" | "json";

export interface RestAttribute {
  column: AnyPgColumn;
  type: AttributeType;
  /** Shown only in a masked form to this caller: selectable, never filtered or sorted (no oracle). */
  opaque?: boolean;
}

export interface RestRelation {
  target: () => RestResource;
  /** one: a single entry or null; many: a list. */
  cardinality: "one" | "many";
  /** This resource's column and the target's column that must be equal. */
  localColumn: AnyPgColumn;
  foreignColumn: AnyPgColumn;
  /** A second name for another relation: not expanded again by `populate=*`. */
  alias?: boolean;
}

export interface RestResource {
  table: PgTable;
  id: AnyPgColumn;
  attributes: Record<string, RestAttribute>;
  relations: Record<string, RestRelation>;
}

function serialize(value: unknown, type: AttributeType): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return type === "date" ? value.toISOString().slice(0, 10) : value.toISOString();
  if (type === "decimal" && typeof value === "string") return Number(value);
  return value;
}

type Row = Record<string, unknown>;

function selection(resource: RestResource, extra: Record<string, AnyPgColumn> = {}): Record<string, AnyPgColumn> {
  const fields: Record<string, AnyPgColumn> = { id: resource.id, ...extra };
  for (const [name, attribute] of Object.entries(resource.attributes)) fields[name] = attribute.column;
  return fields;
}

/** The attributes an entry shows, in order: `fields` or all of them (the id stands beside them). */
function attributeNames(resource: RestResource, fields: string[] | null): string[] {
  return (fields ?? Object.keys(resource.attributes)).filter((name) => name !== "id");
}

function toEntry(resource: RestResource, row: Row, fields: string[] | null): StrapiEntry {
  const attributes: Attributes = {};
  for (const name of attributeNames(resource, fields)) attributes[name] = serialize(row[name], typeOf(resource, name));
  return { id: Number(row.id), attributes };
}

const isAttributes = (value: unknown): value is Attributes =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * An entry whose attributes PostgreSQL wrote as one JSON text (see attributesJson): jsonText writes
 * that text as it is, so no column is decoded, converted and encoded again in JavaScript. Read as an
 * object only when someone asks for its attributes (parsed once; from then on that object is it).
 */
class StoredEntry implements StrapiEntry {
  #parsed: Attributes | null = null;

  constructor(
    readonly id: number,
    private readonly text: string,
  ) {}

  get attributes(): Attributes {
    if (!this.#parsed) {
      const value: unknown = JSON.parse(this.text);
      this.#parsed = isAttributes(value) ? value : {};
    }
    return this.#parsed;
  }

  toJSON(): { id: number; attributes: Attributes | RawJson } {
    return { id: this.id, attributes: this.#parsed ?? new RawJson(this.text) };
  }
}

// ISO 8601 in UTC with milliseconds, as Date.prototype.toISOString writes it (to_char's MS
// truncates the microseconds, as a Date made from PostgreSQL's text does).
const isoInstant = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/**
 * An attribute's value as PostgreSQL writes it into a JSON object, the same JSON `serialize` gives
 * in JavaScript; null for an SQL type this has no such form for (the caller then decodes rows).
 */
function jsonValueOf(attribute: RestAttribute): SQL | null {
  const { column } = attribute;
  const type = column.getSQLType();
  switch (attribute.type) {
    case "datetime":
      if (type === "timestamp with time zone") return sql`to_char(${column} at time zone 'UTC', ${isoInstant})`;
      return null;
    case "date":
      return type === "date" ? sql`${column}` : null;
    case "integer":
      return type === "integer" || type === "smallint" || type === "serial" ? sql`${column}` : null;
    case "decimal":
      return type.startsWith("numeric") ? sql`${column}` : null;
    case "string":
    case "boolean":
    case "json":
      return sql`${column}`;
  }
}

// json_build_object takes at most 100 arguments: 50 attributes.
const jsonObjectPairs = 50;

/**
 * The entry's attributes (attributeNames) as one JSON object built by PostgreSQL, in the order
 * toEntry writes them; null when an attribute has no JSON form here or there are too many.
 */
function attributesJson(resource: RestResource, names: string[]): SQL | null {
  if (names.length > jsonObjectPairs) return null;
  const pairs: SQL[] = [];
  for (const name of names) {
    const attribute = resource.attributes[name];
    const value = attribute ? jsonValueOf(attribute) : null;
    if (!value) return null;
    pairs.push(sql`${sql.raw(`'${name.replaceAll("'", "''")}'`)}, ${value}`);
  }
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * attributesJson as its text, written once per database, table and list of names: it names columns
 * only (no value), and drizzle walking its ~100 parts on every request was a tenth of a list
 * page's server time. A table's attribute names mean the same columns in every view that reaches
 * this path (the full view; masked views decode rows instead).
 */
const writtenAttributesOf = perHandle<Db, Map<string, SQL | null>>(() => new Map());

function attributesJsonText(db: Db, resource: RestResource, fields: string[] | null): SQL | null {
  const names = attributeNames(resource, fields);
  const key = `${getTableName(resource.table)}:${names.join(",")}`;
  const written = writtenAttributesOf(db);
  if (written.has(key)) return written.get(key) ?? null;
  const built = attributesJson(resource, names);
  const query = built ? db.execute(built).getQuery() : null;
  const text = query && query.params.length === 0 ? sql.raw(query.sql) : built;
  // The number of distinct `fields` lists is the callers' to choose: keep a bounded number.
  if (written.size < 200) written.set(key, text);
  return text;
}

/** The SQL an entry is ordered by: a column, or through to-one relations a correlated sub-select. */
function sortExpression(resource: RestResource, path: string[], field: string): SQL | AnyPgColumn {
  const [first, ...rest] = path;
  if (first === undefined) {
    // A masked column is never sorted on: the order would disclose what the mask hides.
    if (resource.attributes[field]?.opaque) throw invalidParameter(field);
    return columnOf(resource, field);
  }
  const relation = resource.relations[first];
  if (!relation) throw invalidParameter(first);
  const target = relation.target();
  return sql`(select ${sortExpression(target, rest, field)} from ${target.table} where ${relation.foreignColumn} = ${relation.localColumn} limit 1)`;
}

function orderOf(resource: RestResource, sort: SortItem[]): SQL[] {
  const order = sort.map((item) =>
    (item.order === "asc" ? asc : desc)(sortExpression(resource, item.path, item.field)),
  );
  // Ties (and no sort at all) fall back to the id, so pages never overlap.
  return [...order, asc(resource.id)];
}

/** Fills `attributes[relation]` of each entry with `{data: …}` the way Strapi v4 nests relations. */
async function populate(db: Db, resource: RestResource, rows: Row[], entries: StrapiEntry[], nodes: PopulateNode[]) {
  for (const node of nodes) {
    const relation = resource.relations[node.relation];
    if (!relation) continue;
    const target = relation.target();
    const localKey = `__local_${node.relation}`;
    const keys = [...new Set(rows.map((row) => row[localKey]).filter((key) => key !== null && key !== undefined))];
    const where = and(
      inArray(relation.foreignColumn, keys),
      node.filters ? compileFilter(target, node.filters) : undefined,
    );
    if (node.count) {
      // Strapi v4 answers `{data: {attributes: {count}}}` for `populate[rel][count]=true`.
      const counted =
        keys.length === 0
          ? []
          : await db
              .select({ key: relation.foreignColumn, total: count() })
              .from(target.table)
              .where(where)
              .groupBy(relation.foreignColumn);
      entries.forEach((entry, index) => {
        const key = rows[index]?.[localKey];
        const total = counted.find((item) => item.key === key)?.total ?? 0;
        entry.attributes[node.relation] = { data: { attributes: { count: total } } };
      });
      continue;
    }
    const related: Row[] =
      keys.length === 0
        ? []
        : await db
            .select(selection(target, { __foreign: relation.foreignColumn, ...relationKeys(target, node.populate) }))
            .from(target.table)
            .where(where)
            .orderBy(...orderOf(target, node.sort));
    const relatedEntries = related.map((row) => toEntry(target, row, node.fields));
    await populate(db, target, related, relatedEntries, node.populate);
    entries.forEach((entry, index) => {
      const key = rows[index]?.[localKey];
      const matches = relatedEntries.filter((_, relatedIndex) => related[relatedIndex]?.__foreign === key);
      entry.attributes[node.relation] =
        relation.cardinality === "one" ? { data: matches[0] ?? null } : { data: matches };
    });
  }
}

function relationKeys(resource: RestResource, nodes: PopulateNode[]): Record<string, AnyPgColumn> {
  const extra: Record<string, AnyPgColumn> = {};
  for (const node of nodes) {
    const relation = resource.relations[node.relation];
    if (relation) extra[`__local_${node.relation}`] = relation.localColumn;
  }
  return extra;
}

export interface ListResult {
  entries: StrapiEntry[];
  total: number | null;
  /**
   * The kept page this answer repeats whole (every row found again at the version it was kept at),
   * so an answer made from it may be kept with it (kept-answers.ts); else undefined.
   */
  keptAs?: KeptPage;
}

export interface FindManyOptions {
  /**
   * The exact number of rows in `scope` that `filters` select, as one SQL value, when the caller
   * has it without counting them (registers: from the figure rollups); undefined: counted from the
   * rows (and kept per `dataVersion`).
   */
  totalOf?: (filters: FilterNode | null) => SQL | undefined;
  /**
   * Statements to run with the page, in the same round trip (an INSERT of the read's audit row, an
   * API token's use stamped): given the page's ids in order as a jsonb array; an audit row must be
   * written for a page with entries only.
   */
  alongside?: (pageIds: SQL) => SQL[];
  /**
   * For callers that show entries as stored (no presenter touches them): JSON attributes come back
   * as PostgreSQL wrote them (RawJson, written by envelope.ts jsonText), not parsed; without
   * populate, PostgreSQL writes each entry's whole attributes object (StoredEntry).
   */
  rawJson?: boolean;
  /**
   * The statement's best plan is the same whatever its values (no filters, the id order, a scope
   * with no value that picks an index): PostgreSQL plans it once per connection (db/statement-plans.ts
   * plannedOnce) instead of on every call, where planning cost as much as running it.
   */
  planOnce?: boolean;
  /**
   * One SQL value (read as text) that changes with every committed write to whatever the list
   * counts (its rows, and the tables its filter and scope reach) and never returns to a value it had
   * over other rows. A filtered total is then counted once and answered again while the value reads
   * the same (count-cache.ts).
   */
  dataVersion?: SQL;
  /**
   * Keep the page's rows with `dataVersion` and answer the same page again from them while the
   * version reads the same (page-cache.ts): the database then reads only the kept ids within
   * `scope`, and runs the `alongside` statements for the ids it finds.
   */
  keepPages?: boolean;
}

const totalKey = "__total";
const versionKey = "__version";
const positionKey = "__n";
const attributesKey = "__attributes";
const idsKey = "__ids";
const pageVersionKey = "__page_version";

interface PageParts {
  where: SQL;
  order: SQL;
  limit: number;
  offset: number;
  /** A walk in id order with an anchor before `offset` (walk-anchors.ts): its ids skip from there. */
  walk?: AnchoredWalk;
  selectList: SQL;
  /** The total (or its kept version) as selected columns. */
  totals: SQL;
  /** The data version, read with the rows when their page is to be kept (page-cache.ts). */
  pageVersion: SQL | null;
  options: FindManyOptions;
}

/** An anchor of a walk in id order, and the data version it holds at (the list's `dataVersion`). */
interface AnchoredWalk {
  anchor: WalkAnchor;
  /** The walk's id order: later rows have greater ids (asc) or smaller ones (desc). */
  direction: "asc" | "desc";
  version: SQL;
}

interface PageRows {
  raw: RawRow[];
  /** Where the page ends in its walk, at the version read with its ids (walk-anchors.ts). */
  end?: WalkAnchor;
  /** A row carrying the totals: undefined for a page past the end when they come with its rows. */
  totalsRow: RawRow | undefined;
  /** The data version the rows (and totals) were all read at, when asked for and one snapshot gave both. */
  version?: string;
}

/** The version column a page statement selects when its page is to be kept, else nothing. */
const pageVersionColumn = (pageVersion: SQL | null) =>
  pageVersion ? sql`, ${pageVersion} as ${sql.identifier(pageVersionKey)}` : sql``;

const versionIn = (row: RawRow | undefined): string | undefined =>
  row?.[pageVersionKey] === undefined || row[pageVersionKey] === null ? undefined : String(row[pageVersionKey]);

/** The page's ids in order, as the jsonb array the `alongside` statements are given. */
const pageIdsJson = sql`(select coalesce(jsonb_agg(page.${sql.identifier("id")} order by page.${sql.identifier(positionKey)}), '[]'::jsonb) from page)`;

function alongsideOf(options: FindManyOptions): SQL {
  return sql.join(
    (options.alongside?.(pageIdsJson) ?? []).map(
      (extra, index) => sql`, ${sql.identifier(`alongside_${index}`)} as (${extra})`,
    ),
  );
}

/**
 * The ids of the page's rows, in the list's order (as `page_id`). With an anchored walk, while the
 * version reads as the anchor's (in this statement's snapshot) the ids start after the anchor's id
 * and skip only the rows between it and the offset: an index range from there instead of from the
 * start. Else they skip from the start, as without one.
 */
function pageIdsSelect(resource: RestResource, { where, order, limit, offset, walk }: PageParts): SQL {
  if (!walk) {
    return sql`select ${resource.id} as page_id from ${resource.table} where ${where} order by ${order} limit ${limit} offset ${offset}`;
  }
  const { anchor, version, direction } = walk;
  const holds = sql`${version} = ${anchor.version}`;
  const after = direction === "asc" ? sql`>` : sql`<`;
  const nowhere = direction === "asc" ? FIRST_INTEGER : LAST_INTEGER;
  return sql`select ${resource.id} as page_id from ${resource.table} where ${where}
    and ${resource.id} ${after} (case when ${holds} then ${anchor.lastId}::integer else ${nowhere}::integer end)
    order by ${order} limit ${limit}
    offset (case when ${holds} then ${offset - anchor.position}::bigint else ${offset}::bigint end)`;
}

/**
 * Before every id of a walk (PostgreSQL's smallest and largest integer): an anchor that does not
 * hold starts nowhere.
 */
const FIRST_INTEGER = -2147483648;
const LAST_INTEGER = 2147483647;

/** Where a page of `ids` (in id order) read at `version` ends in its walk. */
function endOf(ids: readonly number[], offset: number, version: string | undefined): WalkAnchor | undefined {
  const lastId = ids.at(-1);
  return version === undefined || lastId === undefined ? undefined : { version, position: offset + ids.length, lastId };
}

const rowIds = (rows: readonly RawRow[]) => rows.map((row) => Number(row.id));

/**
 * The page, its total and the `alongside` statements as ONE statement. Deferred join: the page's
 * ids first (an index range when an index matches the order), then the attributes of those rows
 * only. Selecting the attributes in the same query as the offset made PostgreSQL read and convert
 * every skipped row: page 500 at 1,000,000 families cost 155 ms of database CPU instead of 2. The
 * rows are probed by id (`= any(array(…))`): a plan made once for every offset (planOnce) would
 * otherwise merge-join the primary key from its start (35 ms for page 500 at 100,000 families
 * instead of 3).
 */
async function pageWithIds(db: Db, resource: RestResource, parts: PageParts): Promise<PageRows> {
  const { order, selectList, totals, pageVersion, options } = parts;
  const statement = sql`with page_ids as (${pageIdsSelect(resource, parts)}), page as (
      select ${selectList}, row_number() over (order by ${order}) as ${sql.identifier(positionKey)}
      from ${resource.table} where ${resource.id} = any(array(select page_id from page_ids))
    )${alongsideOf(options)}
    select page.*, ${totals}${pageVersionColumn(pageVersion)} from page order by page.${sql.identifier(positionKey)}`;
  const raw = resultRows(await db.execute(options.planOnce ? plannedOnce(statement) : statement));
  const version = versionIn(raw[0]);
  return { raw, totalsRow: raw[0], version, end: endOf(rowIds(raw), parts.offset, version) };
}

/**
 * The page in two statements: its ids and total, planned for the filter's values, then its rows
 * by those ids with the `alongside` statements, planned once (the ids travel as one array value).
 * The rows are read again within `scope` (the caller's policy): a row that left it in between is
 * not shown, as in every by-id read; a row whose filtered value changed in between still is, as
 * between Strapi's own count and page queries.
 */
async function pageByIds(
  db: Db,
  resource: RestResource,
  parts: PageParts & { scope: SQL | undefined },
): Promise<PageRows> {
  const { selectList, totals, pageVersion, scope, options } = parts;
  const [found] = resultRows(
    await db.execute(
      sql`select array(${pageIdsSelect(resource, parts)})::text as ${sql.identifier(idsKey)}, ${totals}${pageVersionColumn(pageVersion)}`,
    ),
  );
  const ids = String(found?.[idsKey] ?? "{}");
  if (ids === "{}") return { raw: [], totalsRow: found };
  // The page's ids and the version were read in one snapshot: they end the walk there.
  const end = endOf(ids.slice(1, -1).split(",").map(Number), parts.offset, versionIn(found));
  const raw = resultRows(
    await db.execute(
      plannedOnce(sql`with page as (
      select ${selectList}, page_ids.position as ${sql.identifier(positionKey)}
      from unnest(${ids}::integer[]) with ordinality as page_ids(page_id, position)
      join ${resource.table} on ${resource.id} = page_ids.page_id
      where ${scope ?? sql`true`}
    )${alongsideOf(options)}
    select page.*${pageVersionColumn(pageVersion)} from page order by page.${sql.identifier(positionKey)}`),
    ),
  );
  // Kept only when nothing changed between the two statements: the ids are the first's page.
  const version = versionIn(found);
  return {
    raw,
    totalsRow: found,
    version: version !== undefined && version === versionIn(raw[0]) ? version : undefined,
    end,
  };
}

/**
 * The page read anew. A list in id order whose rows carry their version (a kept page's) is a walk: it
 * resumes from the nearest anchor before its offset and leaves one where it ends (walk-anchors.ts).
 * A kept page read again needs neither: its end was noted when it was read, at the version it holds.
 */
async function readPage(
  db: Db,
  resource: RestResource,
  parts: PageParts & { scope: SQL | undefined },
  query: ParsedQuery,
  needsPlanForValues: () => boolean,
): Promise<PageRows> {
  const read = (reading: typeof parts) =>
    needsPlanForValues() ? pageByIds(db, resource, reading) : pageWithIds(db, resource, reading);
  const { pageVersion } = parts;
  const direction = idOrder(query.sort);
  if (!pageVersion || !direction) return read(parts);
  const walk = walkAnchorsOf(db, `${direction}\n${walkKey(db, resource, parts.where)}`);
  const anchor = walk.before(parts.offset);
  const page = await read(anchor ? { ...parts, walk: { anchor, version: pageVersion, direction } } : parts);
  if (page.end) walk.note(page.end);
  return page;
}

/**
 * A kept page read again (page-cache.ts): its ids within `scope`, only while `version` still reads
 * as kept, with the `alongside` statements for the ids found; planned once (the ids travel as one
 * array value). The kept rows of the ids found, in order; undefined when none was (read it anew).
 */
async function keptPageAgain(
  db: Db,
  resource: RestResource,
  { scope, pageVersion, options }: Pick<PageParts, "options"> & { scope: SQL | undefined; pageVersion: SQL },
  kept: KeptPage,
): Promise<PageRows | undefined> {
  const ids = kept.rows.map((row) => Number(row.id));
  const found = resultRows(
    await db.execute(
      plannedOnce(sql`with page as (
      select ${resource.id} as ${sql.identifier("id")}, page_ids.position as ${sql.identifier(positionKey)}
      from unnest(${`{${ids.join(",")}}`}::integer[]) with ordinality as page_ids(page_id, position)
      join ${resource.table} on ${resource.id} = page_ids.page_id
      where ${scope ?? sql`true`} and ${pageVersion} = ${kept.version}
    )${alongsideOf(options)}
    select page.${sql.identifier("id")} from page order by page.${sql.identifier(positionKey)}`),
    ),
  );
  if (found.length === 0) return undefined;
  const stillShown = new Set(found.map((row) => Number(row.id)));
  return {
    raw: kept.rows.filter((row) => stillShown.has(Number(row.id))),
    totalsRow: kept.totalsRow,
    version: kept.version,
  };
}

/**
 * What makes a page, as page-cache.ts's key: its ids' select and how its total is counted (text and
 * values), and `columns`, what its select list reads (the `alongside` statements are the caller's,
 * run again for every read). The select list is named, not written out: its text (a stored entry's
 * ~2 KB json_build_object) cost a kept page's read more than the rest of its key.
 */
function pageKey(db: Db, resource: RestResource, parts: PageParts, counted: SQL | null, columns: string): string {
  // The page itself, wherever its walk's anchors would have it read from.
  const query = db
    .execute(sql`${pageIdsSelect(resource, { ...parts, walk: undefined })}; ${counted ?? sql`null`}`)
    .getQuery();
  return `${columns}\n${query.sql}\n${JSON.stringify(query.params)}`;
}

/**
 * The id order a list is in, if it is in one: no sort or `id:asc` (orderOf adds the id last
 * either way), or `id:desc`; else null.
 */
function idOrder(sort: SortItem[]): "asc" | "desc" | null {
  const [first, ...rest] = sort;
  if (!first) return "asc";
  const byId = first.path.length === 0 && first.field === "id";
  return byId && rest.every((item) => item.path.length === 0 && item.field === "id") ? first.order : null;
}

/** A walk's key for walk-anchors.ts: the rows it goes through (its condition's text and values). */
function walkKey(db: Db, resource: RestResource, where: SQL): string {
  const query = db.execute(sql`select ${resource.id} from ${resource.table} where ${where}`).getQuery();
  return `${query.sql}\n${JSON.stringify(query.params)}`;
}

/**
 * What a page's select list reads, named: the table, the selected names (relation keys included),
 * which of them come back as stored JSON text, and whether each entry's attributes come as one
 * JSON object (attributesJsonText) and which. A name stands for the same column in every view of a
 * resource (a view only leaves attributes out or masks them after the read).
 */
function selectedColumns(
  resource: RestResource,
  query: ParsedQuery,
  fields: Record<string, AnyPgColumn>,
  rawKeys: Set<string>,
  stored: boolean,
): string {
  const attributes = stored ? attributeNames(resource, query.fields).join(",") : "-";
  return [getTableName(resource.table), Object.keys(fields).join(","), [...rawKeys].join(","), attributes].join("|");
}

/**
 * One page of a list. The page, its total and the `alongside` statement travel as ONE statement
 * (one round trip, one commit): `with page as (…), alongside as (…) select page.*, total from page`;
 * with a text filter as two (pageByIds). Only a page past the end of one statement counts
 * separately (no row carries the total), and populate reads the related rows afterwards.
 */
export async function findMany(
  db: Db,
  resource: RestResource,
  query: ParsedQuery,
  scope?: SQL,
  options: FindManyOptions = {},
): Promise<ListResult> {
  // A relation filter by a name or code reads its keys first (relation-keys.ts).
  const filters = query.filters && (await withRelationKeys(db, resource, query.filters));
  const where = and(scope, filters ? compileFilter(resource, filters) : undefined) ?? sql`true`;
  const { pagination } = query;
  const limit = pagination.kind === "page" ? pagination.pageSize : pagination.limit;
  const offset = pagination.kind === "page" ? (pagination.page - 1) * pagination.pageSize : pagination.start;
  const fields = selection(resource, relationKeys(resource, query.populate));
  const rawKeys = new Set(
    options.rawJson
      ? Object.entries(resource.attributes)
          .filter(([, attribute]) => attribute.type === "json")
          .map(([key]) => key)
      : [],
  );
  const decodedFields = Object.fromEntries(Object.entries(fields).filter(([key]) => !rawKeys.has(key)));
  const storedAttributes =
    options.rawJson && query.populate.length === 0 ? attributesJsonText(db, resource, query.fields) : null;
  const selectList = storedAttributes
    ? sql`${resource.id} as ${sql.identifier("id")}, ${storedAttributes}::text as ${sql.identifier(attributesKey)}`
    : rawKeys.size === 0
      ? aliasedSelection(fields)
      : sql.join(
          [
            aliasedSelection(decodedFields),
            ...[...rawKeys].map((key) => sql`${fields[key]}::text as ${sql.identifier(key)}`),
          ],
          sql`, `,
        );
  const order = sql.join(orderOf(resource, query.sort), sql`, `);
  const known = options.totalOf?.(filters);
  const counted = known ?? sql`(select count(*) from ${resource.table} where ${where})`;
  const { dataVersion } = options;
  const kept = pagination.withCount && !known && dataVersion ? countCacheOf(db, counted) : null;
  // A total and the version it was counted at, read in one snapshot.
  const countedWithVersion = dataVersion
    ? sql`(${counted})::float8 as ${sql.identifier(totalKey)}, ${dataVersion} as ${sql.identifier(versionKey)}`
    : null;
  // With a total kept, the statement reads only the version: PostgreSQL plans every part of a
  // statement, also a branch it will not run (planning a name pattern's count: ~0.15 ms of its CPU).
  const totals =
    kept && dataVersion && countedWithVersion
      ? kept.known
        ? sql`${dataVersion} as ${sql.identifier(versionKey)}`
        : countedWithVersion
      : pagination.withCount
        ? sql`(${counted})::float8 as ${sql.identifier(totalKey)}`
        : sql`null::float8 as ${sql.identifier(totalKey)}`;
  // A text filter (LIKE, ILIKE) is planned for its value on every call (db/statement-plans.ts): in
  // one statement with the page's attributes, its audit row and the token's stamp, PostgreSQL
  // planned all of those again for every search (~0.2 of its 0.3 ms of planning a REST name
  // search). Such a list reads the page's ids (and its total) first, planned for the pattern, then
  // the page by those ids in a statement planned once.
  // (Asked only when the page is read: a kept page's statement has no pattern in it.)
  const needsPlanForValues = () => filters !== null && !preparable(db.execute(where).getQuery().sql);
  const pageVersion = options.keepPages && dataVersion ? dataVersion : null;
  const parts: PageParts = { where, order, limit, offset, selectList, totals, pageVersion, options };
  const pages = pageVersion
    ? pageCacheOf(
        db,
        pageKey(
          db,
          resource,
          parts,
          pagination.withCount ? counted : null,
          selectedColumns(resource, query, fields, rawKeys, storedAttributes !== null),
        ),
      )
    : null;
  const again =
    pages?.known && pageVersion
      ? await keptPageAgain(db, resource, { scope, pageVersion, options }, pages.known)
      : undefined;
  if (pages?.known && !again) pages.drop();
  const read = again ?? (await readPage(db, resource, { ...parts, scope }, query, needsPlanForValues));
  if (pages && !again && read.version !== undefined) {
    pages.keep({ version: read.version, rows: read.raw, totalsRow: read.totalsRow });
  }
  const { raw, totalsRow } = read;
  let entries: StrapiEntry[];
  if (storedAttributes) {
    entries = raw.map((row) => new StoredEntry(Number(row.id), String(row[attributesKey])));
  } else {
    const decode = rowDecoder(decodedFields);
    const rows = raw.map((row) => {
      const decoded = decode(row);
      for (const key of rawKeys) {
        const text = row[key];
        decoded[key] = typeof text === "string" ? new RawJson(text) : null;
      }
      return decoded;
    });
    entries = rows.map((row) => toEntry(resource, row, query.fields));
    await populate(db, resource, rows, entries, query.populate);
  }
  let totalValue: number | null = null;
  if (pagination.withCount) {
    const row = totalsRow ?? resultRows(await db.execute(sql`select ${totals}`))[0];
    totalValue = Number(row?.[totalKey] ?? 0);
    if (kept && countedWithVersion) {
      const version = String(row?.[versionKey]);
      if (kept.known?.version === version) totalValue = kept.known.total;
      else {
        // Counted now or just before (a write moved the version): the count and its version come
        // from one snapshot, the page from another, as Strapi's own count and page queries do.
        // The row carries a total only when this statement counted it (or a kept page's did, at the
        // version it still reads).
        const counts =
          row?.[totalKey] === undefined ? resultRows(await db.execute(sql`select ${countedWithVersion}`))[0] : row;
        totalValue = Number(counts?.[totalKey] ?? 0);
        kept.keep({ version: String(counts?.[versionKey]), total: totalValue });
      }
    }
  }
  const keptAs = again && pages?.known && again.raw.length === pages.known.rows.length ? pages.known : undefined;
  return { entries, total: totalValue, keptAs };
}

export async function findOne(
  db: Db,
  resource: RestResource,
  id: number,
  query: Pick<ParsedQuery, "fields" | "populate">,
  scope?: SQL,
): Promise<StrapiEntry | null> {
  const rows: Row[] = await db
    .select(selection(resource, relationKeys(resource, query.populate)))
    .from(resource.table)
    .where(and(eq(resource.id, id), scope));
  const entries = rows.map((row) => toEntry(resource, row, query.fields));
  await populate(db, resource, rows, entries, query.populate);
  return entries[0] ?? null;
}

import { and, count, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "../../db/client.ts";
import { compiledQuery, integerArray, preparableStatement, type StatementValues } from "../../db/compiled.ts";
import { resultRows } from "../../db/raw-rows.ts";
import { plannedOnce } from "../../db/statement-plans.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { registers, type RegisterRow } from "../../db/schema/registers.ts";
import { selectionCondition, selectionShapeKey, type RegisterSelection } from "./policy.ts";

/**
 * The columns a list row shows (records, validation queue, special conditions): 24 of the 48, never
 * the stored form, so a page of 20 does not send, parse and map 20 two-kilobyte forms and 20 other
 * columns nobody reads.
 */
const listedColumns = {
  id: registers.id,
  registrationNumber: registers.registrationNumber,
  namaKepalaKeluarga: registers.namaKepalaKeluarga,
  nomorHp: registers.nomorHp,
  desaKelurahanId: registers.desaKelurahanId,
  rw: registers.rw,
  rt: registers.rt,
  memberCount: registers.memberCount,
  tanggalPendataan: registers.tanggalPendataan,
  status: registers.status,
  version: registers.version,
  createdAt: registers.createdAt,
  deletedAt: registers.deletedAt,
  deleteReason: registers.deleteReason,
  pregnantCount: registers.pregnantCount,
  blindCount: registers.blindCount,
  nursingCount: registers.nursingCount,
  motherDeathCount: registers.motherDeathCount,
  babyDeathCount: registers.babyDeathCount,
  toddlerDeathCount: registers.toddlerDeathCount,
  newBirthCount: registers.newBirthCount,
  birthCertificateCount: registers.birthCertificateCount,
  postpartumCount: registers.postpartumCount,
} satisfies Partial<Record<keyof RegisterRow, AnyPgColumn>>;

export type ListedRegister = Pick<RegisterRow, keyof typeof listedColumns>;

export interface RegisterPageRow {
  register: ListedRegister;
  ward: string | null;
  district: string | null;
}

/**
 * Above this many matches a list says '1.000+' instead of counting every row: forty pages are more
 * than anyone reads, and the count is what a common name costs. A city-wide "Budi" at 1,000,000
 * families has ~66,000 candidates in the trigram index; checking 10,001 of them in the heap took
 * ~48 ms, 1,001 take a tenth of that (3.3 ms against 14.9 at 100,000 families).
 */
export const TOTAL_CAP = 1_000;

export interface RegisterPage {
  rows: RegisterPageRow[];
  total: number;
  /** True when more than TOTAL_CAP rows match and `total` is the cap. */
  totalCapped: boolean;
}

/** One key a list is ordered by: a column or expression of registers, and its direction. */
export interface ListOrder {
  by: SQL | AnyPgColumn;
  direction: "asc" | "desc";
}

const orderSql = (order: ListOrder, by: SQL | AnyPgColumn = order.by) =>
  order.direction === "asc" ? sql`${by} asc` : sql`${by} desc`;

/** A number written into a page statement: a value, or a placeholder for one (a compiled page). */
type PageValue = number | Placeholder;

interface PageBounds {
  limit: PageValue;
  offset: PageValue;
  /** offset + limit: how many rows each ward's branch reads. */
  window: PageValue;
  /** The wards' ids (or placeholders for them), when the rows lie in more than one. */
  wards: readonly PageValue[] | undefined;
  /**
   * The window written into the statement's text instead of sent as a value (a compiled first page):
   * PostgreSQL then plans the statement once and keeps that plan, where a window it cannot see made
   * it plan every call (1.5 ms of a city's first page of records at 1,000,000 families, 4 ms of the
   * queue's 'Terlambat dulu' page, against 0.2-0.9 ms to run them).
   */
  windowInText?: number;
}

/** The conditions of a page's branches (pageIds): each range of a group (or none), in each ward (or none). */
function branchConditions(
  where: SQL | undefined,
  ranges: readonly SQL[] | undefined,
  wards: readonly PageValue[] | undefined,
): Array<SQL | undefined> {
  const byWard = wards && wards.length > 1 ? wards : [undefined];
  return (ranges ?? [undefined]).flatMap((range) =>
    byWard.map((ward) => and(where, range, ward === undefined ? undefined : eq(registers.desaKelurahanId, ward))),
  );
}

/**
 * The page's ids. Spread over several wards (a kecamatan), the ids come from one branch per ward,
 * each its ward's first offset + limit rows in order (an index range), joined by UNION ALL, which
 * PostgreSQL merges in order (Merge Append) and stops after offset + limit rows. As one range over
 * the wards it read every family of the kecamatan and sorted them: page 500 of a kecamatan of
 * 70,000 families at 1,000,000 families, 27 ms; ward by ward 5.5 ms. A group of an order in groups
 * (NamedOrder.groups) takes one branch per range of the group, and per ward, the same way.
 */
function pageIds(db: DbOrTx, where: SQL | undefined, order: ListOrder[], bounds: PageBounds, ranges?: readonly SQL[]) {
  const { limit, offset, window, wards, windowInText } = bounds;
  if (windowInText !== undefined && !Number.isSafeInteger(windowInText))
    throw new Error("pageIds: window not an integer");
  const windowSql = windowInText === undefined ? sql`${window}` : sql.raw(String(windowInText));
  // A window in the text always takes the branch form below (one branch here): `.limit()` sends its value.
  if (!ranges && !(wards && wards.length > 1) && windowInText === undefined) {
    return db
      .select({ id: registers.id })
      .from(registers)
      .where(where)
      .orderBy(...order.map((item) => orderSql(item)))
      .limit(limit)
      .offset(offset);
  }
  const keys = order.map((_, index) => sql.identifier(`k${index}`));
  const branches = branchConditions(where, ranges, wards).map(
    (condition) =>
      sql`(select ${registers.id} as id, ${sql.join(
        order.map((item, index) => sql`${item.by} as ${keys[index]}`),
        sql`, `,
      )} from ${registers} where ${condition}
        order by ${sql.join(
          order.map((item) => orderSql(item)),
          sql`, `,
        )} limit ${windowSql})`,
  );
  return db
    .select({ id: sql<number>`merged.id`.as("page_id") })
    .from(sql`(${sql.join(branches, sql` union all `)}) as merged`)
    .orderBy(...order.map((item, index) => orderSql(item, sql`merged.${keys[index]}`)))
    .limit(limit)
    .offset(offset);
}

/**
 * The page statement: the page's ids from the indexes alone (see pageOfRegisters), then only those
 * rows read in full, with their ward and district names.
 */
function pageRows(db: DbOrTx, where: SQL | undefined, order: ListOrder[], bounds: PageBounds, ranges?: readonly SQL[]) {
  const ids = pageIds(db, where, order, bounds, ranges).as("page_ids");
  return db
    .select({ register: listedColumns, ward: desaKelurahan.nama, district: kecamatan.nama })
    .from(ids)
    .innerJoin(registers, eq(registers.id, ids.id))
    .leftJoin(desaKelurahan, eq(desaKelurahan.id, registers.desaKelurahanId))
    .leftJoin(kecamatan, eq(kecamatan.id, desaKelurahan.kecamatanId))
    .orderBy(...order.map((item) => orderSql(item)));
}

/** Up to cap + 1 rows matching `where`, counted. */
function cappedCount(db: DbOrTx, where: SQL | undefined, cap: number) {
  const matching = db
    .select({ one: sql`1` })
    .from(registers)
    .where(where)
    .limit(cap + 1)
    .as("matching");
  return db.select({ total: count() }).from(matching);
}

const withTieBreak = (order: ListOrder[] | undefined): ListOrder[] => [
  ...(order ?? [{ by: registers.createdAt, direction: "desc" }]),
  { by: registers.id, direction: "desc" },
];

function cappedTotal(counted: { total: number } | undefined, cap: number): Omit<RegisterPage, "rows"> {
  const total = counted?.total ?? 0;
  return { total: Math.min(total, cap), totalCapped: total > cap };
}

interface PageOptions {
  page: number;
  pageSize: number;
  total?: number;
  cap?: number;
  /** Wards every row lies in, when more than one (a kecamatan: see pageIds). */
  wards?: readonly number[];
}

/**
 * One page of registers with their ward and district names, and the total matching `where`.
 *
 * Deferred join: the page's ids come from the (partial, ordered) indexes alone, and only those
 * 20 rows are read in full, so page 500 costs an index range, not 10,000 heap rows. For that,
 * `where` and `order` name registers' own columns only (ward and kecamatan names are resolved to
 * ids first, as family-search does): joining the ward tables into the id query, even unused, made
 * PostgreSQL read every skipped row from the heap (page 500 at 1,000,000 families: 9,497 heap
 * blocks, 1.2 s with a cold cache). The total is the caller's when it has an exact one for free
 * (from the rollups), else a count that stops after TOTAL_CAP + 1 rows. A list whose rows are a
 * read-policy selection alone (no search) takes pageOfSelection, whose statements are written once.
 */
export async function pageOfRegisters(
  db: Db,
  options: PageOptions & { where: SQL | undefined; order?: ListOrder[] },
): Promise<RegisterPage> {
  const offset = (options.page - 1) * options.pageSize;
  const bounds = { limit: options.pageSize, offset, window: offset + options.pageSize, wards: options.wards };
  const rows = await pageRows(db, options.where, withTieBreak(options.order), bounds);
  if (options.total !== undefined) return { rows, total: options.total, totalCapped: false };
  const cap = options.cap ?? TOTAL_CAP;
  const [counted] = await cappedCount(db, options.where, cap);
  return { rows, ...cappedTotal(counted, cap) };
}

/** An order a compiled page is written with, named by everything that decides its text. */
export interface NamedOrder {
  key: string;
  keys: ListOrder[];
  /**
   * An order in groups: every row of a group comes before the next group's rows, and within a group
   * the rows follow `keys`. A group is ranges (conditions on registers' own columns, each an index
   * range read in `keys` order) that hold its rows, each row once. The queue's 'Terlambat dulu'
   * (deadlines.ts) is two: the overdue records, then the others. Read as one order whose first key
   * (overdue or not) was a constant per range, PostgreSQL could not merge the ranges in order and
   * sorted offset + limit rows of each: page 500 of the city took 41-74 ms at 1,000,000 families.
   */
  groups?: readonly (readonly SQL[])[];
  /** The values its groups' placeholders name (the queue's instant: deadlines.ts), one set for the whole page. */
  values?: StatementValues;
}

export const newestFirst: NamedOrder = { key: "created", keys: [{ by: registers.createdAt, direction: "desc" }] };
export const newestDeletedFirst: NamedOrder = {
  key: "deleted",
  keys: [{ by: registers.deletedAt, direction: "desc" }],
};

interface SelectionPageShape {
  selection: RegisterSelection;
  order: NamedOrder;
  wardCount: number;
  /**
   * The window of a page read from the start of its rows (a list's first page, or a group read from
   * its first row), written into the text; other pages send theirs.
   */
  firstWindow: number | undefined;
  /** Which of the order's groups the statement reads (undefined: an order without groups). */
  group: number | undefined;
}

const wardPlaceholder = (index: number) => sql.placeholder(`ward${index}`);
const wardPlaceholders = (wardCount: number) =>
  wardCount > 1 ? Array.from({ length: wardCount }, (_, index) => wardPlaceholder(index)) : undefined;
const rangesOf = (order: NamedOrder, group: number | undefined) =>
  group === undefined ? undefined : order.groups?.[group];

/** A compiled page's bounds: its values as placeholders (pageValues fills them). */
const placeholderBounds = (wardCount: number, windowInText?: number): PageBounds => ({
  limit: sql.placeholder("limit"),
  offset: sql.placeholder("offset"),
  window: sql.placeholder("window"),
  wards: wardPlaceholders(wardCount),
  windowInText,
});

const selectionPageRows = compiledQuery(
  "register_page",
  ({ selection, order, wardCount, firstWindow, group }: SelectionPageShape) =>
    `${selectionShapeKey(selection)}|${order.key}|${wardCount}|${firstWindow ?? "page"}|${group ?? "all"}`,
  (db, { selection, order, wardCount, firstWindow, group }) =>
    pageRows(
      db,
      selectionCondition(selection, "placeholders"),
      withTieBreak(order.keys),
      placeholderBounds(wardCount, firstWindow),
      rangesOf(order, group),
    ),
);

export type GroupShape = Omit<SelectionPageShape, "firstWindow" | "group"> & { group: number };

const groupShapeKey = ({ selection, order, wardCount, group }: GroupShape) =>
  `${selectionShapeKey(selection)}|${order.key}|${wardCount}|${group}`;

/**
 * The ids of a page of one group read from an offset (a later page), planned once (plannedOnce:
 * force_generic_plan). Its window travels as a value, so PostgreSQL's own choice planned it on every
 * call: an official's 'Terlambat dulu' page 500 at 1,000,000 families, sixteen ranges (four statuses
 * in four wards), spent 4.7 ms planning and 3.5 running; the plan made once for every value reads
 * the same index ranges (2.5 ms in all). The ids come first, alone: the marked statement's rows are
 * the driver's, and the page's rows are then read by id (pageRowsOfIds).
 */
export function groupPageIdsStatement(db: DbOrTx, { selection, order, wardCount, group }: GroupShape): SQL {
  // A group's ranges always take pageIds' branch form, whose ids are named page_id.
  const ids = pageIds(
    db,
    selectionCondition(selection, "placeholders"),
    withTieBreak(order.keys),
    placeholderBounds(wardCount),
    rangesOf(order, group),
  );
  return plannedOnce(ids.getSQL());
}

const groupPageIds = compiledQuery("register_group_page_ids", groupShapeKey, (db, shape: GroupShape) =>
  preparableStatement(db, groupPageIdsStatement(db, shape)),
);

/**
 * A page's rows by id, in the selection (a record that left the reader's area since its id was read
 * is not shown), with their ward and district names; the caller puts them in the ids' order.
 */
const pageRowsOfIds = compiledQuery(
  "register_page_rows_by_id",
  (selection: RegisterSelection) => selectionShapeKey(selection),
  (db, selection) =>
    db
      .select({ register: listedColumns, ward: desaKelurahan.nama, district: kecamatan.nama })
      .from(registers)
      .leftJoin(desaKelurahan, eq(desaKelurahan.id, registers.desaKelurahanId))
      .leftJoin(kecamatan, eq(kecamatan.id, desaKelurahan.kecamatanId))
      .where(
        and(
          selectionCondition(selection, "placeholders"),
          sql`${registers.id} = any(${sql.placeholder("ids")}::integer[])`,
        ),
      ),
);

/** A group's rows read for a page, and whether the group reaches that far (it has rows there). */
interface GroupRead {
  rows: RegisterPageRow[];
  reached: boolean;
}

/**
 * A later page of one group: its ids planned once, then its rows by id, in the ids' order. The group
 * reaches the page when it has ids there, even if every one of them left the selection between
 * the two statements (deleted meanwhile): it is then not counted as ending before the page.
 */
async function laterPageOfGroup(db: Db, shape: GroupShape, values: StatementValues): Promise<GroupRead> {
  const ids = resultRows(await groupPageIds(db, shape, values)).map((row) => Number(row.page_id));
  if (ids.length === 0) return { rows: [], reached: false };
  const rows = await pageRowsOfIds(db, shape.selection, { ...shape.selection.place.values, ids: integerArray(ids) });
  const byId = new Map(rows.map((row) => [row.register.id, row]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), reached: true };
}

/** A group read from its first row: a whole page's window (its text planned once). */
async function firstPageOfGroup(db: Db, shape: GroupShape, pageSize: number, values: StatementValues) {
  const rows = await selectionPageRows(db, { ...shape, firstWindow: pageSize }, values);
  return { rows, reached: rows.length > 0 };
}

/** How many rows a group of an order holds: each of its ranges counted in each ward (an index range). */
const groupCount = compiledQuery(
  "register_group_count",
  groupShapeKey,
  (db, { selection, order, wardCount, group }: GroupShape) => {
    const branches = branchConditions(
      selectionCondition(selection, "placeholders"),
      rangesOf(order, group),
      wardPlaceholders(wardCount),
    ).map((condition) => sql`(select 1 from ${registers} where ${condition})`);
    return db.select({ total: count() }).from(sql`(${sql.join(branches, sql` union all `)}) as counted`);
  },
);

const selectionCount = compiledQuery(
  "register_count",
  ({ selection, cap }: { selection: RegisterSelection; cap: number }) => `${selectionShapeKey(selection)}|${cap}`,
  (db, { selection, cap }) => cappedCount(db, selectionCondition(selection, "placeholders"), cap),
);

/** The values of a selection's statement read ward by ward: the place's, the order's, and each ward's id. */
function placeValues(selection: RegisterSelection, order: NamedOrder, wards: readonly number[]): StatementValues {
  const values: StatementValues = { ...selection.place.values, ...order.values };
  wards.forEach((ward, index) => {
    values[`ward${index}`] = ward;
  });
  return values;
}

function pageValues(
  selection: RegisterSelection,
  order: NamedOrder,
  wards: readonly number[],
  { limit, offset }: { limit: number; offset: number },
): StatementValues {
  return { ...placeValues(selection, order, wards), limit, offset, window: offset + limit };
}

interface GroupedPage {
  selection: RegisterSelection;
  order: NamedOrder;
  groupCount: number;
  wards: readonly number[];
  offset: number;
  pageSize: number;
}

/**
 * A page of an order in groups: the groups read in turn from where the page starts, each as a merge
 * of its ranges in order. A group that ends before the page starts gives no rows and is counted (no
 * more rows than the page's offset), and the next group is read from the offset less that count.
 */
async function pageOfGroups(db: Db, page: GroupedPage): Promise<RegisterPageRow[]> {
  const { selection, order, wards, pageSize } = page;
  const rows: RegisterPageRow[] = [];
  let skip = page.offset;
  for (let group = 0; group < page.groupCount && rows.length < pageSize; group += 1) {
    const shape = { selection, order, wardCount: wards.length, group };
    const values = pageValues(selection, order, wards, { limit: pageSize, offset: skip });
    // From a group's start, a whole page of which the rest is taken; from further in, its ids planned once.
    const read =
      skip === 0 ? await firstPageOfGroup(db, shape, pageSize, values) : await laterPageOfGroup(db, shape, values);
    rows.push(...read.rows.slice(0, pageSize - rows.length));
    if (read.reached) skip = 0;
    else if (skip > 0) {
      const [counted] = await groupCount(db, shape, placeValues(selection, order, wards));
      skip = Math.max(0, skip - (counted?.total ?? 0));
    }
  }
  return rows;
}

/**
 * pageOfRegisters for the rows of a read-policy selection: its statements are written and
 * prepared once per shape (the selection's, the order's, how many wards) and then only filled with
 * values. drizzle writing a page statement's text cost about as much CPU as PostgreSQL answering it.
 */
export async function pageOfSelection(
  db: Db,
  options: PageOptions & { selection: RegisterSelection; order?: NamedOrder },
): Promise<RegisterPage> {
  const { selection, pageSize } = options;
  const order = options.order ?? newestFirst;
  const offset = (options.page - 1) * pageSize;
  const wards = options.wards && options.wards.length > 1 ? options.wards : [];
  const rows = order.groups
    ? await pageOfGroups(db, { selection, order, groupCount: order.groups.length, wards, offset, pageSize })
    : await selectionPageRows(
        db,
        // Most lists are read at their first page: it gets a statement PostgreSQL plans once.
        {
          selection,
          order,
          wardCount: wards.length,
          firstWindow: offset === 0 ? pageSize : undefined,
          group: undefined,
        },
        pageValues(selection, order, wards, { limit: pageSize, offset }),
      );
  if (options.total !== undefined) return { rows, total: options.total, totalCapped: false };
  const cap = options.cap ?? TOTAL_CAP;
  const [counted] = await selectionCount(db, { selection, cap }, selection.place.values);
  return { rows, ...cappedTotal(counted, cap) };
}

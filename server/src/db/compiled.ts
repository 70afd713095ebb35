// Statements whose text is built once per database (and shape) instead of on every call.
import type { SQL } from "drizzle-orm";
import type { PgPreparedQuery, PreparedQueryConfig } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client.ts";

export type StatementValues = Record<string, string | number | null>;

/**
 * drizzle turns a statement's template into text on every call by walking all its parts; for the
 * public status search that was 60% of the service's own CPU (about 0.1 ms a search, more before
 * the code is hot). `build` writes the statement with `sql.placeholder(name)` wherever a value
 * goes; its text is made the first time it runs on a database and kept, and each call only fills in
 * `values` (a missing one throws). Answers what db.execute would: the driver's rows.
 */
export function compiledStatement(
  build: (db: DbOrTx) => SQL,
): (db: DbOrTx, values: StatementValues) => Promise<unknown> {
  const compiled = new WeakMap<DbOrTx, PgPreparedQuery<PreparedQueryConfig>>();
  return (db, values) => {
    let prepared = compiled.get(db);
    if (!prepared) {
      prepared = db._.session.prepareQuery(db.execute(build(db)).getQuery(), undefined, undefined, false);
      compiled.set(db, prepared);
    }
    return prepared.execute(values);
  };
}

/**
 * A hand-written statement (values as `sql.placeholder`s) in the form compiledQuery keeps: for a
 * statement that must write a value into its text, such as a LIMIT a plan made once for every value
 * would otherwise take for a tenth of the rows. Answers the driver's rows (db/raw-rows.ts reads them).
 */
export function preparableStatement(db: DbOrTx, statement: SQL): PreparableQuery<unknown> {
  const query = db.execute(statement).getQuery();
  const prepare = () => db._.session.prepareQuery(query, undefined, undefined, false);
  return { prepare, execute: (values) => prepare().execute(values) };
}

/** A drizzle query (a select) whose values are placeholders. */
export interface PreparableQuery<T> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> };
  execute(values?: Record<string, unknown>): Promise<T>;
}

/**
 * Shapes one compiled query keeps prepared per database. Each is a prepared statement on every
 * connection that runs it; the shapes a city's users reach are a few dozen, but filters, statuses
 * and conditions multiply into thousands, and each kept statement holds server memory. Past this
 * many, a new shape is built for its call and sent like any other statement (db/client.ts decides
 * whether its text is prepared).
 */
export const COMPILED_SHAPES_PER_QUERY = 32;

/**
 * A drizzle query whose text depends on a few choices (its shape: a place's kind, a list of
 * statuses) and whose values are `sql.placeholder`s: built and prepared once per database and shape
 * (`keyOf`), then only run with its values. drizzle writing a figure query's text (forty sums)
 * cost more CPU than PostgreSQL answering it. A transaction is a database of its own here (its
 * queries are built for it).
 */
export function compiledQuery<S, T>(
  name: string,
  keyOf: (shape: S) => string,
  build: (db: DbOrTx, shape: S) => PreparableQuery<T>,
  limit = COMPILED_SHAPES_PER_QUERY,
): (db: DbOrTx, shape: S, values: StatementValues) => Promise<T> {
  const compiled = new WeakMap<DbOrTx, Map<string, ReturnType<PreparableQuery<T>["prepare"]>>>();
  return (db, shape, values) => {
    let byShape = compiled.get(db);
    if (!byShape) {
      byShape = new Map();
      compiled.set(db, byShape);
    }
    const key = keyOf(shape);
    let prepared = byShape.get(key);
    if (!prepared) {
      if (byShape.size >= limit) return build(db, shape).execute(values);
      prepared = build(db, shape).prepare(`${name}_${byShape.size}`);
      byShape.set(key, prepared);
    }
    return prepared.execute(values);
  };
}

/**
 * Integers as one statement value, a PostgreSQL array literal ('{1,2,3}'): a compiled statement
 * reads them with `= any(${placeholder}::integer[])`, one text for any number of ids.
 */
export function integerArray(values: readonly number[]): string {
  if (!values.every(Number.isSafeInteger)) throw new Error("integerArray: not integers");
  return `{${values.join(",")}}`;
}

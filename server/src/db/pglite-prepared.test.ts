// The embedded database's statements prepared once and kept (pglite-prepared.ts): the same answers
// and errors as PGlite's own query(), a plannedOnce statement on one generic plan, the session's
// plan setting as it was, and calls that take turns.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { preparingPglite } from "./pglite-prepared.ts";
import { codeOf } from "./sql-state.ts";
import { plannedOnce } from "./statement-plans.ts";

let raw: PGlite;
let client: PGlite;

beforeEach(async () => {
  raw = await PGlite.create({ extensions: { pg_trgm } });
  await raw.exec(`create extension pg_trgm;
    create table people (id integer primary key, name text not null, born timestamptz not null, data jsonb);
    insert into people values (1, 'Budi Santoso', '2001-02-03 04:05:06+07', '{"rt": 1}'),
      (2, 'Siti Aminah', '1999-12-31 23:00:00+07', null), (3, 'Budiman', '1980-06-01 00:00:00+07', '{"rt": 3}');`);
  client = preparingPglite(raw);
});

afterEach(async () => {
  await raw.close();
});

/** A drizzle-built text with the planned-once mark, as services write it. */
const marked = (text: string) => new PgDialect().sqlToQuery(plannedOnce(sql.raw(text))).sql;

/** What drizzle asks of PGlite: rows as arrays, dates kept as their text. */
const drizzleOptions = {
  rowMode: "array" as const,
  parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
};

async function statements(): Promise<{ statement: string; generic: number; custom: number }[]> {
  const result = await raw.query<{ statement: string; generic: number; custom: number }>(
    "select statement, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements order by statement",
  );
  return result.rows;
}

async function planCacheMode(): Promise<string> {
  const result = await raw.query<{ plan_cache_mode: string }>("show plan_cache_mode");
  return result.rows[0]?.plan_cache_mode ?? "";
}

test("a statement runs by name and answers what PGlite's own query() answers", async () => {
  const text = "select id, name, born, data from people where id >= $1 and name <> $2 order by id";
  for (const options of [drizzleOptions, undefined]) {
    const own = await raw.query(text, [2, "x"], options);
    const named = await client.query(text, [2, "x"], options);
    expect(named.rows).toEqual(own.rows);
    expect(named.fields).toEqual(own.fields);
  }
  const inserted = await client.query("insert into people values ($1, $2, $3, $4) returning id", [
    4,
    "Wati",
    "2020-01-01T00:00:00Z",
    JSON.stringify({ rt: 4 }),
  ]);
  expect(inserted.rows).toEqual([{ id: 4 }]);
  expect(inserted.affectedRows).toBe(1);
  const updated = await client.query("update people set data = $1 where id = $2", [null, 4]);
  expect(updated.affectedRows).toBe(1);
  expect((await raw.query("select data, born from people where id = 4")).rows).toEqual([
    { data: null, born: new Date("2020-01-01T00:00:00Z") },
  ]);
  expect((await statements()).map((row) => row.statement)).toEqual([
    "insert into people values ($1, $2, $3, $4) returning id",
    text,
    "update people set data = $1 where id = $2",
  ]);
});

test("a plannedOnce statement keeps one generic plan; others keep PostgreSQL's choice; the setting stays auto", async () => {
  const probe = marked("select name from people where id = $1");
  const plain = "select name from people where id = $1 + 0";
  for (const id of [1, 2, 3]) {
    expect((await client.query(probe, [id])).rows).toHaveLength(1);
    expect((await client.query(plain, [id])).rows).toHaveLength(1);
  }
  expect(await statements()).toEqual([
    { statement: probe, generic: 3, custom: 0 },
    { statement: plain, generic: 0, custom: 3 },
  ]);
  expect(await planCacheMode()).toBe("auto");
});

test("a failing statement keeps its SQLSTATE, and the session and its setting are as they were", async () => {
  const insert = marked("insert into people (id, name, born) values ($1, $2, now())");
  await client.query(insert, [5, "Ani"]);
  const duplicate = await client.query(insert, [5, "Ani"]).catch((error: unknown) => error);
  expect(codeOf(duplicate)).toBe("23505");
  expect(await planCacheMode()).toBe("auto");

  const failed = await client
    .transaction(async (tx) => {
      await tx.query(insert, [6, "Dewi"]);
      await tx.query(insert, [5, "Ani"]);
    })
    .catch((error: unknown) => error);
  expect(codeOf(failed)).toBe("23505");
  expect(await planCacheMode()).toBe("auto");
  expect((await client.query("select id from people where id >= $1 order by id", [5])).rows).toEqual([{ id: 5 }]);
});

test("a statement first named inside a transaction that rolled back runs afterwards", async () => {
  const text = marked("select count(*)::int as n from people where id > $1");
  await client.transaction(async (tx) => {
    expect((await tx.query(text, [0])).rows).toEqual([{ n: 3 }]);
    await tx.rollback();
  });
  expect((await client.query(text, [1])).rows).toEqual([{ n: 2 }]);
  expect((await statements()).map((row) => row.statement)).toEqual([text]);
});

test("calls at once and a transaction take turns, each with its own answer", async () => {
  const byId = marked("select name from people where id = $1");
  const count = "select count(*)::int as n from people where id <= $1";
  const calls = Array.from({ length: 30 }, (_, index) => {
    const id = (index % 3) + 1;
    return index % 2 === 0
      ? client.query<{ name: string }>(byId, [id]).then((result) => result.rows[0]?.name)
      : client.query<{ n: number }>(count, [id]).then((result) => String(result.rows[0]?.n));
  });
  // The transaction names a statement the calls outside it are waiting to run too.
  const transaction = client.transaction(async (tx) => {
    await tx.query("insert into people (id, name, born) values ($1, $2, now())", [7, "Rina"]);
    const inside = await tx.query<{ n: number }>(count, [7]);
    await tx.rollback();
    return inside.rows[0]?.n;
  });
  const answers = await Promise.all(calls);
  expect(answers).toEqual(
    Array.from({ length: 30 }, (_, index) => {
      const id = (index % 3) + 1;
      return index % 2 === 0 ? ["Budi Santoso", "Siti Aminah", "Budiman"][id - 1] : String(id);
    }),
  );
  expect(await transaction).toBe(4);
  expect((await client.query<{ n: number }>(count, [7])).rows).toEqual([{ n: 3 }]);
});

test("a statement with a text pattern is planned for each value; the setting stays auto", async () => {
  const search = "select name from people where name ilike $1 order by name <-> $2 limit 1";
  for (const [pattern, name] of [
    ["%budi%", "Budi"],
    ["%siti%", "Siti"],
    ["%budi%", "Budi Santoso"],
    ["%a%", "Aminah"],
    ["%budiman%", "Budiman"],
    ["%santoso%", "Santoso"],
  ] as const) {
    const own = await raw.query(search, [pattern, name]);
    expect((await client.query(search, [pattern, name])).rows).toEqual(own.rows);
  }
  expect(await statements()).toEqual([{ statement: search, generic: 0, custom: 6 }]);
  expect(await planCacheMode()).toBe("auto");
});

test("utility statements, blobs and texts beyond the limit run unnamed", async () => {
  const limited = preparingPglite(raw, 1);
  await limited.query("select id from people where id = $1", [1]);
  await limited.query("select id from people where id = $1 + 0", [1]);
  await limited.query("set application_name = 'pkk'");
  await limited.query("copy people (id, name, born) from '/dev/blob' with (format csv)", [], {
    blob: new Blob(["8,Yanti,2000-01-01\n"]),
  });
  expect((await statements()).map((row) => row.statement)).toEqual(["select id from people where id = $1"]);
  expect((await raw.query("select count(*)::int as n from people")).rows).toEqual([{ n: 4 }]);
});

// The app's PostgreSQL sessions: JIT off (short OLTP queries), bounded statement and
// idle-in-transaction times, and readiness that knows whether every migration is applied.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { createPostgresDatabase } from "../../test/private-postgres.ts";
import { openDatabase, preparingClient } from "./client.ts";
import { plannedOnce, preparable } from "./statement-plans.ts";

let drop = async () => {};
let url = "";

beforeAll(async () => {
  const database = await createPostgresDatabase("pkk_client");
  url = database.url;
  drop = database.drop;
}, 60_000);

afterAll(async () => {
  await drop();
});

function firstRow(result: unknown): Record<string, unknown> {
  const rows: unknown = Array.isArray(result) ? result : [];
  const [row] = Array.isArray(rows) ? rows : [];
  return typeof row === "object" && row !== null ? Object.fromEntries(Object.entries(row)) : {};
}

test("app sessions run with jit off, a 10 s statement timeout and a 15 s idle-in-transaction timeout", async () => {
  const handle = await openDatabase({ url });
  try {
    const row = firstRow(
      await handle.db.execute(
        sql`select current_setting('jit') as jit, current_setting('statement_timeout') as statement,
                   current_setting('idle_in_transaction_session_timeout') as idle`,
      ),
    );
    expect(row).toEqual({ jit: "off", statement: "10s", idle: "15s" });
  } finally {
    await handle.close();
  }
});

test("readiness: migrations pending before migrate, applied after", async () => {
  const handle = await openDatabase({ url });
  try {
    expect(await handle.migrationsApplied()).toBe(false);
    await handle.migrate();
    expect(await handle.migrationsApplied()).toBe(true);
  } finally {
    await handle.close();
  }
}, 60_000);

test("statements are prepared per connection up to the limit; beyond it they run unprepared", async () => {
  const raw = postgres(url, { max: 1, onnotice: () => {} });
  const client = preparingClient(raw, 2);
  try {
    for (let round = 0; round < 2; round += 1) {
      // With a parameter, as drizzle sends them (a statement without one goes by the simple protocol).
      for (const text of ["select $1::int as a", "select $1::int as b", "select $1::int as c"]) {
        await client.unsafe(text, [round], { prepare: false });
      }
    }
    const prepared = await raw.unsafe<Array<{ statement: string }>>(
      "select statement from pg_prepared_statements where statement like 'select $1::int as _' order by statement",
      [],
      { prepare: false },
    );
    expect(prepared.map((row) => row.statement)).toEqual(["select $1::int as a", "select $1::int as b"]);
  } finally {
    await raw.end();
  }
});

test("without connections for patterns, a text pattern is never prepared (planned for its value); other statements are", async () => {
  const raw = postgres(url, { max: 1, onnotice: () => {} });
  const client = preparingClient(raw);
  try {
    for (let round = 0; round < 7; round += 1) {
      await client.unsafe("select $1::text ilike $2 as pattern_match", ["Budi Santoso", "%budi%"], { prepare: false });
      await client.unsafe("select $1::int as plain_lookup", [round], { prepare: false });
    }
    const prepared = await raw.unsafe<Array<{ statement: string }>>(
      "select statement from pg_prepared_statements where statement like 'select $1::%' order by statement",
      [],
      { prepare: false },
    );
    expect(prepared.map((row) => row.statement)).toEqual(["select $1::int as plain_lookup"]);
  } finally {
    await raw.end();
  }
});

test("a text pattern runs on connections that plan every call for its values, with each value's answer", async () => {
  const handle = await openDatabase({ url });
  try {
    for (const [name, pattern, expected] of [
      ["Budi Santoso", "%budi%", true],
      ["Siti Aminah", "%budi%", false],
      ["Siti Aminah", "%MIN%", true],
    ] as const) {
      // Seven runs of one text: past the five after which an "auto" connection may keep one plan.
      for (let round = 0; round < 7; round += 1) {
        const row = firstRow(
          await handle.db.execute(
            sql`select current_setting('plan_cache_mode') as mode, ${name}::text ilike ${pattern} as matched`,
          ),
        );
        expect(row).toEqual({ mode: "force_custom_plan", matched: expected });
      }
    }
    expect(firstRow(await handle.db.execute(sql`select current_setting('plan_cache_mode') as mode`)).mode).toBe("auto");
  } finally {
    await handle.close();
  }
});

test("preparable: LIKE, ILIKE, trigram distance and similarity are planned per call", () => {
  expect(preparable('select id from registers where "nama" ilike $1')).toBe(false);
  expect(preparable('select id from registers where "nama" like $1')).toBe(false);
  expect(preparable('select id from registers where "nama" not ilike $1')).toBe(false);
  expect(preparable("select id from registers order by nama <-> $1 limit 10")).toBe(false);
  expect(preparable("select similarity(nama, $1) from registers")).toBe(false);
  expect(preparable('select "likes_count", "unlikely" from t where id = $1')).toBe(true);
  expect(preparable("select id from registers where id = $1")).toBe(true);
});

test("a plannedOnce statement sends and reads values as every other statement does (JSON text, timestamps)", async () => {
  const handle = await openDatabase({ url });
  try {
    const statement = sql`select (${JSON.stringify({ via: "rest" })}::jsonb || jsonb_build_object('n', 1))::text as details,
      jsonb_typeof(${'{"a":1}'}::jsonb) as kind, '2026-03-04 23:59:58.999+00'::timestamptz as at, ${"2026-03-05"}::date as day`;
    // Each twice: the second run of a text is the prepared one.
    for (let round = 0; round < 2; round += 1) {
      const plain = firstRow(await handle.db.execute(statement));
      const planned = firstRow(await handle.db.execute(plannedOnce(statement)));
      expect(planned).toEqual(plain);
      expect(planned.kind).toBe("object");
      expect(JSON.parse(String(planned.details))).toEqual({ via: "rest", n: 1 });
    }
  } finally {
    await handle.close();
  }
});

test("a plannedOnce statement keeps one plan for every value; the others and transactions keep PostgreSQL's choice", async () => {
  const handle = await openDatabase({ url });
  try {
    const mode = sql`select current_setting('plan_cache_mode') as mode, ${1}::int as value`;
    expect(firstRow(await handle.db.execute(plannedOnce(mode))).mode).toBe("force_generic_plan");
    expect(firstRow(await handle.db.execute(mode)).mode).toBe("auto");
    // Inside a transaction the mark is a comment: the statement runs on the transaction's connection.
    const inTransaction = await handle.db.transaction(async (tx) => firstRow(await tx.execute(plannedOnce(mode))));
    expect(inTransaction.mode).toBe("auto");
    // The same text with other values gives their answers.
    for (const value of [2, 3, 4]) {
      const row = firstRow(await handle.db.execute(plannedOnce(sql`select ${value}::int * 10 as value`)));
      expect(row.value).toBe(value * 10);
    }
  } finally {
    await handle.close();
  }
});

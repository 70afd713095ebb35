// PGlite has no autovacuum: vacuumWhereDue applies PostgreSQL's own rule in its place.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { PGlite } from "@electric-sql/pglite";
import { vacuumWhereDue } from "./pglite-autovacuum.ts";

let client: PGlite;

beforeEach(async () => {
  client = await PGlite.create();
});

afterEach(async () => {
  await client.close();
});

/** A table of `rows` rows, vacuumed and analyzed, so its counters start at zero. */
async function tableOf(name: string, rows: number) {
  await client.exec(`create table ${name} (id int primary key, value int not null default 0)`);
  await client.exec(`insert into ${name} (id) select g from generate_series(1, ${rows}) g`);
  // The insert's counters reach the statistics before the vacuum sets them back to zero.
  await client.query("select pg_stat_force_next_flush()");
  await client.exec(`vacuum analyze ${name}`);
}

async function pages(name: string): Promise<number> {
  const result = await client.query<{ pages: number }>(
    `select (pg_relation_size('${name}') / current_setting('block_size')::int)::int as pages`,
  );
  return result.rows[0]?.pages ?? 0;
}

test("takes what autovacuum would: dead rows past its threshold, changes past analyze's, rows appended; leaves the rest", async () => {
  // With PostgreSQL's defaults and 1,000 rows: vacuum past 50 + 20% = 250 dead rows or 1,000 + 20% =
  // 1,200 inserted rows; analyze past 50 + 10% = 150 changed rows.
  await tableOf("churned", 1000);
  await tableOf("changed", 1000);
  await tableOf("appended", 1000);
  await tableOf("quiet", 1000);
  expect(await vacuumWhereDue(client)).toEqual([]);
  await client.exec("delete from churned where id <= 300");
  await client.exec("update changed set value = 1 where id <= 200");
  await client.exec("insert into appended (id) select g from generate_series(1001, 2300) g");
  await client.exec("delete from quiet where id <= 100");

  const done = await vacuumWhereDue(client);
  expect(done.toSorted((a, b) => a.table.localeCompare(b.table))).toEqual([
    { table: "public.appended", action: "vacuum analyze" },
    { table: "public.changed", action: "analyze" },
    { table: "public.churned", action: "vacuum analyze" },
  ]);
  const churned = await client.query<{ dead: number; vacuumed: boolean }>(
    "select n_dead_tup::int as dead, last_vacuum is not null as vacuumed from pg_stat_user_tables where relname = 'churned'",
  );
  expect(churned.rows).toEqual([{ dead: 0, vacuumed: true }]);
  // Done: the next round finds nothing.
  expect(await vacuumWhereDue(client)).toEqual([]);
});

test("a table written and emptied over and over (the change log, nonces) stays small, where unvacuumed it grows", async () => {
  const churn = async (name: string, vacuum: boolean) => {
    await tableOf(name, 0);
    for (let round = 0; round < 30; round += 1) {
      await client.exec(`insert into ${name} (id) select g from generate_series(1, 500) g`);
      await client.exec(`delete from ${name}`);
      if (vacuum) await vacuumWhereDue(client);
    }
    return pages(name);
  };
  const vacuumed = await churn("vacuumed", true);
  const unvacuumed = await churn("unvacuumed", false);
  expect(unvacuumed).toBeGreaterThan(30);
  expect(vacuumed).toBeLessThanOrEqual(4);
});

test("a table name that needs quoting is vacuumed too", async () => {
  await tableOf(`"Data Lama"`, 1000);
  await client.exec(`delete from "Data Lama" where id <= 400`);
  expect(await vacuumWhereDue(client)).toEqual([{ table: `public."Data Lama"`, action: "vacuum analyze" }]);
});

// PGlite forgets what autovacuum counts at every start; the counts are carried over a clean close.
import { afterEach, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { openDatabase } from "./client.ts";
import { vacuumWhereDue } from "./pglite-autovacuum.ts";
import { keepTableActivity, takeCarriedActivity } from "./pglite-table-activity.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "pkk-activity-"));
  dirs.push(dir);
  return dir;
}

/** A table of 1,000 rows, vacuumed and analyzed: autovacuum takes it past 250 dead rows (50 + 20%). */
async function thousandRows(client: PGlite) {
  await client.exec("create table churned (id int primary key, value int not null default 0)");
  await client.exec("insert into churned (id) select g from generate_series(1, 1000) g");
  await client.query("select pg_stat_force_next_flush()");
  await client.exec("vacuum analyze churned");
}

test("rows deleted before a clean close count after the next open: 140 then 120 are past the threshold of 250", async () => {
  const dir = dataDir();
  let client = await PGlite.create({ dataDir: dir });
  await thousandRows(client);
  // Short of vacuum's 250 dead rows and of analyze's 50 + 10% = 150 changed rows.
  await client.exec("delete from churned where id <= 140");
  expect(await vacuumWhereDue(client)).toEqual([]);
  await keepTableActivity(client, dir, []);
  await client.close();

  client = await PGlite.create({ dataDir: dir });
  const carried = takeCarriedActivity(dir);
  expect(carried).toEqual([{ table: "public.churned", dead: 140, inserted: 0, modified: 140 }]);
  await client.exec("delete from churned where id <= 260");
  // Without the carried counts this start saw 120 deleted rows and left the table as it was.
  expect(await vacuumWhereDue(client, [])).toEqual([]);
  expect(await vacuumWhereDue(client, carried)).toEqual([{ table: "public.churned", action: "vacuum analyze" }]);
  // Vacuumed since the start: what was carried is done with, and the next close keeps nothing of it.
  await keepTableActivity(client, dir, carried);
  await client.close();
  expect(takeCarriedActivity(dir)).toEqual([]);
});

test("the counts are read once: a start that ends in a crash (no clean close) loses them, as a server does", async () => {
  const dir = dataDir();
  let client = await PGlite.create({ dataDir: dir });
  await thousandRows(client);
  await client.exec("delete from churned where id <= 200");
  await keepTableActivity(client, dir, []);
  await client.close();
  expect(takeCarriedActivity(dir)).toHaveLength(1);
  // The next start took them and never closed cleanly: the start after it has none.
  expect(existsSync(join(dir, "pkk-table-activity.json"))).toBe(false);
  client = await PGlite.create({ dataDir: dir });
  expect(takeCarriedActivity(dir)).toEqual([]);
  await client.close();
});

test("the portal's database handle carries the counts from one start to the next", async () => {
  const dir = dataDir();
  let handle = await openDatabase({ dataDir: dir });
  await handle.db.execute(sql.raw("create table churned (id int primary key, value int not null default 0)"));
  await handle.db.execute(sql.raw("insert into churned (id) select g from generate_series(1, 1000) g"));
  await handle.vacuumWhereDue();
  await handle.db.execute(sql.raw("vacuum analyze churned"));
  await handle.db.execute(sql.raw("update churned set value = 1 where id <= 100"));
  expect(await handle.vacuumWhereDue()).toEqual([]);
  await handle.close();

  handle = await openDatabase({ dataDir: dir });
  await handle.db.execute(sql.raw("update churned set value = 2 where id > 900"));
  // 100 + 100 changed rows, past analyze's 50 + 10% = 150; 200 dead rows, short of vacuum's 250.
  expect(await handle.vacuumWhereDue()).toContainEqual({ table: "public.churned", action: "analyze" });
  await handle.close();
});

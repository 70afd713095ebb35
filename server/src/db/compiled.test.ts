// A compiled statement keeps its text and takes new values on every call, on either driver.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "../../test/db.ts";
import type { DatabaseHandle } from "./client.ts";
import { compiledQuery, compiledStatement } from "./compiled.ts";
import { resultRows } from "./raw-rows.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await handle.close();
}, 60_000);

let builds = 0;
const greet = compiledStatement(() => {
  builds += 1;
  return sql`select ${sql.placeholder("name")}::text || '!' as greeting, ${sql.placeholder("n")}::int * 2 as twice`;
});

test("each call answers its own values; the text is built once per database", async () => {
  const answers = await Promise.all(
    ["Ani", "Budi", "Citra"].map(async (name, index) => resultRows(await greet(handle.db, { name, n: index }))),
  );
  expect(answers).toEqual([
    [{ greeting: "Ani!", twice: 0 }],
    [{ greeting: "Budi!", twice: 2 }],
    [{ greeting: "Citra!", twice: 4 }],
  ]);
  expect(resultRows(await greet(handle.db, { name: "Dewi", n: 21 }))).toEqual([{ greeting: "Dewi!", twice: 42 }]);
  expect(builds).toBe(1);
});

test("a value the statement needs but the call lacks is an error, not a null", async () => {
  await expect(greet(handle.db, { name: "Eka" })).rejects.toThrow("n");
});

test("a compiled query is built once per database and shape, and each call gets its own values", async () => {
  const shapes: string[] = [];
  const doubled = compiledQuery(
    "doubled",
    (shape: "plain" | "negated") => shape,
    (db, shape) => {
      shapes.push(shape);
      const value = sql<number>`${sql.placeholder("n")}::int * 2`.mapWith(Number);
      return db
        .select({ value: shape === "plain" ? value : sql<number>`-(${value})`.mapWith(Number) })
        .from(sql`(select 1) as one`);
    },
  );
  expect(await doubled(handle.db, "plain", { n: 1 })).toEqual([{ value: 2 }]);
  expect(await doubled(handle.db, "plain", { n: 5 })).toEqual([{ value: 10 }]);
  expect(await doubled(handle.db, "negated", { n: 5 })).toEqual([{ value: -10 }]);
  expect(await doubled(handle.db, "negated", { n: 7 })).toEqual([{ value: -14 }]);
  expect(shapes).toEqual(["plain", "negated"]);
});

test("past its limit of shapes a compiled query still answers each call, built for that call", async () => {
  const builtFor: number[] = [];
  const offset = compiledQuery(
    "offset",
    (shape: number) => String(shape),
    (db, shape) => {
      builtFor.push(shape);
      return db
        .select({ value: sql<number>`${sql.placeholder("n")}::int + ${sql.raw(String(shape))}`.mapWith(Number) })
        .from(sql`(select 1) as one`);
    },
    2,
  );
  for (const shape of [10, 20, 30, 10, 30, 20]) {
    expect(await offset(handle.db, shape, { n: 1 })).toEqual([{ value: shape + 1 }]);
  }
  // 10 and 20 are kept; 30 is built for each of its calls.
  expect(builtFor).toEqual([10, 20, 30, 30]);
});

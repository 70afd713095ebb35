import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { resultRows } from "../../db/raw-rows.ts";
import { figureMonthEndMarks } from "../../db/schema/figures.ts";
import { registerChanges } from "../../db/schema/register-changes.ts";
import { createLogger } from "../../log.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { foldRegisterChanges, readRegisterChangeVersion } from "../registers/change-log.ts";
import { startOfMonthWib } from "../figures/dashboard.ts";
import { takeLastMonthEnd } from "../figures/month-end.ts";
import { startHousekeeping } from "./schedule.ts";

describe("housekeeping rounds", () => {
  const t = useTestApp();

  test("fold the registers' change log as they start, keeping its version", async () => {
    for (let index = 0; index < 3; index += 1) await createFamilyRegister(t.db, { wardIndex: index });
    const version = await readRegisterChangeVersion(t.db);
    expect((await t.db.select().from(registerChanges)).length).toBeGreaterThan(3);
    const stop = startHousekeeping(t.db, createLogger("error"), 60_000);
    await stop();
    expect(await t.db.select().from(registerChanges)).toEqual([{ transactionId: 0, changes: version }]);
    expect(await readRegisterChangeVersion(t.db)).toBe(version);
  });

  test("take last month's month-end snapshot as they start, so no resident's write waits for it", async () => {
    await createFamilyRegister(t.db, { wardIndex: 2 });
    await t.db.execute(sql`select pkk_forget_month_ends()`);
    const lastMonth = new Date(startOfMonthWib().getTime() - 24 * 60 * 60 * 1000 + 7 * 60 * 60 * 1000)
      .toISOString()
      .slice(0, 7);
    const stop = startHousekeeping(t.db, createLogger("error"), 60_000);
    await stop();
    const marks = await t.db.select().from(figureMonthEndMarks);
    expect(marks.map((mark) => mark.month)).toEqual([lastMonth]);
    // Taken once: the next round finds it.
    expect(await takeLastMonthEnd(t.db)).toBeNull();
    await t.db.execute(sql`select pkk_forget_month_ends()`);
    expect(await takeLastMonthEnd(t.db)).toBe(lastMonth);
  });

  test("vacuum the tables that churned on the embedded database, which has no autovacuum; leave PostgreSQL's to its own", async () => {
    // 400 rows folded away: dead rows past autovacuum's threshold (50 + 20% of the table).
    await t.db.execute(
      sql`insert into register_changes (transaction_id, changes) select g, 0 from generate_series(1, 400) g`,
    );
    expect(await foldRegisterChanges(t.db)).toBeGreaterThanOrEqual(400);
    const lines: string[] = [];
    const stop = startHousekeeping(
      t.db,
      createLogger("info", (line) => lines.push(line)),
      60_000,
      t.handle.vacuumWhereDue,
    );
    await stop();
    const vacuumed = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.message === "housekeeping vacuumed")
      .flatMap((entry) => entry.tables);
    if (t.handle.kind === "pglite") {
      expect(vacuumed).toContainEqual({ table: "public.register_changes", action: "vacuum analyze" });
      const [row] = await t.db
        .execute(sql`select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'register_changes'`)
        .then(resultRows);
      expect(row?.dead).toBe(0);
    } else {
      expect(vacuumed).toEqual([]);
    }
  });
});

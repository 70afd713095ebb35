import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { figureMonthEndMarks } from "../../db/schema/figures.ts";
import { registerChanges } from "../../db/schema/register-changes.ts";
import { createLogger } from "../../log.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { readRegisterChangeVersion } from "../registers/change-log.ts";
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
});

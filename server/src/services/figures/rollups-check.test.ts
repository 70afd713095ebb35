// `npm run figures:check` on a portal in use: the recount goes into temporary tables of the rollups'
// names and reads the maintained ones, so writes and figure reads go on while it runs. It used to
// truncate the maintained rollups inside its transaction: every dashboard read and every register
// write waited for the whole recount (minutes at a million families).
import { describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { resultRows } from "../../db/raw-rows.ts";
import { figureRollups } from "../../db/schema/figures.ts";
import { registers } from "../../db/schema/registers.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { startOfMonthWib } from "./dashboard.ts";
import { checkRollups, rebuildRollups } from "./rollups.ts";

const t = useTestApp();

describe("figures:check beside the portal's own work", () => {
  test("it runs to the end while a register write is open, and sees none of it; the write commits after", async () => {
    // One connection is all PGlite has: nothing can be open beside the check there.
    if (t.handle.kind !== "postgres") return;
    const family = await createFamilyRegister(t.db, { wardIndex: 3, rw: "002", rt: "001" });
    const checked = await t.db.transaction(async (tx) => {
      // The write holds its rollup rows (and its ward's lock) until it commits.
      await tx.update(registers).set({ rt: "009", houseHealthy: true }).where(eq(registers.id, family.id));
      const timeout = Bun.sleep(15_000).then((): "still waiting" => "still waiting");
      return Promise.race([checkRollups(t.db), timeout]);
    });
    expect(checked).toEqual([]);
    const [moved] = resultRows(
      await t.db.execute(sql`select sum(families)::int as families from ${figureRollups} where rt = '009'`),
    );
    expect(Number(moved?.families)).toBe(1);
    expect(await checkRollups(t.db)).toEqual([]);
  });

  test("a check after a rebuild in the same session recounts into its own tables and finds a difference made by hand", async () => {
    await createFamilyRegister(t.db, { wardIndex: 3, rw: "002", rt: "010" });
    // The rebuild's statements are planned against the maintained tables (PGlite: this session's only one).
    await rebuildRollups(t.db);
    const rollupRows = sql`select count(*)::int as rows, coalesce(sum(families), 0)::int as families from ${figureRollups}`;
    const before = resultRows(await t.db.execute(rollupRows));
    expect(await checkRollups(t.db)).toEqual([]);
    await t.db.execute(sql`update ${figureRollups} set families = families + 1 where rt = '010'`);
    const found = await checkRollups(t.db);
    expect(found.map((difference) => [difference.table, difference.missing, difference.unexpected])).toEqual([
      ["figure_rollups", 1, 1],
    ]);
    await t.db.execute(sql`update ${figureRollups} set families = families - 1 where rt = '010'`);
    expect(resultRows(await t.db.execute(rollupRows))).toEqual(before);
    expect(await checkRollups(t.db)).toEqual([]);
  });

  test("it checks the month-end snapshots' ward sums against their RT rows and finds one changed by hand", async () => {
    // Five days before this month began in WIB: always last month (35 days back from the first days
    // of a month is the month before it, whose families last month's report does not receive).
    const lastMonth = new Date(startOfMonthWib().getTime() - 5 * 24 * 60 * 60 * 1000);
    const family = await createFamilyRegister(t.db, { wardIndex: 5, rw: "003", rt: "001", status: "APPROVED" });
    await t.db.update(registers).set({ createdAt: lastMonth }).where(eq(registers.id, family.id));
    // The next write takes the month-end snapshots again (the back-dated family dropped them).
    await createFamilyRegister(t.db, { wardIndex: 5, rw: "003", rt: "002" });
    const taken = resultRows(await t.db.execute(sql`select count(*)::int as rows from figure_month_end_wards`));
    expect(Number(taken[0]?.rows)).toBeGreaterThan(0);
    expect(await checkRollups(t.db)).toEqual([]);

    await t.db.execute(sql`update figure_month_end_wards set families = families + 1
      where desa_kelurahan_id = (select desa_kelurahan_id from registers where id = ${family.id})`);
    await t.db.execute(sql`update report_month_end set families = families + 2 where kind = 'received'
      and desa_kelurahan_id = (select desa_kelurahan_id from registers where id = ${family.id})`);
    const found = await checkRollups(t.db);
    expect(found.map((difference) => difference.table).sort()).toEqual([
      "figure_month_end_wards",
      "report_month_end_wards",
    ]);
    for (const difference of found) {
      expect(difference.missing).toBeGreaterThan(0);
      expect(difference.unexpected).toBeGreaterThan(0);
    }
  });
});

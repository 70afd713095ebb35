// Month-end snapshots (migration issue12_month_end_custom): a past month's report shows the figures
// as they stood at that month's end, however the families change afterwards. The database's clock
// is the real one: "last month" is the month before now (WIB), its families back-dated into it, and
// the snapshots are dropped first, as at the end of last month before anything of this month was
// written.
import { describe, expect, test } from "bun:test";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import { figureMonthEndMarks } from "../../db/schema/figures.ts";
import { resultRows } from "../../db/raw-rows.ts";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { heldOpen, lockWaiters, outcome } from "../../../test/held-locks.ts";
import { useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { scopeCondition, scopeOf } from "../registers/scope.ts";
import { areaFiguresFromRows } from "./area-figures.ts";
import { dashboardSummary, monthBefore, startOfMonthWib } from "./dashboard.ts";
import { exportReport, monthBounds, monthlyReport, type MonthlyReport } from "./reports.ts";
import { breakdown, trend } from "./statistics.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });
const day = 24 * 60 * 60 * 1000;
const monthOf = (at: Date) => new Date(at.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 7);
const lastMonthAt = () => new Date(startOfMonthWib().getTime() - 5 * day);
const twoMonthsAgoAt = () => new Date(startOfMonthWib().getTime() - 40 * day);

/** Families of a place, back-dated to `when` (their registration and events). */
async function familiesAt(wardIndex: number, rw: string, rt: string, when: Date, count: number) {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const family = await createFamilyRegister(t.db, {
      wardIndex,
      rw,
      rt,
      status: "APPROVED",
      change: (form) => ({
        ...form,
        waterSource: index % 2 === 0 ? "PDAM" : "Sumur Bor",
        specialConditions: { ...form.specialConditions, pregnant: index === 0, pregnantCount: index === 0 ? 1 : 0 },
      }),
    });
    await t.db.update(registers).set({ createdAt: when }).where(eq(registers.id, family.id));
    await t.db.update(registerEvents).set({ createdAt: when }).where(eq(registerEvents.registerId, family.id));
    ids.push(family.id);
  }
  return ids;
}

/** As at a month's end before anything of the next month was written: no snapshot yet. */
async function noSnapshots() {
  await t.db.execute(sql`select pkk_forget_month_ends()`);
}

async function snapshotMonths(): Promise<string[]> {
  const rows = await t.db.select().from(figureMonthEndMarks).orderBy(figureMonthEndMarks.month);
  return rows.map((row) => row.month);
}

const familiesLine = (csv: string) => csv.split("\n").find((line) => line.startsWith("Keluarga terdaftar"));

async function csvOf(user: SessionUser, month: string): Promise<string> {
  const file = await exportReport(t.db, as(user), { month, format: "csv" });
  return Buffer.from(file.base64, "base64").toString("utf8");
}

/** A family deleted and another edited (figures moved) now. */
async function deleteAndEdit(deleted: number, edited: number) {
  await t.db.update(registers).set({ deletedAt: new Date() }).where(eq(registers.id, deleted));
  await t.db
    .update(registers)
    .set({ waterSource: "Air Hujan", pregnantCount: 3, hasSpecialCondition: true })
    .where(eq(registers.id, edited));
}

describe("month-end snapshots of the figures", () => {
  test("last month's report (screen and CSV, ward and RT) and /statistik keep last month's figures after a family is deleted and another edited", async () => {
    const lastMonth = monthOf(lastMonthAt());
    const ids = await familiesAt(1, "001", "001", lastMonthAt(), 3);
    const kelurahan = await createCadre(t.db, "kelurahan", { wardIndex: 1 });
    const rt = await createCadre(t.db, "rt", { wardIndex: 1, rw: "001", rt: "001" });
    const city = await createCadre(t.db, "kota");
    await noSnapshots();
    const readers = [kelurahan, rt, city];
    const before = await Promise.all(readers.map((user) => monthlyReport(t.db, as(user), { month: lastMonth })));
    const csvBefore = await Promise.all(readers.map((user) => csvOf(user, lastMonth)));
    expect(before[1]?.figures.families).toBe(3);
    expect(before[1]?.figures.water.pdam).toBe(2);
    const statistik = () =>
      Promise.all(
        readers.flatMap((user) =>
          ["mck", "sumber-air"].map((indicator) => breakdown(t.db, as(user), { indicator, month: lastMonth })),
        ),
      );
    const statistikBefore = await statistik();
    expect(statistikBefore[2]?.parent.families).toBe(3);

    // The first write of this month takes last month's snapshot before it changes anything.
    await deleteAndEdit(ids[0] ?? 0, ids[1] ?? 0);
    expect(await snapshotMonths()).toContain(lastMonth);
    const thisMonth = await createFamilyRegister(t.db, { wardIndex: 1, rw: "001", rt: "001" });
    expect(thisMonth.id).toBeGreaterThan(0);

    for (const [index, user] of readers.entries()) {
      const after = await monthlyReport(t.db, as(user), { month: lastMonth });
      expect(after.figures).toEqual(before[index]?.figures ?? after.figures);
      expect(familiesLine(await csvOf(user, lastMonth))).toBe(familiesLine(csvBefore[index] ?? ""));
    }
    // /statistik's figures of last month likewise.
    expect(await statistik()).toEqual(statistikBefore);
    // This month reads the families as they are now: one deleted, one edited, one new.
    const now = await monthlyReport(t.db, as(rt), { month: monthOf(new Date()) });
    expect(now.figures.families).toBe(3);
  });

  test("the dashboard's 'vs last month' keeps last month after its families are moved or given a condition this month, as the report does", async () => {
    const lastMonth = monthOf(lastMonthAt());
    const [, moved, flagged] = await familiesAt(11, "001", "001", lastMonthAt(), 3);
    const home = await createCadre(t.db, "rt", { wardIndex: 11, rw: "001", rt: "001" });
    const neighbour = await createCadre(t.db, "rt", { wardIndex: 11, rw: "001", rt: "002" });
    const readers = [home, neighbour, await createCadre(t.db, "kelurahan", { wardIndex: 11 })];
    await noSnapshots();
    const previous = () =>
      Promise.all(readers.map(async (user) => (await dashboardSummary(t.db, as(user))).cards.totalFamilies.previous));
    const special = () =>
      Promise.all(
        readers.map(async (user) => (await dashboardSummary(t.db, as(user))).cards.specialCondition.previous),
      );
    const [totalsBefore, specialBefore] = [await previous(), await special()];
    expect(totalsBefore).toEqual([3, 0, 3]);

    // This month: one family moves to the next RT, another's special condition changes.
    const [row] = await t.db
      .select()
      .from(registers)
      .where(eq(registers.id, flagged ?? 0));
    await t.db
      .update(registers)
      .set({ rt: "002" })
      .where(eq(registers.id, moved ?? 0));
    await t.db
      .update(registers)
      .set({ hasSpecialCondition: !row?.hasSpecialCondition })
      .where(eq(registers.id, flagged ?? 0));
    expect(await snapshotMonths()).toContain(lastMonth);

    expect(await previous()).toEqual(totalsBefore);
    expect(await special()).toEqual(specialBefore);
    // The RT's report of last month says the same as its dashboard.
    const report = await monthlyReport(t.db, as(home), { month: lastMonth });
    expect(report.figures.families).toBe(3);
    // Today's cards read the families as they are now.
    const now = await dashboardSummary(t.db, as(home));
    const live = await t.db
      .select()
      .from(registers)
      .where(
        and(
          eq(registers.desaKelurahanId, home.desaKelurahanId ?? 0),
          eq(registers.rt, "001"),
          isNull(registers.deletedAt),
        ),
      );
    expect(live).toHaveLength(2);
    expect({ total: now.cards.totalFamilies.current, special: now.cards.specialCondition.current }).toEqual({
      total: live.length,
      special: live.filter((family) => family.hasSpecialCondition).length,
    });
  });

  test("monthBefore steps back across a year", () => {
    expect(monthBefore("2026-12")).toBe("2026-11");
    expect(monthBefore("2027-01")).toBe("2026-12");
  });

  test("last month's 'Registrasi baru' and 'Perubahan status' (ward, RT, city; screen and CSV) stay as they were after families are deleted, moved and reopened", async () => {
    const lastMonth = monthOf(lastMonthAt());
    const [deleted, moved, reopened] = await familiesAt(4, "006", "001", lastMonthAt(), 3);
    const kelurahan = await createCadre(t.db, "kelurahan", { wardIndex: 4 });
    const rt = await createCadre(t.db, "rt", { wardIndex: 4, rw: "006", rt: "001" });
    const city = await createCadre(t.db, "kota");
    await noSnapshots();
    const readers = [kelurahan, rt, city];
    const counts = ({ newRegistrations, moves }: MonthlyReport) => ({ newRegistrations, moves });
    const countLines = (csv: string) =>
      csv.split("\n").filter((line) => line.startsWith("Registrasi baru") || line.startsWith("Perubahan status"));
    const read = () => Promise.all(readers.map((user) => monthlyReport(t.db, as(user), { month: lastMonth })));
    const before = (await read()).map(counts);
    const csvBefore = await Promise.all(readers.map((user) => csvOf(user, lastMonth).then(countLines)));
    const countOf = (items: Array<{ status: string; count: number }> | undefined, status: string) =>
      items?.find((item) => item.status === status)?.count;
    expect(before[1]?.newRegistrations.total).toBe(3);
    expect(countOf(before[1]?.newRegistrations.byStatus, "APPROVED")).toBe(3);
    expect(countOf(before[1]?.moves, "APPROVED")).toBe(3);
    expect(countOf(before[1]?.moves, "SUBMITTED")).toBe(3);

    // This month: one family deleted, one moved to another RT, one reopened for revision.
    await t.db
      .update(registers)
      .set({ deletedAt: new Date() })
      .where(eq(registers.id, deleted ?? 0));
    await t.db
      .update(registers)
      .set({ rt: "002" })
      .where(eq(registers.id, moved ?? 0));
    await t.db
      .update(registers)
      .set({ status: "NEEDS_REVISION" })
      .where(eq(registers.id, reopened ?? 0));
    await t.db.insert(registerEvents).values({
      registerId: reopened ?? 0,
      level: "kelurahan",
      fromStatus: "APPROVED",
      toStatus: "NEEDS_REVISION",
      note: "Data anggota perlu diperbaiki",
    });

    expect((await read()).map(counts)).toEqual(before);
    expect(await Promise.all(readers.map((user) => csvOf(user, lastMonth).then(countLines)))).toEqual(csvBefore);
    // This month's report counts the reopening, by the families as they are now.
    const now = await monthlyReport(t.db, as(kelurahan), { month: monthOf(new Date()) });
    expect(countOf(now.moves, "NEEDS_REVISION")).toBe(1);
  });

  test("/statistik's trend keeps last month's point (city, kelurahan, RT) after a family is deleted and another edited", async () => {
    const lastMonth = monthOf(lastMonthAt());
    const ids = await familiesAt(5, "007", "001", lastMonthAt(), 3);
    const readers = [
      await createCadre(t.db, "kota"),
      await createCadre(t.db, "kelurahan", { wardIndex: 5 }),
      await createCadre(t.db, "rt", { wardIndex: 5, rw: "007", rt: "001" }),
    ];
    await noSnapshots();
    const pointOf = async (user: SessionUser) => {
      const read = await trend(t.db, as(user), { indicator: "sumber-air" });
      return read.points.find((point) => point.month === lastMonth);
    };
    const before = await Promise.all(readers.map(pointOf));
    expect(before[2]?.families).toBe(3);

    await deleteAndEdit(ids[0] ?? 0, ids[1] ?? 0);
    expect(await Promise.all(readers.map(pointOf))).toEqual(before);
    // This month's point is the families as they are now: one deleted, one registered this month.
    await createFamilyRegister(t.db, { wardIndex: 5, rw: "007", rt: "001" });
    const thisMonth = await trend(t.db, as(readers[2] ?? null), { indicator: "sumber-air" });
    expect(thisMonth.points.at(-1)).toMatchObject({ month: monthOf(new Date()), families: 3 });
  });

  test("/statistik's RW and RT rows of a closed month keep last month's figures after a family is deleted and another edited", async () => {
    const lastMonth = monthOf(lastMonthAt());
    const ids = await familiesAt(10, "008", "001", lastMonthAt(), 3);
    const kelurahan = await createCadre(t.db, "kelurahan", { wardIndex: 10 });
    const [family] = await t.db
      .select()
      .from(registers)
      .where(eq(registers.id, ids[0] ?? 0));
    const desaKelurahanId = family?.desaKelurahanId ?? 0;
    await noSnapshots();
    const read = () =>
      Promise.all(
        [{ desaKelurahanId }, { desaKelurahanId, rw: "008" }].flatMap((place) =>
          ["mck", "sumber-air", "kondisi-pregnant"].map((indicator) =>
            breakdown(t.db, as(kelurahan), { indicator, month: lastMonth, ...place }),
          ),
        ),
      );
    const before = await read();
    expect(before[1]?.parent.families).toBe(3);

    await deleteAndEdit(ids[0] ?? 0, ids[1] ?? 0);
    expect(await read()).toEqual(before);
  });

  test("a month no write followed is taken with the next one, each up to its own end", async () => {
    const [september, october] = [monthOf(twoMonthsAgoAt()), monthOf(lastMonthAt())];
    const old = await familiesAt(2, "002", "001", twoMonthsAgoAt(), 2);
    const recent = await familiesAt(2, "002", "001", lastMonthAt(), 1);
    const rt = await createCadre(t.db, "rt", { wardIndex: 2, rw: "002", rt: "001" });
    const kelurahan = await createCadre(t.db, "kelurahan", { wardIndex: 2 });
    // Taken up to the month before September, as a running portal has them; none since.
    await noSnapshots();
    await t.db.insert(figureMonthEndMarks).values({ month: monthOf(new Date(twoMonthsAgoAt().getTime() - 31 * day)) });
    const readers = [rt, kelurahan];
    const read = (month: string) =>
      Promise.all(readers.map((user) => monthlyReport(t.db, as(user), { month }).then((report) => report.figures)));
    const [septemberBefore, octoberBefore] = [await read(september), await read(october)];
    expect(septemberBefore[0]?.families).toBe(2);
    expect(octoberBefore[0]?.families).toBe(3);

    await deleteAndEdit(old[0] ?? 0, recent[0] ?? 0);
    expect(await snapshotMonths()).toEqual(expect.arrayContaining([september, october]));
    expect(await read(september)).toEqual(septemberBefore);
    expect(await read(october)).toEqual(octoberBefore);
  });

  test("with no month taken yet (a new database, a bulk load), a write takes the last month alone", async () => {
    // Each month taken is a pass over the month rollups (~1 s at 100,000 families): a request takes one.
    await familiesAt(3, "004", "001", twoMonthsAgoAt(), 1);
    await familiesAt(3, "004", "001", lastMonthAt(), 1);
    await noSnapshots();
    await createFamilyRegister(t.db, { wardIndex: 3, rw: "004", rt: "002" });
    expect(await snapshotMonths()).toEqual([monthOf(lastMonthAt())]);
  });

  test("a month without a snapshot reads the families as they are now", async () => {
    const lastMonth = monthOf(lastMonthAt());
    const ids = await familiesAt(6, "003", "002", lastMonthAt(), 2);
    const rt = await createCadre(t.db, "rt", { wardIndex: 6, rw: "003", rt: "002" });
    await t.db
      .update(registers)
      .set({ deletedAt: new Date() })
      .where(eq(registers.id, ids[0] ?? 0));
    // Taken before the delete: last month still shows both families.
    expect((await monthlyReport(t.db, as(rt), { month: lastMonth })).figures.families).toBe(2);
    // No snapshot (a generated history, a month before any write): the live rollups, as before.
    await noSnapshots();
    const { end } = monthBounds(lastMonth);
    const live = and(
      scopeCondition(scopeOf(rt).area),
      eq(registers.formType, "family_registration"),
      lt(registers.createdAt, end),
      isNull(registers.deletedAt),
    );
    const report = await monthlyReport(t.db, as(rt), { month: lastMonth });
    expect(report.figures.families).toBe(1);
    expect(report.figures).toEqual(await areaFiguresFromRows(t.db, live ?? sql`false`));
  });

  test("a family written into a month already taken (history after the fact) takes that month again", async () => {
    const lastMonth = monthOf(lastMonthAt());
    await familiesAt(9, "005", "001", lastMonthAt(), 1);
    const rt = await createCadre(t.db, "rt", { wardIndex: 9, rw: "005", rt: "001" });
    await noSnapshots();
    await createFamilyRegister(t.db, { wardIndex: 9, rw: "005", rt: "002" });
    expect(await snapshotMonths()).toContain(lastMonth);
    expect((await monthlyReport(t.db, as(rt), { month: lastMonth })).figures.families).toBe(1);
    // Back-dated: its register, then its events (each drops the month taken; the next write takes it).
    await familiesAt(9, "005", "001", lastMonthAt(), 1);
    expect(await snapshotMonths()).not.toContain(lastMonth);
    await createFamilyRegister(t.db, { wardIndex: 9, rw: "005", rt: "003" });
    expect(await snapshotMonths()).toContain(lastMonth);
    const report = await monthlyReport(t.db, as(rt), { month: lastMonth });
    expect(report.figures.families).toBe(2);
    expect(report.newRegistrations.total).toBe(2);
    expect(report.moves.find((move) => move.status === "APPROVED")?.count).toBe(2);
  });

  test("two first writes of a month at once take one snapshot (PostgreSQL)", async () => {
    if (t.handle.kind !== "postgres") return;
    const lastMonth = monthOf(lastMonthAt());
    const [first, second] = await familiesAt(7, "004", "001", lastMonthAt(), 2);
    const other = await familiesAt(8, "004", "001", lastMonthAt(), 1);
    const kelurahan = await createCadre(t.db, "kelurahan", { wardIndex: 7 });
    await noSnapshots();
    const before = await monthlyReport(t.db, as(kelurahan), { month: lastMonth });
    const held = await heldOpen(t, (tx) =>
      tx
        .update(registers)
        .set({ deletedAt: new Date() })
        .where(eq(registers.id, first ?? 0)),
    );
    // A write in another ward (no ward lock shared): it waits on the month's mark, then skips.
    const waiting = outcome(
      t.db
        .update(registers)
        .set({ waterSource: "Air Hujan" })
        .where(eq(registers.id, other[0] ?? 0)),
    );
    await lockWaiters(t, 1);
    await held.release();
    expect(await waiting).toBeNull();
    await t.db
      .update(registers)
      .set({ deletedAt: new Date() })
      .where(eq(registers.id, second ?? 0));
    const [row] = resultRows(
      await t.db.execute(
        sql`select count(*)::integer as marks from ${figureMonthEndMarks} where ${figureMonthEndMarks.month} = ${lastMonth}`,
      ),
    );
    expect(Number(row?.marks)).toBe(1);
    expect((await monthlyReport(t.db, as(kelurahan), { month: lastMonth })).figures).toEqual(before.figures);
  });
});

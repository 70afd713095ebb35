import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { registers } from "../../db/schema/registers.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { callerFor, testEnv, useTestApp } from "../../../test/helpers.ts";
import { percentOneDecimal } from "@shared/percent.ts";
import { computePublicStats, publicStats } from "./stats.ts";
import { publicBreakdown } from "./statistics.ts";

describe("public statistics", () => {
  const t = useTestApp();

  test("an empty city shows zeros for every kecamatan", async () => {
    const stats = await computePublicStats(t.db);
    expect(stats.familiesRegistered).toBe(0);
    expect(stats.validatedPercent).toBe(0);
    expect(stats.perKecamatan).toHaveLength(12);
    expect(stats.perKecamatan.every((row) => row.families === 0 && row.approved === 0)).toBe(true);
  });

  test("counts live family registrations, the approved share with one decimal, per kecamatan", async () => {
    // Ward 0 is in Bekasi Timur (32.75.01); the last ward is in another kecamatan.
    expect(await t.db.select().from(registers)).toHaveLength(0);
    for (let index = 0; index < 5; index += 1) {
      await createFamilyRegister(t.db, { wardIndex: 0, status: "APPROVED" });
      await createFamilyRegister(t.db, { wardIndex: 0, status: index < 3 ? "SUBMITTED" : "RW_VERIFIED" });
    }
    await createFamilyRegister(t.db, { wardIndex: 0, status: "NEEDS_REVISION" });
    // A deleted family and a cadre registration do not count.
    const deleted = await createFamilyRegister(t.db, { wardIndex: 0, status: "APPROVED" });
    await t.db.update(registers).set({ deletedAt: new Date() }).where(eq(registers.id, deleted.id));
    const cadre = await createFamilyRegister(t.db, { wardIndex: 0, status: "APPROVED" });
    await t.db.update(registers).set({ formType: "kader_registration" }).where(eq(registers.id, cadre.id));

    const stats = await computePublicStats(t.db);
    expect(stats.familiesRegistered).toBe(11);
    expect(stats.familiesApproved).toBe(5);
    expect(stats.validatedPercent).toBe(45.5);
    const first = await ward(t.db, 0);
    const byId = new Map(stats.perKecamatan.map((row) => [row.kecamatanId, row]));
    expect(byId.get(first.kecamatanId)).toMatchObject({
      kode: "32.75.01",
      nama: "Bekasi Timur",
      families: 11,
      approved: 5,
    });
    expect(stats.perKecamatan.reduce((sum, row) => sum + (row.families ?? 0), 0)).toBe(11);
    expect(stats.perKecamatan.map((row) => row.kode)).toEqual([...stats.perKecamatan.map((row) => row.kode)].sort());
  });

  test("a kecamatan of 1–4 families shows '<5' (null) as on /statistik: the landing undoes none of its hiding", async () => {
    for (let index = 0; index < 6; index += 1) await createFamilyRegister(t.db, { wardIndex: 0, status: "APPROVED" });
    await createFamilyRegister(t.db, { wardIndex: 55, status: "APPROVED" });
    await createFamilyRegister(t.db, { wardIndex: 55, status: "SUBMITTED" });
    await createFamilyRegister(t.db, { wardIndex: 55, status: "REJECTED" });
    const small = await ward(t.db, 55);

    const stats = await computePublicStats(t.db);
    const byId = new Map(stats.perKecamatan.map((row) => [row.kecamatanId, row]));
    expect(byId.get(small.kecamatanId)).toMatchObject({ families: null, approved: null });
    // Every figure the landing shows is the public statistics' own cell, hidden or shown alike.
    const table = await publicBreakdown(t.db, { indicator: "status-validasi" });
    const approvedCell = (categories: Array<{ key: string; value: number | null }>) =>
      categories.find((category) => category.key === "APPROVED")?.value ?? null;
    expect(stats.perKecamatan.map((row) => [row.kecamatanId, row.families, row.approved])).toEqual(
      table.rows.map((row) => [Number(row.id), row.families, approvedCell(row.categories)]),
    );
    expect([stats.familiesRegistered, stats.familiesApproved]).toEqual([
      table.parent.families,
      approvedCell(table.parent.categories),
    ]);
  });

  test("the cached figures are reused for a minute, then recomputed", async () => {
    // Enough families that the city's figures are shown, not '<5'.
    for (let index = 0; index < 5; index += 1) await createFamilyRegister(t.db, { wardIndex: 1, status: "APPROVED" });
    const start = 1_000_000;
    const before = await publicStats(t.db, { now: start });
    await createFamilyRegister(t.db, { wardIndex: 1, status: "APPROVED" });
    const cached = await publicStats(t.db, { now: start + 59_000 });
    expect(cached.familiesRegistered).toBe(before.familiesRegistered);
    const fresh = await publicStats(t.db, { now: start + 60_000 });
    const { familiesRegistered, familiesApproved } = before;
    if (familiesRegistered === null || familiesApproved === null) throw new Error("the city's figures are hidden");
    expect([fresh.familiesRegistered, fresh.familiesApproved]).toEqual([familiesRegistered + 1, familiesApproved + 1]);
  });

  test("anyone may read them through stats.public", async () => {
    const stats = await callerFor(t).stats.public();
    const direct = await computePublicStats(t.db);
    expect(stats.familiesRegistered).toBe(direct.familiesRegistered);
    expect(stats.perKecamatan).toEqual(direct.perKecamatan);
  });

  test("stats.public keeps its figures for PUBLIC_STATS_MAX_AGE_MS; 0 computes them on every call", async () => {
    for (let index = 0; index < 5; index += 1) await createFamilyRegister(t.db, { wardIndex: 1, status: "APPROVED" });
    const kept = callerFor(t);
    const first = await kept.stats.public();
    await createFamilyRegister(t.db, { wardIndex: 1, status: "APPROVED" });
    expect((await kept.stats.public()).familiesRegistered).toBe(first.familiesRegistered);
    const uncached = callerFor({ ...t, env: testEnv({ PUBLIC_STATS_MAX_AGE_MS: "0" }) });
    const now = (await computePublicStats(t.db)).familiesRegistered;
    if (now === null) throw new Error("the city's figures are hidden");
    expect((await uncached.stats.public()).familiesRegistered).toBe(now);
    await createFamilyRegister(t.db, { wardIndex: 1, status: "APPROVED" });
    expect((await uncached.stats.public()).familiesRegistered).toBe(now + 1);
  });

  test("percentages round to one decimal", () => {
    expect(percentOneDecimal(1, 3)).toBe(33.3);
    expect(percentOneDecimal(2, 3)).toBe(66.7);
    expect(percentOneDecimal(5, 0)).toBe(0);
    expect(percentOneDecimal(150, 150)).toBe(100);
  });
});

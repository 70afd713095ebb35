import { describe, expect, test } from "bun:test";
import { and, desc, eq, isNull } from "drizzle-orm";
import { desaKelurahan } from "../../db/schema/regions.ts";
import { registers } from "../../db/schema/registers.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { pageOfRegisters } from "./page.ts";
import { scopeCondition, wardsOfPlace } from "./scope.ts";

const t = useTestApp();

describe("a page of registers", () => {
  test("pages in order through the deferred join, with names, an exact total under the cap and a capped one over it", async () => {
    for (let index = 0; index < 7; index += 1) await createFamilyRegister(t.db, { wardIndex: 6, rw: "004" });
    const area = await ward(t.db, 6);
    const where = and(eq(registers.desaKelurahanId, area.id), isNull(registers.deletedAt));
    const all = await t.db
      .select({ id: registers.id })
      .from(registers)
      .where(where)
      .orderBy(desc(registers.createdAt), desc(registers.id));
    const pages = await Promise.all([1, 2, 3].map((page) => pageOfRegisters(t.db, { where, page, pageSize: 3 })));
    expect(pages.flatMap((page) => page.rows.map((row) => row.register.id))).toEqual(all.map((row) => row.id));
    expect(pages[0]?.rows[0]?.ward).toBe(area.nama);
    expect(pages[0]?.rows[0]?.district).toBeTruthy();
    expect(pages.map((page) => [page.total, page.totalCapped])).toEqual([
      [7, false],
      [7, false],
      [7, false],
    ]);
    const capped = await pageOfRegisters(t.db, { where, page: 1, pageSize: 3, cap: 5 });
    expect([capped.total, capped.totalCapped]).toEqual([5, true]);
    const exact = await pageOfRegisters(t.db, { where, page: 1, pageSize: 3, cap: 7 });
    expect([exact.total, exact.totalCapped]).toEqual([7, false]);
    const given = await pageOfRegisters(t.db, { where, page: 9, pageSize: 3, total: 7 });
    expect([given.rows.length, given.total]).toEqual([0, 7]);
  });

  test("a kecamatan's list paged ward by ward (merged in order) gives the same pages as one range", async () => {
    const first = await ward(t.db, 0);
    const kecamatanId = first.kecamatanId;
    const made: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const wardIndex = index % 4;
      if ((await ward(t.db, wardIndex)).kecamatanId !== kecamatanId) continue;
      made.push((await createFamilyRegister(t.db, { wardIndex, rw: "002" })).id);
    }
    // Ties on created_at across wards: the id decides, as in one range.
    await t.db
      .update(registers)
      .set({ createdAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(registers.id, made[0] ?? 0));
    await t.db
      .update(registers)
      .set({ createdAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(registers.id, made[1] ?? 0));
    const area = { kind: "kecamatan", kecamatanId } as const;
    const wards = await wardsOfPlace(t.db, area);
    expect(wards?.length).toBeGreaterThan(1);
    const where = and(scopeCondition(area), isNull(registers.deletedAt));
    for (const order of [undefined, [{ by: registers.createdAt, direction: "asc" as const }]]) {
      for (const page of [1, 2, 3, 4, 5]) {
        const merged = await pageOfRegisters(t.db, { where, order, page, pageSize: 3, wards, total: 0 });
        const ranged = await pageOfRegisters(t.db, { where, order, page, pageSize: 3, total: 0 });
        expect(merged.rows.map((row) => row.register.id)).toEqual(ranged.rows.map((row) => row.register.id));
      }
    }
    const everything = await pageOfRegisters(t.db, { where, page: 1, pageSize: 50, wards, total: 0 });
    expect(everything.rows.map((row) => row.register.id).sort((a, b) => a - b)).toEqual(
      (await t.db.select({ id: registers.id }).from(registers).where(where)).map((row) => row.id).sort((a, b) => a - b),
    );
  });
  test("wards of a place: a kecamatan's wards as the area or as a filter of the city; none for one ward", async () => {
    const first = await ward(t.db, 0);
    const expected = (await t.db.select().from(desaKelurahan).where(eq(desaKelurahan.kecamatanId, first.kecamatanId)))
      .map((row) => row.id)
      .sort((a, b) => a - b);
    const sorted = (ids: number[] | undefined) => ids?.sort((a, b) => a - b);
    expect(sorted(await wardsOfPlace(t.db, { kind: "kecamatan", kecamatanId: first.kecamatanId }))).toEqual(expected);
    expect(sorted(await wardsOfPlace(t.db, { kind: "all" }, { kecamatanId: first.kecamatanId }))).toEqual(expected);
    expect(await wardsOfPlace(t.db, { kind: "all" })).toBeUndefined();
    expect(
      await wardsOfPlace(t.db, { kind: "kecamatan", kecamatanId: first.kecamatanId }, { desaKelurahanId: first.id }),
    ).toBeUndefined();
    expect(await wardsOfPlace(t.db, { kind: "kelurahan", desaKelurahanId: first.id })).toBeUndefined();
  });
});

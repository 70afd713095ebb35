import { describe, expect, test } from "bun:test";
import { and, desc, eq, isNull } from "drizzle-orm";
import { desaKelurahan } from "../../db/schema/regions.ts";
import { registers } from "../../db/schema/registers.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { createUser, useTestApp } from "../../../test/helpers.ts";
import { createCadre } from "../../../test/cadres.ts";
import type { UserRow } from "../../db/schema/users.ts";
import type { RegisterStatus } from "@shared/status.ts";
import { newestDeletedFirst, pageOfRegisters, pageOfSelection } from "./page.ts";
import { visibleSelection } from "./policy.ts";
import { placeInScope, scopeCondition, scopeOf, wardsOfPlace } from "./scope.ts";

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

  test("a list written once per shape answers each reader its own rows (areas, statuses, deleted rows)", async () => {
    // Ward 0 and 1 share a kecamatan; ward 20 lies in another.
    const made = [
      { wardIndex: 0, rw: "005", rt: "001" },
      { wardIndex: 0, rw: "005", rt: "001", status: "RT_VERIFIED" as const },
      { wardIndex: 0, rw: "005", rt: "002" },
      { wardIndex: 0, rw: "006", rt: "002", status: "RT_VERIFIED" as const },
      { wardIndex: 1, rw: "001", rt: "001" },
      { wardIndex: 1, rw: "001", rt: "001" },
      { wardIndex: 20, rw: "003", rt: "004" },
    ];
    const ids: number[] = [];
    for (const place of made) ids.push((await createFamilyRegister(t.db, place)).id);
    await t.db
      .update(registers)
      .set({ deletedAt: new Date(), deleteReason: "uji" })
      .where(eq(registers.id, ids[2] ?? 0));
    const rows = await t.db
      .select({
        id: registers.id,
        createdAt: registers.createdAt,
        status: registers.status,
        deletedAt: registers.deletedAt,
        desaKelurahanId: registers.desaKelurahanId,
        wardKecamatanId: desaKelurahan.kecamatanId,
        rw: registers.rw,
        rt: registers.rt,
      })
      .from(registers)
      .innerJoin(desaKelurahan, eq(desaKelurahan.id, registers.desaKelurahanId))
      .where(eq(registers.formType, "family_registration"));
    const newest = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
      b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
    const readers: UserRow[] = [
      await createCadre(t.db, "rt", { rw: "005", rt: "001" }),
      await createCadre(t.db, "rt", { rw: "006", rt: "002" }),
      await createCadre(t.db, "rw", { rw: "005" }),
      await createCadre(t.db, "kelurahan"),
      await createCadre(t.db, "kelurahan", { wardIndex: 1 }),
      await createCadre(t.db, "kecamatan", {}, { role: "aparat" }),
      await createCadre(t.db, "kecamatan", { wardIndex: 20 }),
      await createUser(t.db, { role: "admin" }),
    ];
    const statusChoices: Array<RegisterStatus[] | undefined> = [undefined, ["SUBMITTED"], ["RT_VERIFIED"]];
    // Twice over, readers interleaved: a shape's statement, written for the first reader, is then
    // filled with every other reader's values.
    for (let round = 0; round < 2; round += 1) {
      for (const user of readers) {
        const actor = { user, ip: "127.0.0.1" };
        const { area } = scopeOf(actor);
        for (const statuses of statusChoices) {
          const expected = rows
            .filter((row) => row.deletedAt === null && placeInScope(area, row))
            .filter((row) => !statuses || statuses.includes(row.status))
            .sort(newest)
            .map((row) => row.id);
          const page = await pageOfSelection(t.db, {
            selection: visibleSelection(actor, { forms: "families", ...(statuses ? { statuses } : {}) }),
            page: 1,
            pageSize: 50,
            wards: await wardsOfPlace(t.db, area),
          });
          expect({ who: [user.level, user.role, statuses], ids: page.rows.map((row) => row.register.id) }).toEqual({
            who: [user.level, user.role, statuses],
            ids: expected,
          });
          expect([page.total, page.totalCapped]).toEqual([expected.length, false]);
        }
      }
    }
    const admin = { user: readers[readers.length - 1] ?? null, ip: "127.0.0.1" };
    const deleted = await pageOfSelection(t.db, {
      selection: visibleSelection(admin, { forms: "families", deleted: true }),
      order: newestDeletedFirst,
      page: 1,
      pageSize: 50,
    });
    expect(deleted.rows.map((row) => row.register.id)).toEqual(
      rows.filter((row) => row.deletedAt !== null).map((row) => row.id),
    );
    // A second page of one reader's list follows the first without overlap.
    const kelurahan = { user: readers[3] ?? null, ip: "127.0.0.1" };
    const selection = visibleSelection(kelurahan, { forms: "families" });
    const [first, second] = await Promise.all(
      [1, 2].map((page) => pageOfSelection(t.db, { selection, page, pageSize: 2, total: 3 })),
    );
    expect([...(first?.rows ?? []), ...(second?.rows ?? [])].map((row) => row.register.id)).toEqual(
      rows
        .filter((row) => row.deletedAt === null && placeInScope(scopeOf(kelurahan).area, row))
        .sort(newest)
        .map((row) => row.id)
        .slice(0, 4),
    );
  });
});

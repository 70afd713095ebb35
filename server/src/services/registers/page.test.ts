import { describe, expect, test } from "bun:test";
import { and, desc, eq, isNull } from "drizzle-orm";
import { registers } from "../../db/schema/registers.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { pageOfRegisters } from "./page.ts";

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
});

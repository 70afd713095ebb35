import { describe, expect, test } from "bun:test";
import { and, eq, isNull } from "drizzle-orm";
import { kecamatan } from "../../db/schema/regions.ts";
import { registers } from "../../db/schema/registers.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { familySearch, rtRwOf } from "./family-search.ts";

const t = useTestApp();

/** The live families a cadre's search text finds, by id. */
async function ids(text: string): Promise<number[]> {
  const rows = await t.db
    .select({ id: registers.id })
    .from(registers)
    .where(and(isNull(registers.deletedAt), await familySearch(t.db, text, "full")));
  return rows.map((row) => row.id);
}

describe("the cadre's family search", () => {
  test("reads RT and RW numbers out of the text", () => {
    expect(rtRwOf("RT 001 RW 005")).toEqual({ rt: "001", rw: "005" });
    expect(rtRwOf("rt 1/rw 5")).toEqual({ rt: "001", rw: "005" });
    expect(rtRwOf("RW.07")).toEqual({ rw: "007" });
    expect(rtRwOf("Budi")).toEqual({});
  });

  test("matches the head's name, the ward, the kecamatan and an RT/RW phrase", async () => {
    const named = await createFamilyRegister(t.db, {
      wardIndex: 9,
      rw: "011",
      rt: "012",
      change: (form) => ({ ...form, namaKepalaKeluarga: "Zulkifli Unik" }),
    });
    const elsewhere = await createFamilyRegister(t.db, { wardIndex: 10, rw: "002", rt: "003" });
    const area = await ward(t.db, 9);
    const [district] = await t.db.select().from(kecamatan).where(eq(kecamatan.id, area.kecamatanId));
    expect(await ids("zulkifli")).toEqual([named.id]);
    expect(await ids(area.nama)).toContain(named.id);
    expect(await ids(area.nama)).not.toContain(elsewhere.id);
    expect(await ids(district?.nama ?? "?")).toContain(named.id);
    expect(await ids("RT 012 RW 011")).toEqual([named.id]);
    expect(await ids("RW 2 RT 3")).toContain(elsewhere.id);
    expect(await ids("100%")).toEqual([]);
    expect(await familySearch(t.db, "  ", "full")).toBeUndefined();
  });

  test("an address pasted whole, as the lists write it, finds the families there and nowhere else", async () => {
    const home = await createFamilyRegister(t.db, { wardIndex: 11, rw: "007", rt: "004" });
    const sameRtOtherWard = await createFamilyRegister(t.db, { wardIndex: 12, rw: "007", rt: "004" });
    const sameWardOtherRt = await createFamilyRegister(t.db, { wardIndex: 11, rw: "007", rt: "005" });
    const area = await ward(t.db, 11);
    const [district] = await t.db.select().from(kecamatan).where(eq(kecamatan.id, area.kecamatanId));
    const written = `RT 004/RW 007, ${area.nama}, ${district?.nama}`;
    expect(await ids(written)).toEqual([home.id]);
    // The ward and kecamatan without the RT: every family of the ward, none of another ward's.
    const wardOnly = await ids(`${area.nama}, ${district?.nama}`);
    expect(wardOnly).toContain(home.id);
    expect(wardOnly).toContain(sameWardOtherRt.id);
    expect(wardOnly).not.toContain(sameRtOtherWard.id);
    // A part that names no place matches no address (a name with a comma is still looked for).
    expect(await ids(`RT 004/RW 007, Tidak Ada Kelurahan Ini`)).toEqual([]);
  });
});

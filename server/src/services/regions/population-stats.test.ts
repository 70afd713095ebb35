import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { callerFor, createUser, useTestApp } from "../../../test/helpers.ts";

describe("region statistics by SQL aggregates", () => {
  const t = useTestApp();

  test("equal the figures computed here from the inserted data", async () => {
    const caller = callerFor(t, await createUser(t.db, { role: "admin" }));
    const districts = await t.db.select().from(kecamatan).orderBy(kecamatan.kode);
    const first = districts[0];
    if (!first) throw new Error("no districts");
    // Figures on some wards (others stay empty), plus two desa in the first district.
    const wards = await t.db.select().from(desaKelurahan).orderBy(desaKelurahan.kode);
    for (const [index, row] of wards.entries()) {
      if (index % 3 === 0) continue;
      await t.db
        .update(desaKelurahan)
        .set({ jumlahPenduduk: 1000 + index * 137 })
        .where(eq(desaKelurahan.id, row.id));
    }
    await caller.regions.createDesaKelurahan({
      nama: "Desa Satu",
      kode: `${first.kode}.2001`,
      jenis: "desa",
      kodePos: null,
      luasWilayah: 4,
      jumlahPenduduk: 2500,
      kecamatanId: first.id,
    });
    await caller.regions.createDesaKelurahan({
      nama: "Desa Dua",
      kode: `${first.kode}.2002`,
      jenis: "desa",
      kodePos: null,
      luasWilayah: null,
      jumlahPenduduk: null,
      kecamatanId: first.id,
    });
    const empty = await caller.regions.createKecamatan({ nama: "Kecamatan Kosong", kode: "32.75.99" });

    const rows = await t.db.select().from(desaKelurahan);
    const summarise = (subset: typeof rows) => {
      const figures = subset.map((row) => row.jumlahPenduduk).filter((value): value is number => value !== null);
      const desa = subset.filter((row) => row.jenis === "desa").length;
      const kelurahan = subset.length - desa;
      return {
        totalWilayah: subset.length,
        totalDesa: desa,
        totalKelurahan: kelurahan,
        totalPenduduk: figures.reduce((sum, value) => sum + value, 0),
        rataRataPenduduk: figures.length === 0 ? null : figures.reduce((sum, value) => sum + value, 0) / figures.length,
        persentaseDesa: subset.length === 0 ? 0 : (desa / subset.length) * 100,
        persentaseKelurahan: subset.length === 0 ? 0 : (kelurahan / subset.length) * 100,
      };
    };

    const stats = await caller.regions.stats();
    const expected = summarise(rows);
    expect(stats.overall).toEqual({
      ...expected,
      rataRataPenduduk: expect.closeTo(expected.rataRataPenduduk ?? 0, 6),
      persentaseDesa: expect.closeTo(expected.persentaseDesa, 6),
      persentaseKelurahan: expect.closeTo(expected.persentaseKelurahan, 6),
    });
    expect(stats.overall.totalDesa).toBe(2);

    expect(stats.perKecamatan).toHaveLength(districts.length + 1);
    for (const district of stats.perKecamatan) {
      const own = summarise(rows.filter((row) => row.kecamatanId === district.kecamatanId));
      expect(district.totalWilayah).toBe(own.totalWilayah);
      expect(district.totalDesa).toBe(own.totalDesa);
      expect(district.totalPenduduk).toBe(own.totalPenduduk);
      if (own.rataRataPenduduk === null) expect(district.rataRataPenduduk).toBeNull();
      else expect(district.rataRataPenduduk ?? 0).toBeCloseTo(own.rataRataPenduduk, 6);
      expect(district.persentaseDesa).toBeCloseTo(own.persentaseDesa, 6);
      const most =
        own.totalDesa === own.totalKelurahan ? null : own.totalDesa > own.totalKelurahan ? "desa" : "kelurahan";
      expect(district.jenisTerbanyak).toBe(most);
    }
    const none = stats.perKecamatan.find((district) => district.kecamatanId === empty.id);
    expect(none).toMatchObject({
      totalWilayah: 0,
      totalPenduduk: 0,
      rataRataPenduduk: null,
      persentaseDesa: 0,
      jenisTerbanyak: null,
    });
  });
});

import { describe, expect, test } from "bun:test";
import { count } from "drizzle-orm";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { useTestApp } from "../../../test/helpers.ts";
import {
  cityName,
  jenisFromKode,
  listDesaKelurahan,
  listDistrictsOfRegency,
  listKecamatan,
  listRegencies,
  seedRegions,
} from "./regions.ts";

describe("regions seeded from idn-area-data", () => {
  const t = useTestApp();

  test("Kota Bekasi has 12 kecamatan and 56 kelurahan with official codes", async () => {
    const districts = await listKecamatan(t.db);
    expect(districts).toHaveLength(12);
    expect(districts.map((row) => row.kode)).toContain("32.75.01");
    const [villages] = await t.db.select({ total: count() }).from(desaKelurahan);
    expect(villages?.total).toBe(56);
    const bekasiTimur = districts.find((row) => row.kode === "32.75.01");
    expect(bekasiTimur?.nama).toBe("Bekasi Timur");
    const wards = await listDesaKelurahan(t.db, bekasiTimur?.id ?? 0);
    expect(wards.map((row) => row.kode)).toContain("32.75.01.1001");
    expect(wards.every((row) => row.jenis === "kelurahan" && row.kode.startsWith("32.75.01."))).toBe(true);
  });

  test("seeding again adds nothing", async () => {
    await seedRegions(t.db, "32.75");
    const [districts] = await t.db.select({ total: count() }).from(kecamatan);
    const [villages] = await t.db.select({ total: count() }).from(desaKelurahan);
    expect([districts?.total, villages?.total]).toEqual([12, 56]);
  });

  test("another CITY_CODE seeds that city", async () => {
    const result = await seedRegions(t.db, "32.73");
    expect(result.kecamatan).toBe(30);
    const names = (await listKecamatan(t.db)).map((row) => row.nama);
    expect(names).toContain("Coblong");
  });

  test("an unknown city code is refused with a clear message", async () => {
    await expect(seedRegions(t.db, "99.99")).rejects.toThrow("CITY_CODE 99.99 is not a regency/city code");
    await expect(cityName("99.99")).rejects.toThrow("CITY_CODE 99.99");
  });

  test("jenis follows the official code: 1xxx kelurahan, 2xxx desa", () => {
    expect(jenisFromKode("32.75.01.1001")).toBe("kelurahan");
    expect(jenisFromKode("32.16.01.2001")).toBe("desa");
  });

  test("the spec's 15-entry regency list comes from the data", async () => {
    const regencies = await listRegencies();
    expect(regencies).toHaveLength(15);
    expect(regencies).toContainEqual({ id: "32.75", nama: "Bekasi", jenis: "Kota" });
    expect(regencies).toContainEqual({ id: "32.16", nama: "Bekasi", jenis: "Kabupaten" });
    expect(regencies).toContainEqual({ id: "31.73", nama: "Jakarta Barat", jenis: "Kota" });
    expect(regencies).toContainEqual({ id: "36.74", nama: "Tangerang Selatan", jenis: "Kota" });
  });

  test("districts of a regency are that regency's only", async () => {
    const districts = await listDistrictsOfRegency("32.76");
    expect(districts.length).toBe(11);
    expect(districts.every((row) => row.kode.startsWith("32.76."))).toBe(true);
  });
});

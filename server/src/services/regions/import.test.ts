import { describe, expect, test } from "bun:test";
import { asc, inArray } from "drizzle-orm";
import { desaKelurahan } from "../../db/schema/regions.ts";
import { callerFor, createUser, useTestApp } from "../../../test/helpers.ts";

describe("population import from CSV", () => {
  const t = useTestApp();
  const figures = (kodes: string[]) =>
    t.db
      .select({
        kode: desaKelurahan.kode,
        kodePos: desaKelurahan.kodePos,
        luasWilayah: desaKelurahan.luasWilayah,
        jumlahPenduduk: desaKelurahan.jumlahPenduduk,
      })
      .from(desaKelurahan)
      .where(inArray(desaKelurahan.kode, kodes))
      .orderBy(asc(desaKelurahan.kode));

  test("a valid file fills the figures of every row (comma or semicolon, decimal comma)", async () => {
    const caller = callerFor(t, await createUser(t.db, { role: "admin" }));
    const report = await caller.regions.importPopulation({
      csv: "kode,kode_pos,luas_wilayah,jumlah_penduduk\n32.75.01.1001,17111,2.5,40123\n32.75.01.1002,17113,,38000\n",
    });
    expect(report).toEqual({ applied: true, rowCount: 2, errors: [] });
    const semicolon = await caller.regions.importPopulation({
      csv: "kode;kode_pos;luas_wilayah;jumlah_penduduk\r\n32.75.02.1001;17112;1,75;9000\r\n",
    });
    expect(semicolon.applied).toBe(true);
    expect(await figures(["32.75.01.1001", "32.75.01.1002", "32.75.02.1001"])).toEqual([
      { kode: "32.75.01.1001", kodePos: "17111", luasWilayah: 2.5, jumlahPenduduk: 40123 },
      { kode: "32.75.01.1002", kodePos: "17113", luasWilayah: null, jumlahPenduduk: 38000 },
      { kode: "32.75.02.1001", kodePos: "17112", luasWilayah: 1.75, jumlahPenduduk: 9000 },
    ]);
  });

  test("invalid rows are reported with their line numbers and nothing is written", async () => {
    const caller = callerFor(t, await createUser(t.db, { role: "admin" }));
    const kodes = ["32.75.03.1001", "32.75.03.1002", "32.75.03.1003"];
    const before = await figures(kodes);
    const report = await caller.regions.importPopulation({
      csv: [
        "kode,kode_pos,luas_wilayah,jumlah_penduduk",
        "32.75.03.1001,17114,3,5000",
        "32.75.03.1002,1711,3,5000",
        "32.75.03.1003,17114,-2,abc",
        "32.75.99.1001,17114,1,10",
        "32.75.03.1001,17114,1.234,10.5",
        ",17114,1,",
      ].join("\n"),
    });
    expect(report.applied).toBe(false);
    expect(report.rowCount).toBe(6);
    expect(report.errors).toEqual([
      { row: 3, kode: "32.75.03.1002", messages: ["Kode pos harus 5 digit angka"] },
      {
        row: 4,
        kode: "32.75.03.1003",
        messages: ["Luas wilayah tidak boleh negatif", "Jumlah penduduk harus berupa angka"],
      },
      { row: 5, kode: "32.75.99.1001", messages: ["Kode 32.75.99.1001 tidak terdaftar"] },
      {
        row: 6,
        kode: "32.75.03.1001",
        messages: [
          "Kode 32.75.03.1001 sudah ada di baris 2",
          "Luas wilayah maksimal 2 angka desimal",
          "Jumlah penduduk harus bilangan bulat",
        ],
      },
      { row: 7, kode: "", messages: ["Kode wajib diisi", "Jumlah penduduk wajib diisi"] },
    ]);
    expect(await figures(kodes)).toEqual(before);
  });

  test("a file without the required columns is refused with a message", async () => {
    const caller = callerFor(t, await createUser(t.db, { role: "admin" }));
    await expect(caller.regions.importPopulation({ csv: "kode,penduduk\n32.75.01.1001,5" })).rejects.toThrow(
      "Kolom wajib tidak ada: kode_pos, luas_wilayah, jumlah_penduduk. Baris pertama harus berisi kode, kode_pos, luas_wilayah, jumlah_penduduk",
    );
  });
});

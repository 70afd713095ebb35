// A /statistik download's name says which indicator, chart, area and month it holds: files of two
// areas or months never share a name (nor overwrite one another as "(1).csv").
import { describe, expect, test } from "bun:test";
import { csvFileName } from "./file-names.ts";

describe("statistics CSV file names", () => {
  test("name the chosen area (kecamatan, kelurahan, RW) and month", () => {
    const top = { top: "Seluruh kota" };
    expect(csvFileName("kondisi-pregnant", "per-wilayah", top, "2026-11-27")).toBe(
      "statistik-kondisi-pregnant-per-wilayah-seluruh-kota-2026-11-27.csv",
    );
    expect(csvFileName("kondisi-pregnant", "sebaran", { ...top, kecamatan: "Bekasi Utara" }, "2026-10")).toBe(
      "statistik-kondisi-pregnant-sebaran-kecamatan-bekasi-utara-2026-10.csv",
    );
    expect(
      csvFileName("air", "per-wilayah", { ...top, kecamatan: "Bekasi Utara", kelurahan: "Harapan Jaya" }, "2026-10"),
    ).toBe("statistik-air-per-wilayah-kelurahan-harapan-jaya-2026-10.csv");
    expect(
      csvFileName(
        "air",
        "tren",
        { ...top, kecamatan: "Bekasi Utara", kelurahan: "Harapan Jaya", rw: "005" },
        "2026-11-27",
      ),
    ).toBe("statistik-air-tren-rw-005-kelurahan-harapan-jaya-2026-11-27.csv");
    expect(csvFileName("air", "tren", { top: "Wilayah kerja Anda" }, "2026-11-27")).toBe(
      "statistik-air-tren-wilayah-kerja-anda-2026-11-27.csv",
    );
  });

  test("two areas or two months never share a name; odd characters in a region name stay out", () => {
    const a = csvFileName("air", "sebaran", { top: "", kecamatan: "Medan Satria" }, "2026-10");
    const b = csvFileName("air", "sebaran", { top: "", kecamatan: "Bantar Gebang" }, "2026-10");
    const c = csvFileName("air", "sebaran", { top: "", kecamatan: "Medan Satria" }, "2026-09");
    expect(new Set([a, b, c]).size).toBe(3);
    expect(csvFileName("air", "sebaran", { top: "", kecamatan: '=A1/"..\\x"' }, "2026-10")).toBe(
      "statistik-air-sebaran-kecamatan-a1-x-2026-10.csv",
    );
  });
});

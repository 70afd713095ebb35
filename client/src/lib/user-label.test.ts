import { describe, expect, test } from "bun:test";
import { describeUser } from "./user-label.ts";

const names = { cityName: "Kota Bekasi", kecamatan: "Bekasi Timur", desaKelurahan: "Kelurahan Bekasijaya" };

describe("the signed-in header's role line", () => {
  test("an RT head reads like the spec's example", () => {
    expect(describeUser({ role: "kader", jabatan: "Ketua PKK RT", level: "rt", rw: "005", rt: "001" }, names)).toBe(
      "Ketua PKK RT 001/005 · Kelurahan Bekasijaya",
    );
  });

  test("other jabatan keep their own words, then the unit", () => {
    expect(describeUser({ role: "kader", jabatan: "Kader PKK", level: "rw", rw: "005", rt: null }, names)).toBe(
      "Kader PKK RW 005 · Kelurahan Bekasijaya",
    );
    expect(
      describeUser({ role: "kader", jabatan: "Ketua Pokja I", level: "kelurahan", rw: null, rt: null }, names),
    ).toBe("Ketua Pokja I · Kelurahan Bekasijaya");
    expect(describeUser({ role: "kader", jabatan: null, level: "kecamatan", rw: null, rt: null }, names)).toBe(
      "Kader PKK Kecamatan · Kecamatan Bekasi Timur",
    );
  });

  test("a position naming another level than the one the admin gave reads as the level it works at", () => {
    expect(describeUser({ role: "kader", jabatan: "Ketua PKK RT", level: "rw", rw: "003", rt: "002" }, names)).toBe(
      "Kader PKK RW 003 · Kelurahan Bekasijaya",
    );
    expect(
      describeUser({ role: "kader", jabatan: "Sekretaris PKK RT", level: "kelurahan", rw: null, rt: null }, names),
    ).toBe("Kader PKK Kelurahan · Kelurahan Bekasijaya");
  });

  test("an admin of the city", () => {
    expect(describeUser({ role: "admin", jabatan: null, level: "kota", rw: null, rt: null }, names)).toBe(
      "Administrator · Kota Bekasi",
    );
  });

  test("without area names yet, only the title", () => {
    expect(
      describeUser(
        { role: "aparat", jabatan: "Staf Kelurahan", level: "kelurahan", rw: null, rt: null },
        { cityName: "Kota Bekasi" },
      ),
    ).toBe("Staf Kelurahan");
  });
});

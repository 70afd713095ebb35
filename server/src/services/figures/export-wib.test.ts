// One clock (issue 15): every date in the export files is the Asia/Jakarta (WIB) day. A family
// received at 23:30 WIB on 31 October (16:30 UTC) belongs to October in the monthly report (CSV and
// XLSX, from rows for an RT and from the rollups for a kelurahan), its registration number carries
// 31 October, and the time stamps printed in reports and recaps show that WIB day, not 1 November's
// UTC date or 31 October's UTC time.
import { describe, expect, test } from "bun:test";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { insertFamily } from "../../demo/families.ts";
import { createCadre } from "../../../test/cadres.ts";
import { familyForm } from "../../../test/factories.ts";
import { callerFor, useTestApp } from "../../../test/helpers.ts";
import { wibDate, wibDateTime } from "../recaps/layout.ts";
import { newRegistrationNumber } from "../registers/registration-number.ts";
import { titleLines } from "./reports.ts";

const t = useTestApp();
const lateOctober = new Date("2026-10-31T16:30:00Z"); // 23:30 WIB, 31 October
const earlyNovember = new Date("2026-10-31T17:30:00Z"); // 00:30 WIB, 1 November
const place = { wardIndex: 14, rw: "007", rt: "002" };

function csvRows(base64: string): string[][] {
  const text = Buffer.from(base64, "base64")
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  return Papa.parse<string[]>(text, { delimiter: ";", skipEmptyLines: true }).data;
}

async function xlsxRows(base64: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from(Buffer.from(base64, "base64")));
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push(Array.isArray(row.values) ? row.values.slice(1) : []);
  });
  return rows;
}

describe("exports use the WIB day (Asia/Jakarta)", () => {
  test("a family received at 23:30 WIB on 31 October is October's in CSV and XLSX, for an RT and a kelurahan", async () => {
    await insertFamily(t.db, await familyForm(t.db, place), { receivedAt: lateOctober });
    await insertFamily(t.db, await familyForm(t.db, place), { receivedAt: earlyNovember });
    const rt = callerFor(t, await createCadre(t.db, "rt", place)).reports;
    const kelurahan = callerFor(t, await createCadre(t.db, "kelurahan", { wardIndex: place.wardIndex })).reports;

    for (const reports of [rt, kelurahan]) {
      const october = csvRows((await reports.export({ month: "2026-10", format: "csv" })).base64);
      expect(october).toContainEqual(["Registrasi baru", "Total", "1"]);
      expect(october).toContainEqual(["Periode", "Oktober 2026"]);
      const november = csvRows((await reports.export({ month: "2026-11", format: "csv" })).base64);
      expect(november).toContainEqual(["Registrasi baru", "Total", "1"]);
      expect(november).toContainEqual(["Keluarga terdaftar s.d. akhir bulan", "Total keluarga", "2"]);
      const octoberXlsx = await xlsxRows((await reports.export({ month: "2026-10", format: "xlsx" })).base64);
      expect(octoberXlsx).toContainEqual(["Registrasi baru", "Total", 1]);
      expect(octoberXlsx).toContainEqual(["Keluarga terdaftar s.d. akhir bulan", "Total keluarga", 1]);
    }
  });

  test("the stamps in report and recap files and the registration number show the WIB day", () => {
    const title = titleLines({ area: "Kota", month: "2026-10", generatedAt: lateOctober, generatedBy: "Kader" });
    expect(title).toContainEqual(["Dibuat pada", "31 Oktober 2026 pukul 23.30 WIB"]);
    expect(wibDateTime(lateOctober)).toBe("31 Oktober 2026 pukul 23.30 WIB");
    expect(wibDate(lateOctober)).toBe("31 Oktober 2026");
    expect(wibDate(earlyNovember)).toBe("1 November 2026");
    expect(newRegistrationNumber(lateOctober)).toStartWith("REG-20261031-");
    expect(newRegistrationNumber(earlyNovember)).toStartWith("REG-20261101-");
  });
});

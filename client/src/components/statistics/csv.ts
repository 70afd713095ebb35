// CSV for Excel in Indonesia: ';' between fields, a BOM so Excel reads UTF-8, Indonesian numbers.
import Papa from "papaparse";

/**
 * A cell Excel would run as a formula (OWASP "CSV Injection"): text starting with = + - @, TAB or
 * CR, e.g. a region name an admin or an API token typed. Papa prefixes it with ' (and quotes it).
 * Every cell here is text; a figure formatted in Indonesian ("-3", "-1.234,5") is a number to Excel,
 * not a formula, and stays as it is.
 */
const formula = /^(?!-\d{1,3}(?:\.\d{3})*(?:,\d+)?$)[=+\-@\t\r]/;

/** The file's text: BOM, header and rows, ';' separated, formulas neutralised. */
export function csvText(header: string[], rows: string[][]): string {
  return `\uFEFF${Papa.unparse({ fields: header, data: rows }, { delimiter: ";", escapeFormulae: formula })}`;
}

export function downloadCsv(filename: string, header: string[], rows: string[][]): void {
  const text = csvText(header, rows);
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

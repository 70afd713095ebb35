// CSV for Excel in Indonesia: ';' between fields, a BOM so Excel reads UTF-8, Indonesian numbers.
import Papa from "papaparse";

export function downloadCsv(filename: string, header: string[], rows: string[][]): void {
  const text = `\uFEFF${Papa.unparse({ fields: header, data: rows }, { delimiter: ";" })}`;
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

// A new spreadsheet. exceljs is loaded by the first one a process writes (the module cache keeps it
// from then on): a server that never exports does not carry its ~30 MB from start-up.
import type { Workbook } from "exceljs";

export async function newWorkbook(): Promise<Workbook> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Portal Data Keluarga PKK";
  return workbook;
}

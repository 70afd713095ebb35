// A recap sheet as an XLSX laid out like the paper form: code and title, the title block, the
// three-row header with merged cells, numbered columns, rows, JUMLAH, and the signature block.
import type { RecapSheet } from "@shared/recaps.ts";
import { newWorkbook } from "../common/workbook.ts";
import { columnWeight, HEADER_ROWS, headerCells } from "./layout.ts";

export interface ExportMarks {
  /** Who made the file and when (WIB), printed at the bottom. */
  madeBy: string;
  madeAt: string;
  signature: { name: string; position: string; signedAt: string } | null;
  place: string;
}

const thin = { style: "thin" as const };
const border = { top: thin, left: thin, bottom: thin, right: thin };

export async function sheetToXlsx(sheet: RecapSheet, marks: ExportMarks): Promise<Buffer> {
  const workbook = await newWorkbook();
  const ws = workbook.addWorksheet(`${sheet.form}${sheet.sheet}`, {
    pageSetup: { paperSize: 9, orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const width = sheet.columns.length;
  ws.columns = sheet.columns.map((column) => ({ width: Math.round(columnWeight(column) * 4.5) }));

  ws.getCell(1, width).value = sheet.code;
  ws.getCell(1, width).alignment = { horizontal: "right" };
  ws.mergeCells(2, 1, 2, width);
  const title = ws.getCell(2, 1);
  title.value = sheet.title;
  title.font = { bold: true, size: 12 };
  title.alignment = { horizontal: "center", wrapText: true };
  ws.getRow(2).height = 32;
  let row = 4;
  for (const [label, value] of sheet.header) {
    ws.getCell(row, 1).value = label;
    ws.mergeCells(row, 1, row, 2);
    ws.getCell(row, 3).value = `: ${value}`;
    row += 1;
  }
  row += 1;

  const top = row;
  for (const cell of headerCells(sheet.columns)) {
    if (cell.row !== cell.rowEnd || cell.col !== cell.colEnd) {
      ws.mergeCells(top + cell.row, cell.col + 1, top + cell.rowEnd, cell.colEnd + 1);
    }
    const target = ws.getCell(top + cell.row, cell.col + 1);
    target.value = cell.text;
  }
  for (let r = top; r < top + HEADER_ROWS + 1; r += 1) {
    for (let c = 1; c <= width; c += 1) {
      const cell = ws.getCell(r, c);
      cell.font = { bold: r < top + HEADER_ROWS, size: 9 };
      cell.alignment = { horizontal: "center", vertical: "middle", wrapText: true };
      cell.border = border;
    }
  }
  ws.getRow(top + 1).height = 60;
  // The paper forms number their columns under the header.
  sheet.columns.forEach((_, index) => {
    ws.getCell(top + HEADER_ROWS, index + 1).value = index + 1;
  });
  row = top + HEADER_ROWS + 1;

  const writeRow = (cells: RecapSheet["rows"][number]["cells"], bold: boolean) => {
    cells.forEach((value, index) => {
      const cell = ws.getCell(row, index + 1);
      cell.value = value === "" ? null : value;
      cell.border = border;
      cell.font = { bold, size: 9 };
      const numeric = sheet.columns[index]?.numeric ?? false;
      cell.alignment = { horizontal: numeric ? "center" : "left", vertical: "middle", wrapText: true };
    });
    row += 1;
  };
  for (const line of sheet.rows) writeRow(line.cells, false);
  if (sheet.totals) {
    writeRow(sheet.totals, true);
    ws.mergeCells(row - 1, 1, row - 1, 2);
    ws.getCell(row - 1, 1).value = "JUMLAH";
  }

  row += 1;
  const signCol = Math.max(1, width - 6);
  ws.getCell(row, signCol).value = marks.signature
    ? `${marks.place}, ${marks.signature.signedAt}`
    : `${marks.place}, ..........................`;
  ws.getCell(row + 1, signCol).value = marks.signature?.position ?? "Penanggung jawab";
  ws.getCell(row + 2, signCol).value = marks.signature ? "Ditandatangani secara elektronik" : "BELUM DITANDATANGANI";
  ws.getCell(row + 4, signCol).value = marks.signature?.name ?? "(..........................)";
  ws.getCell(row + 4, signCol).font = { bold: true, underline: true };
  ws.getCell(row + 6, 1).value = `Diunduh oleh ${marks.madeBy} pada ${marks.madeAt}`;
  ws.getCell(row + 6, 1).font = { italic: true, size: 8 };

  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer);
}

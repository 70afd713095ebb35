// The header of a recap form as on paper: three header rows (group, label, L/P or ADA/TIDAK) with
// merged cells. One layout for the screen, the XLSX and the PDF.
import type { RecapColumn } from "./recaps.ts";

export interface HeaderCell {
  text: string;
  /** 0-based header row (0..2) and column, inclusive spans. */
  row: number;
  rowEnd: number;
  col: number;
  colEnd: number;
}

export const HEADER_ROWS = 3;

export function headerCells(columns: RecapColumn[]): HeaderCell[] {
  const cells: HeaderCell[] = [];
  let index = 0;
  while (index < columns.length) {
    const column = columns[index];
    if (!column) break;
    if (!column.group) {
      cells.push({ text: column.label, row: 0, rowEnd: 2, col: index, colEnd: index });
      index += 1;
      continue;
    }
    let groupEnd = index;
    while (columns[groupEnd + 1]?.group === column.group) groupEnd += 1;
    cells.push({ text: column.group, row: 0, rowEnd: 0, col: index, colEnd: groupEnd });
    let inner = index;
    while (inner <= groupEnd) {
      const current = columns[inner];
      if (!current) break;
      if (!current.sub) {
        cells.push({ text: current.label, row: 1, rowEnd: 2, col: inner, colEnd: inner });
        inner += 1;
        continue;
      }
      let labelEnd = inner;
      while (
        labelEnd + 1 <= groupEnd &&
        columns[labelEnd + 1]?.label === current.label &&
        columns[labelEnd + 1]?.sub !== undefined
      )
        labelEnd += 1;
      cells.push({ text: current.label, row: 1, rowEnd: 1, col: inner, colEnd: labelEnd });
      for (let sub = inner; sub <= labelEnd; sub += 1) {
        cells.push({ text: columns[sub]?.sub ?? "", row: 2, rowEnd: 2, col: sub, colEnd: sub });
      }
      inner = labelEnd + 1;
    }
    index = groupEnd + 1;
  }
  return cells;
}

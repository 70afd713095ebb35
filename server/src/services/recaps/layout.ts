// Layout helpers of the recap exports: the header (shared with the screen), column widths, WIB dates.
import type { RecapColumn } from "@shared/recaps.ts";

export { HEADER_ROWS, headerCells, type HeaderCell } from "@shared/recap-header.ts";

/** Relative column widths: names wide, numbers narrow. */
export function columnWeight(column: RecapColumn): number {
  if (column.key === "no") return 1.2;
  if (column.numeric) return 1.4;
  if (column.key === "nama" || column.key.startsWith("nama")) return 5;
  if (column.key === "ket") return 2.2;
  if (column.key === "sebab" || column.key.startsWith("status")) return 3.5;
  return 3;
}

/** "23 November 2026 14.05 WIB". */
export function wibDateTime(date: Date): string {
  const text = new Intl.DateTimeFormat("id-ID", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Asia/Jakarta",
  }).format(date);
  return `${text} WIB`;
}

export function wibDate(date: Date): string {
  return new Intl.DateTimeFormat("id-ID", { dateStyle: "long", timeZone: "Asia/Jakarta" }).format(date);
}

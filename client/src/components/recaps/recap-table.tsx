import { headerCells } from "@shared/recap-header.ts";
import type { RecapCell, RecapPlace, RecapSheet } from "@shared/recaps.ts";

const show = (value: RecapCell) =>
  value === null ? "" : typeof value === "number" ? value.toLocaleString("id-ID") : value;

/** A recap sheet as on paper: merged three-row header, rows (a row's name drills down), JUMLAH. */
export function RecapTable({ sheet, onDrill }: { sheet: RecapSheet; onDrill: (place: RecapPlace) => void }) {
  const cells = headerCells(sheet.columns);
  const rows = [0, 1, 2].map((row) => cells.filter((cell) => cell.row === row));
  const nameIndex = sheet.columns.findIndex((column) => column.key === "nama");
  return (
    <div
      className="overflow-x-auto rounded-box border border-base-300"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the wide sheet scrolls sideways, and keyboard users must reach it even when no row has a drill-down button (axe scrollable-region-focusable)
      tabIndex={0}
      role="region"
      aria-label={`Tabel ${sheet.code}`}
    >
      <table className="table table-xs text-center" aria-label={`${sheet.code} ${sheet.title}`}>
        <thead>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the three header rows are fixed
            <tr key={index}>
              {row.map((cell) => (
                <th
                  key={`${cell.row}-${cell.col}`}
                  scope="col"
                  colSpan={cell.colEnd - cell.col + 1}
                  rowSpan={cell.rowEnd - cell.row + 1}
                  className="border border-base-300 bg-base-200 align-middle text-[0.65rem] leading-tight text-base-content"
                >
                  {cell.text}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {sheet.rows.length === 0 && (
            <tr>
              <td colSpan={sheet.columns.length} className="py-4">
                Tidak ada data tervalidasi (status Disetujui) untuk periode ini.
              </td>
            </tr>
          )}
          {sheet.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional, as on the form
            <tr key={rowIndex}>
              {row.cells.map((value, index) => {
                const column = sheet.columns[index];
                const drill = row.drill;
                return (
                  <td
                    key={column?.key ?? index}
                    className={`border border-base-300 ${column?.numeric ? "" : "text-left"}`}
                  >
                    {index === nameIndex && drill ? (
                      <button type="button" className="link link-primary text-left" onClick={() => onDrill(drill)}>
                        {show(value)}
                      </button>
                    ) : (
                      show(value)
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {sheet.totals && (
          <tfoot>
            <tr className="font-bold">
              {sheet.totals.map((value, index) => (
                <td key={sheet.columns[index]?.key ?? index} className="border border-base-300 text-base-content">
                  {index === 1 ? "JUMLAH" : show(value)}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

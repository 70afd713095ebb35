// One chart with its table view and CSV download (every chart on /statistik has both).
import type { ChartConfiguration } from "chart.js";
import { useState } from "react";
import { ChartCanvas } from "./chart-canvas.tsx";
import { downloadCsv } from "./csv.ts";

export interface ChartPanelProps {
  title: string;
  testId: string;
  config: ChartConfiguration;
  header: string[];
  rows: string[][];
  filename: string;
}

export function ChartPanel({ title, testId, config, header, rows, filename }: ChartPanelProps) {
  const [view, setView] = useState<"chart" | "table">("chart");
  return (
    <section className="card bg-base-100 shadow-sm" data-testid={testId}>
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="card-title text-lg">{title}</h2>
          <div className="flex gap-2">
            <div className="join" role="group" aria-label={`Tampilan ${title}`}>
              <button
                type="button"
                className={`btn btn-sm join-item ${view === "chart" ? "btn-primary" : ""}`}
                aria-pressed={view === "chart"}
                onClick={() => setView("chart")}
              >
                Grafik
              </button>
              <button
                type="button"
                className={`btn btn-sm join-item ${view === "table" ? "btn-primary" : ""}`}
                aria-pressed={view === "table"}
                onClick={() => setView("table")}
              >
                Tabel
              </button>
            </div>
            <button
              type="button"
              className="btn btn-sm btn-outline"
              onClick={() => downloadCsv(filename, header, rows)}
            >
              Unduh CSV
            </button>
          </div>
        </div>
        {view === "chart" ? (
          <ChartCanvas config={config} label={title} />
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard (axe scrollable-region-focusable)
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Tabel ${title}`}>
            <table className="table table-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="text-base-content">
                <tr>
                  {header.map((cell) => (
                    <th key={cell}>{cell}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.join("|")}>
                    {row.map((cell, index) => (
                      <td key={`${header[index] ?? index}`}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}

// The statistics page's bar and trend charts. Counts are whole families: their axes start at 0 and
// step by whole numbers (Chart.js otherwise ticks a single month's 12 as 11,4 … 12,6). A figure the
// public view hides (1–4 families) is no bar, not a bar of 0, and its region's label says '<5', as
// the table does: a reader must not take a hidden 3 for none.
import type { ChartConfiguration } from "chart.js";
import type { Measure } from "./figures.ts";

export interface RegionBar {
  nama: string;
  /** null: hidden (fewer than 5 families). */
  value: number | null;
}

export function regionBarConfig(
  bars: RegionBar[],
  measure: Measure,
  label: string,
  colour: string,
): ChartConfiguration {
  return {
    type: "bar",
    data: {
      labels: bars.map((bar) => (bar.value === null ? `${bar.nama} (<5)` : bar.nama)),
      datasets: [{ label, data: bars.map((bar) => bar.value), backgroundColor: colour }],
    },
    options: {
      indexAxis: "y",
      maintainAspectRatio: false,
      plugins: { legend: { display: false } },
      scales: { x: { beginAtZero: true, ticks: measure === "count" ? { precision: 0 } : {} } },
    },
  };
}

export interface TrendPoint {
  month: string;
  /** Families with the indicator's first category by the month's end; null when hidden. */
  value: number | null;
}

export function trendLineConfig(points: TrendPoint[], label: string, colour: string): ChartConfiguration {
  return {
    type: "line",
    data: {
      labels: points.map((point) => point.month),
      datasets: [{ label, data: points.map((point) => point.value), borderColor: colour, spanGaps: true }],
    },
    options: {
      maintainAspectRatio: false,
      scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
    },
  };
}

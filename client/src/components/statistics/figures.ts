// How the statistics page shows a figure: '<5' for a suppressed cell, Indonesian numbers.
import { formatNumber } from "../../lib/format.ts";

export const measures = ["count", "per100", "share"] as const;
export type Measure = (typeof measures)[number];
export const measureLabels: Record<Measure, string> = {
  count: "Jumlah keluarga",
  per100: "Per 100 keluarga",
  share: "Persentase keluarga (%)",
};

const decimal = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 });

/** A count, or '<5' when the public view hides it. */
export const showCount = (value: number | null): string => (value === null ? "<5" : formatNumber(value));

/** A ratio with one decimal in Indonesian ("12,5"), or '<5' when hidden. */
export const showRatio = (value: number | null): string => (value === null ? "<5" : decimal.format(value));

export const showMeasure = (measure: Measure, value: number | null): string =>
  measure === "count" ? showCount(value) : showRatio(value);

const monthFormat = new Intl.DateTimeFormat("id-ID", { month: "long", year: "numeric", timeZone: "UTC" });

/** '2026-11' → 'November 2026'. */
export const showMonth = (month: string): string => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

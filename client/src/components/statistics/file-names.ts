// The names of the /statistik CSV downloads: indicator, chart, the area chosen on the page and the
// month (or the day, for today's figures), so files of several areas or months never share a name.
// Region names only: no personal data.

export type CsvChart = "per-wilayah" | "sebaran" | "tren";

/** The area a download covers, as chosen on the page. */
export interface CsvArea {
  /** The top level's label when nothing is chosen ("Seluruh kota", "Wilayah kerja Anda"). */
  top: string;
  kecamatan?: string;
  kelurahan?: string;
  rw?: string;
}

/** "Medan Satria" → "medan-satria": safe in a file name on every system (as the monthly report's). */
const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

function areaPart(area: CsvArea): string {
  if (area.kelurahan !== undefined)
    return [area.rw === undefined ? "" : `rw ${area.rw}`, `kelurahan ${area.kelurahan}`].join(" ");
  if (area.kecamatan !== undefined) return `kecamatan ${area.kecamatan}`;
  return area.top;
}

/** `asOf`: the month chosen ('YYYY-MM'), else today's date in WIB (the figures are today's). */
export function csvFileName(indicatorKey: string, chart: CsvChart, area: CsvArea, asOf: string): string {
  return `${["statistik", indicatorKey, chart, slug(areaPart(area)), asOf].filter(Boolean).join("-")}.csv`;
}

// Numbers, percentages and dates as Indonesian readers expect them (SPEC §5 "Other").
const LOCALE = "id-ID";
const TIME_ZONE = "Asia/Jakarta";

const integerFormat = new Intl.NumberFormat(LOCALE);
const percentFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 1234567 → "1.234.567". */
export function formatNumber(value: number): string {
  return integerFormat.format(value);
}

/**
 * A list's total: exact, or, when the server stopped counting at its cap (`totalCapped`), the cap
 * with a plus: 10000 → "10.000+".
 */
export function formatTotal(total: number, capped: boolean): string {
  return capped ? `${formatNumber(total)}+` : formatNumber(total);
}

/** "Halaman 3 dari 12", or "dari 2.000+" when the total behind the page count is capped. */
export function pageOfLabel(page: number, pageCount: number, capped: boolean): string {
  return `Halaman ${formatNumber(page)} dari ${formatTotal(pageCount, capped)}`;
}

/** An approximate percentage with one decimal: 33.33 → "33,3%". */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: string | Date): { date: Date; timeZone: string } {
  // A calendar date ("2026-11-22") has no time zone: read and show it as that very day.
  if (typeof value === "string" && dateOnly.test(value))
    return { date: new Date(`${value}T00:00:00Z`), timeZone: "UTC" };
  return { date: typeof value === "string" ? new Date(value) : value, timeZone: TIME_ZONE };
}

/** "2026-11-22" → "22 November 2026". */
export function formatDate(value: string | Date): string {
  const { date, timeZone } = toDate(value);
  return new Intl.DateTimeFormat(LOCALE, { day: "numeric", month: "long", year: "numeric", timeZone }).format(date);
}

/** An instant in Western Indonesian Time: "22 November 2026 pukul 07.30 WIB". */
export function formatDateTime(value: string | Date): string {
  const { date } = toDate(value);
  const day = new Intl.DateTimeFormat(LOCALE, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: TIME_ZONE,
  }).format(date);
  const time = new Intl.DateTimeFormat(LOCALE, {
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone: TIME_ZONE,
  }).format(date);
  return `${day} pukul ${time} WIB`;
}

/** Seconds as m:ss for the audio player: 75.4 → "1:15". */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

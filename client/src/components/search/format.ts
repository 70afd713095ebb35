// Dates in the Indonesian locale (SPEC §5 "Other"), shown in the city's time zone.
const dateFormat = new Intl.DateTimeFormat("id-ID", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Jakarta",
});
const dateTimeFormat = new Intl.DateTimeFormat("id-ID", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Asia/Jakarta",
});

/** "2026-11-22" → "22 November 2026" (a date without time, read as that calendar day). */
export function formatDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T12:00:00+07:00`);
  return Number.isNaN(date.getTime()) ? isoDate : dateFormat.format(date);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

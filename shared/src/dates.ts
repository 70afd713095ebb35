// Date helpers shared by client and server, free of zod so any page may use them cheaply.

/**
 * How far this process's clock is behind the server's, in ms. Always 0 on the server; a browser sets
 * it once it has seen the server's clock (client/src/lib/server-clock.ts), so a phone whose date is
 * wrong still defaults and limits dates by the server's day.
 */
let clockOffsetMs = 0;

export function setClockOffset(ms: number): void {
  clockOffsetMs = Number.isFinite(ms) ? ms : 0;
}

export function clockOffset(): number {
  return clockOffsetMs;
}

/** Now, by the server's clock (on the server, and in a browser that has not yet heard from it, its own). */
export function currentInstant(): Date {
  return new Date(Date.now() + clockOffsetMs);
}

/** WIB's offset as ISO 8601 writes it: Indonesia's western zone keeps no daylight saving. */
export const wibOffset = "+07:00";

/** The instant a WIB calendar day (yyyy-MM-dd) begins. */
export function startOfWibDay(day: string): Date {
  return new Date(`${day}T00:00:00${wibOffset}`);
}

/** Today's date in Indonesia (WIB), as the form's default and the limit for birth and survey dates. */
export function todayIso(now = currentInstant()): string {
  return new Date(now.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

// Date helpers shared by client and server, free of zod so any page may use them cheaply.

/** Today's date in Indonesia (WIB), as the form's default and the limit for birth dates. */
export function todayIso(now = new Date()): string {
  return new Date(now.getTime() + 7 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

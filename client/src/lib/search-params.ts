// Parsers for routes' URL search params. Plain functions, not zod: validateSearch runs in the first
// page load of every page, and even zod/mini's core would add ~25 KB there. A malformed value is
// dropped (undefined) rather than breaking the page. The router hands numbers over as numbers
// ("?page=2") and everything else as strings.

export function intParam(value: unknown, min: number): number | undefined {
  const number =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number >= min ? number : undefined;
}

/** RT or RW typed in a filter: 1-3 digits. */
export function rtRwParam(value: unknown): string | undefined {
  const text = typeof value === "number" ? String(value) : value;
  return typeof text === "string" && /^\d{1,3}$/.test(text) ? text : undefined;
}

export function enumParam<const T extends readonly string[]>(values: T, value: unknown): T[number] | undefined {
  return values.find((item) => item === value);
}

export function textParam(value: unknown, max: number): string | undefined {
  const text = typeof value === "number" ? String(value) : value;
  return typeof text === "string" && text.length <= max ? text : undefined;
}

export function flagParam(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  return value === "true" ? true : value === "false" ? false : undefined;
}

/** A report month, YYYY-MM. */
export function monthParam(value: unknown): string | undefined {
  return typeof value === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : undefined;
}

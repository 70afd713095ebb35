// The RT/RW filter rule, once for the server schemas and the client forms (no zod, so any page may use it).
export const RT_RW_FILTER_MESSAGE = "RT/RW hanya boleh angka (maksimal 3 digit)";

/** A typed RT or RW filter: empty (no filter) or 1-3 digits. */
export function isRtRwFilter(value: string): boolean {
  return /^\d{0,3}$/.test(value.trim());
}

/** RT and RW are stored as 3-digit zero-padded strings ("5" → "005"). */
export function padRtRw(value: string): string {
  return value.trim().padStart(3, "0");
}

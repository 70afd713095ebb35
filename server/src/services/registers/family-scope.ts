// The address line of the cadre-workspace lists (the search over head name and address is
// family-search.ts). Which rows a user may see is policy.ts's business.

/** "RT 001/RW 005, Bekasijaya, Bekasi Timur": the address line of lists. */
export function addressLine(
  row: { rt: string | null; rw: string | null },
  ward: string | null,
  district: string | null,
): string {
  return [`RT ${row.rt ?? "-"}/RW ${row.rw ?? "-"}`, ward, district].filter(Boolean).join(", ");
}

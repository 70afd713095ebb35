/** part / whole × 100 rounded to one decimal, 0 for an empty whole: approximate percentages (SPEC §5). */
export function percentOneDecimal(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 1000) / 10;
}

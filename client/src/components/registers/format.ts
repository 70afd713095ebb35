const numbers = new Intl.NumberFormat("id-ID");
const percent = new Intl.NumberFormat("id-ID", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Numbers in the Indonesian locale (1.247). */
export const formatNumber = (value: number) => numbers.format(value);
/** Percentages to one decimal (12,5%). */
export const formatPercent = (value: number) => `${percent.format(value)}%`;
/** Share of `part` in `whole`, or 0 when there is no whole. */
export const share = (part: number, whole: number) => (whole === 0 ? 0 : (part / whole) * 100);

const integer = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat("id-ID", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 12345 → "12.345"; null → "-". */
export const formatNumber = (value: number | null) => (value === null ? "-" : integer.format(value));
export const formatDecimal = (value: number | null) => (value === null ? "-" : decimal.format(value));
/** 33.333 → "33,3%". */
export const formatPercent = (value: number) => `${percent.format(value)}%`;

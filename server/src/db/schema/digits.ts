import { customType } from "drizzle-orm/pg-core";

/**
 * Text that holds digits only (a NIK), compared byte by byte (COLLATE "C"). For digits that is the
 * same equality and order as every locale's, but PostgreSQL can then answer a prefix (`LIKE '3275%'`,
 * REST `$startsWith`) from the btree index instead of reading every row (0.34-0.82 s at 1,000,000
 * families), and builds and probes the index without locale-aware comparison.
 */
export const digitText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});

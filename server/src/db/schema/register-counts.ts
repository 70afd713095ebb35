// Live registrations by ward and form (issue 12): the exact total of an unsearched list (the REST
// register list, city-wide or in a kecamatan or ward) as a sum of a few dozen rows, however large the
// city. Kept by a trigger on registers in the same transaction as every write (migration
// issue12_register_counts_custom); rebuilt and checked with the figure rollups (services/figures/rollups.ts).
import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

export const registerCounts = pgTable(
  "register_counts",
  {
    kecamatanId: integer().notNull(),
    /** 0 for a registration without a ward. */
    desaKelurahanId: integer().notNull(),
    formType: text().notNull(),
    /** Registrations not deleted. */
    live: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.desaKelurahanId, table.formType, table.kecamatanId] })],
);

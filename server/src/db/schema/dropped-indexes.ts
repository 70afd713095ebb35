import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The indexes a bulk load (server/src/demo/bulk-load.ts) dropped and has not built again yet, each
// written down in the transaction that dropped it: a load stopped by Ctrl-C, a kill or a lost
// machine leaves this list, and the next migrate builds them (db/dropped-indexes.ts).
export const droppedIndexes = pgTable("dropped_indexes", {
  name: text().primaryKey(),
  /** pg_indexes.indexdef: the CREATE INDEX statement that builds it again. */
  definition: text().notNull(),
  droppedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

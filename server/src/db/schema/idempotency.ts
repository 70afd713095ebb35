import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { registers } from "./registers.ts";

// A submission's idempotency key, written in the same transaction as the register it created, so a
// retry or a double click finds the first registration instead of creating a second one.
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** scope:key, e.g. family:3f1c…. */
    key: text().primaryKey(),
    /** SHA-256 of the request body: the same key with other data is refused, not answered. */
    requestHash: text().notNull(),
    registerId: integer().references(() => registers.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.expiresAt)],
);

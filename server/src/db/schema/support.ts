import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Captchas are signed stateless tokens; a used nonce is kept until it expires so an answer works once.
// Every search sweeps the expired ones (an index range, however many searches the last 10 minutes saw).
export const captchaNonces = pgTable(
  "captcha_nonces",
  {
    nonce: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.expiresAt)],
);

// Fixed-window counters shared by every app instance (the database is the only shared state).
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  count: integer().notNull(),
  windowEndsAt: timestamp({ withTimezone: true }).notNull(),
});

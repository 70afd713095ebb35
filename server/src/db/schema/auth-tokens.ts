import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export const apiTokenAccess = ["read-only", "full-access"] as const;
export type ApiTokenAccess = (typeof apiTokenAccess)[number];

// A password-reset code: only its SHA-256 is kept; it works once and for one hour.
export const passwordResets = pgTable(
  "password_resets",
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.userId)],
);

// Tokens third parties use on the REST layer (Authorization: Bearer …); stored as SHA-256 only.
export const apiTokens = pgTable("api_tokens", {
  id: serial().primaryKey(),
  name: text().notNull(),
  description: text(),
  access: text({ enum: apiTokenAccess }).notNull(),
  tokenHash: text().notNull().unique(),
  /** The first characters, so an admin can tell tokens apart without seeing them. */
  prefix: text().notNull(),
  createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp({ withTimezone: true }),
  revokedAt: timestamp({ withTimezone: true }),
});

export type ApiTokenRow = typeof apiTokens.$inferSelect;

// Outgoing mail: requests only queue it and the outbox worker (services/mail/outbox-worker.ts)
// sends it. `body` is sealed with a key derived from APP_SECRET (a reset link is a usable secret)
// and emptied once sent; rows are purged after 7 days.
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    /** Not before this moment: a retry's back-off, or the lease of the worker that claimed the row. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.sentAt, table.nextAttemptAt)],
);

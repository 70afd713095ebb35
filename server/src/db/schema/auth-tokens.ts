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

// Mail kept in the database when no SMTP server is configured (development), and a record of what was sent.
export const emailOutbox = pgTable("email_outbox", {
  id: serial().primaryKey(),
  to: text().notNull(),
  subject: text().notNull(),
  body: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp({ withTimezone: true }),
});

import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

// id is the SHA-256 of the session token (hex); the token itself is never stored.
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    // "Remember me" off gives a short session that is not renewed for 30 days.
    persistent: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;

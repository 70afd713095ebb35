// Dasawisma groups and the level-by-level sign-off of the PKK recap forms (Lampiran 4.16 / 4.18).
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { desaKelurahan } from "./regions.ts";
import { registers } from "./registers.ts";
import { users } from "./users.ts";

/** A dasawisma: 10–20 households of one RT, with a name and a leader. */
export const dasawisma = pgTable(
  "dasawisma",
  {
    id: serial().primaryKey(),
    desaKelurahanId: integer()
      .notNull()
      .references(() => desaKelurahan.id, { onDelete: "restrict" }),
    rw: text().notNull(),
    rt: text().notNull(),
    name: text().notNull(),
    leaderName: text().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.desaKelurahanId, table.rw, table.rt),
    uniqueIndex("dasawisma_name_unique").on(table.desaKelurahanId, table.rw, table.rt, sql`lower(${table.name})`),
  ],
);

/** Which dasawisma a household (family register) belongs to: at most one (the primary key says so). */
export const dasawismaHouseholds = pgTable(
  "dasawisma_households",
  {
    registerId: integer()
      .primaryKey()
      .references(() => registers.id, { onDelete: "cascade" }),
    dasawismaId: integer()
      .notNull()
      .references(() => dasawisma.id, { onDelete: "cascade" }),
    assignedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.dasawismaId)],
);

export const recapLevels = ["rt", "rw", "kelurahan"] as const;

/**
 * One signature of a level's recaps (4.16 and 4.18 together) for a month. The figures shown when
 * signing are frozen here with their SHA-256; reopening keeps the row (who, when, why) and a new
 * signature is a new row. At most one standing (not reopened) signature per level, area and month.
 */
export const recapSignoffs = pgTable(
  "recap_signoffs",
  {
    id: serial().primaryKey(),
    level: text({ enum: recapLevels }).notNull(),
    /** YYYY-MM. */
    period: text().notNull(),
    desaKelurahanId: integer()
      .notNull()
      .references(() => desaKelurahan.id, { onDelete: "restrict" }),
    /** '' above the level that has one (a kelurahan signature has rw = rt = ''), so the unique index works. */
    rw: text().notNull().default(""),
    rt: text().notNull().default(""),
    figures: jsonb().$type<Record<string, unknown>>().notNull(),
    figuresHash: text().notNull(),
    signerId: integer().references(() => users.id, { onDelete: "set null" }),
    signerName: text().notNull(),
    signerPosition: text().notNull(),
    signedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reopenedBy: integer().references(() => users.id, { onDelete: "set null" }),
    reopenedByName: text(),
    reopenedAt: timestamp({ withTimezone: true }),
    reopenReason: text(),
  },
  (table) => [
    uniqueIndex("recap_signoffs_standing_unique")
      .on(table.level, table.period, table.desaKelurahanId, table.rw, table.rt)
      .where(sql`${table.reopenedAt} is null`),
    index().on(table.desaKelurahanId, table.period),
  ],
);

/** Every PDF handed out: the id in its QR code, the SHA-256 of the signed file, who made it and when. */
export const recapDocuments = pgTable(
  "recap_documents",
  {
    /** Random, unguessable: it is the public verification address. */
    id: text().primaryKey(),
    form: text().notNull(),
    sheet: text().notNull(),
    level: text().notNull(),
    period: text().notNull(),
    areaLabel: text().notNull(),
    signoffId: integer().references(() => recapSignoffs.id, { onDelete: "set null" }),
    signerName: text(),
    signerPosition: text(),
    signedAt: timestamp({ withTimezone: true }),
    sha256: text().notNull(),
    certificateSubject: text().notNull(),
    selfSigned: boolean().notNull().default(false),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdByName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.signoffId)],
);

export type DasawismaRow = typeof dasawisma.$inferSelect;
export type RecapSignoffRow = typeof recapSignoffs.$inferSelect;
export type RecapDocumentRow = typeof recapDocuments.$inferSelect;

import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { formTypes, registerStatuses } from "@shared/status.ts";
import { desaKelurahan, kecamatan } from "./regions.ts";
import { users } from "./users.ts";

/** One registration: a family's household survey or a cadre's own registration (form_type). */
export const registers = pgTable(
  "registers",
  {
    id: serial().primaryKey(),
    /** Human-readable number shown to residents, e.g. REG-20261122-000123. */
    registrationNumber: text().notNull().unique(),
    formType: text({ enum: formTypes }).notNull(),
    namaKepalaKeluarga: text().notNull(),
    nikKepalaKeluarga: text().notNull(),
    nomorHp: text().notNull(),
    alamatEmail: text(),
    tanggalPendataan: date({ mode: "string" }).notNull(),
    status: text({ enum: registerStatuses }).notNull().default("SUBMITTED"),
    kecamatanId: integer().references(() => kecamatan.id, { onDelete: "restrict" }),
    desaKelurahanId: integer().references(() => desaKelurahan.id, { onDelete: "restrict" }),
    /** 3-digit zero-padded. */
    rw: text(),
    rt: text(),
    /** The form's full payload, validated by its zod schema before it is stored. */
    dataRegister: jsonb().$type<Record<string, unknown>>().notNull(),
    /** Optimistic concurrency: every update must name the version it read. */
    version: integer().notNull().default(1),
    consentAt: timestamp({ withTimezone: true }),
    consentVersion: text(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: integer().references(() => users.id, { onDelete: "set null" }),
    deleteReason: text(),
  },
  (table) => [
    index().on(table.status),
    index().on(table.desaKelurahanId, table.rw, table.rt),
    index().on(table.nikKepalaKeluarga),
    index("registers_nama_trgm").using("gin", sql`${table.namaKepalaKeluarga} gin_trgm_ops`),
    index().on(table.createdAt),
  ],
);

/** The validation history: every status move, by whom, at which level, with its note. */
export const registerEvents = pgTable(
  "register_events",
  {
    id: serial().primaryKey(),
    registerId: integer()
      .notNull()
      .references(() => registers.id, { onDelete: "cascade" }),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    level: text(),
    fromStatus: text(),
    toStatus: text().notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.registerId)],
);

export type RegisterRow = typeof registers.$inferSelect;

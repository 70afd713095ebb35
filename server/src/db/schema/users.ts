import { sql } from "drizzle-orm";
import { foreignKey, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { userLevels, userRoles, userStatuses } from "@shared/schemas/auth.ts";
import { digitText } from "./digits.ts";
import { desaKelurahan, kecamatan } from "./regions.ts";

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    username: text().notNull(),
    passwordHash: text(),
    role: text({ enum: userRoles }).notNull(),
    status: text({ enum: userStatuses }).notNull().default("pending"),
    fullName: text().notNull(),
    nik: digitText(),
    phone: text(),
    nip: text(),
    jabatan: text(),
    level: text({ enum: userLevels }),
    kecamatanId: integer().references(() => kecamatan.id, { onDelete: "restrict" }),
    desaKelurahanId: integer().references(() => desaKelurahan.id, { onDelete: "restrict" }),
    rw: text(),
    rt: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Emails are unique regardless of case: "Siti@x.id" and "siti@x.id" are one account.
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    uniqueIndex("users_username_unique").on(table.username),
    uniqueIndex("users_nik_unique").on(table.nik),
    index().on(table.role, table.status),
    // A cadre's kecamatan is its ward's (regions.ts).
    foreignKey({
      name: "users_ward_in_kecamatan",
      columns: [table.desaKelurahanId, table.kecamatanId],
      foreignColumns: [desaKelurahan.id, desaKelurahan.kecamatanId],
    }),
  ],
);

export type UserRow = typeof users.$inferSelect;

import { index, integer, numeric, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";

export const kecamatan = pgTable("kecamatan", {
  id: serial().primaryKey(),
  kode: text().notNull().unique(),
  nama: text().notNull(),
  /** Counts the row's edits: the admin's form sends the one it opened, a newer one refuses the save. */
  version: integer().notNull().default(1),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const desaKelurahan = pgTable(
  "desa_kelurahan",
  {
    id: serial().primaryKey(),
    kecamatanId: integer()
      .notNull()
      .references(() => kecamatan.id, { onDelete: "restrict" }),
    kode: text().notNull().unique(),
    nama: text().notNull(),
    jenis: text({ enum: ["desa", "kelurahan"] }).notNull(),
    kodePos: text(),
    luasWilayah: numeric({ precision: 10, scale: 2, mode: "number" }),
    jumlahPenduduk: integer(),
    /** Counts the row's edits (the population import's too): see kecamatan.version. */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.kecamatanId),
    index().on(table.nama),
    // What families and users name their ward and kecamatan by (their foreign key "ward in
    // kecamatan"): it makes the kecamatan part of the ward's key, so a ward cannot change kecamatan
    // under a family or user that names the old pair, nor one be written beside a move.
    unique("desa_kelurahan_id_kecamatan_id_unique").on(table.id, table.kecamatanId),
  ],
);

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  json,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { formTypes, registerStatuses } from "@shared/status.ts";
import { digitText } from "./digits.ts";
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
    nikKepalaKeluarga: digitText().notNull(),
    nomorHp: text().notNull(),
    alamatEmail: text(),
    /** Optional family card number (Nomor KK, 16 digits); cadres search by it. */
    nomorKk: text(),
    tanggalPendataan: date({ mode: "string" }).notNull(),
    status: text({ enum: registerStatuses }).notNull().default("SUBMITTED"),
    kecamatanId: integer().references(() => kecamatan.id, { onDelete: "restrict" }),
    desaKelurahanId: integer().references(() => desaKelurahan.id, { onDelete: "restrict" }),
    /** 3-digit zero-padded. */
    rw: text(),
    rt: text(),
    /**
     * The form's full payload, validated by its zod schema before it is stored. `json` (the text as
     * written), not `jsonb`: it is stored and read whole, never searched inside (its figures are
     * copied to the columns below), and jsonb cost a parse on every write and a re-serialization on
     * every read (a REST page of 25 forms: ~0.3 ms of database CPU; a bulk COPY: 2.9 s instead of
     * 1.8 s per 100,000 forms).
     */
    dataRegister: json().$type<Record<string, unknown>>().notNull(),
    // What lists, filters and statistics need, copied out of data_register into indexed columns by
    // services/registers/family-rows.ts (never a scan of JSON). Zero/false for cadre registrations.
    memberCount: smallint().notNull().default(0),
    pregnantCount: smallint().notNull().default(0),
    blindCount: smallint().notNull().default(0),
    nursingCount: smallint().notNull().default(0),
    motherDeathCount: smallint().notNull().default(0),
    babyDeathCount: smallint().notNull().default(0),
    toddlerDeathCount: smallint().notNull().default(0),
    newBirthCount: smallint().notNull().default(0),
    birthCertificateCount: smallint().notNull().default(0),
    postpartumCount: smallint().notNull().default(0),
    hasSpecialCondition: boolean().notNull().default(false),
    waterSource: text(),
    mckFacility: boolean().notNull().default(false),
    mckCount: smallint().notNull().default(0),
    houseHealthy: boolean().notNull().default(false),
    houseLessHealthy: boolean().notNull().default(false),
    hasTrashBin: boolean().notNull().default(false),
    hasDrainage: boolean().notNull().default(false),
    hasWaterAbsorption: boolean().notNull().default(false),
    foodType: text(),
    /** Kegiatan PKK the family takes part in (communityActivities), for the statistics (issue 19). */
    activityUp2k: boolean().notNull().default(false),
    activityYardUtilization: boolean().notNull().default(false),
    activityHomeIndustry: boolean().notNull().default(false),
    activityEnvironmentalHealth: boolean().notNull().default(false),
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
    /**
     * When the record reached its current status: its latest event into that status, else its
     * creation (the review promise, deadlines.ts). Kept by triggers (migration
     * 0034_issue12_waiting_since) whatever writes the register or its events; set by hand it is
     * worked out again. The bulk generator, whose COPY skips triggers, writes it itself.
     */
    waitingSince: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The form's births and deaths (data_register.events) when it lists any, else null: the recap
     * sheets count a month's births and deaths from this small copy, where parsing every counted
     * household's whole form cost ~25 µs each (two thirds of a kelurahan sheet at 1,000,000
     * families). Kept by a trigger (migration 0035_issue12_life_events) from data_register on every
     * write; set by hand it is worked out again. The bulk generator, whose COPY skips triggers,
     * writes it itself.
     */
    lifeEvents: json().$type<Record<string, unknown>>(),
  },
  (table) => [
    // The kecamatan a family is counted and reached by is its ward's (regions.ts).
    foreignKey({
      name: "registers_ward_in_kecamatan",
      columns: [table.desaKelurahanId, table.kecamatanId],
      foreignColumns: [desaKelurahan.id, desaKelurahan.kecamatanId],
    }),
    index().on(table.status),
    // What deleting a kecamatan reads: its own count of families and PostgreSQL's foreign-key check
    // (onDelete restrict) both scanned every register without it (1.3-1.7 s at 1,000,000 families).
    index().on(table.kecamatanId),
    index().on(table.desaKelurahanId, table.rw, table.rt),
    index().on(table.nikKepalaKeluarga),
    index("registers_nomor_kk").on(table.nomorKk).where(sql`${table.nomorKk} is not null`),
    // One family per head NIK among live family registrations (a deleted one can be registered again).
    uniqueIndex("registers_family_head_nik_unique")
      .on(table.nikKepalaKeluarga)
      .where(sql`${table.formType} = 'family_registration' and ${table.deletedAt} is null`),
    index("registers_special_condition").on(table.desaKelurahanId).where(sql`${table.hasSpecialCondition}`),
    // A name search among deleted records (the admin's 'Data terhapus'): live rows are searched by the
    // partial trigram GiST (migration issue12_list_indexes_custom), so a GIN over every row only cost
    // every write and a bulk load (2.8 s to build at 1,000,000 families, 0.5 s for the deleted 1%).
    index("registers_deleted_nama_trgm")
      .using("gin", sql`${table.namaKepalaKeluarga} gin_trgm_ops`)
      .where(sql`${table.deletedAt} is not null`),
    index().on(table.createdAt),
    // A partner's incremental sync over REST (`filters[updatedAt][$gt]=…&sort=updatedAt:asc`, or
    // newest changes first): without it each page read every live register (440 ms at 1,000,000
    // families, however few had changed). Every write of a register sets updated_at.
    index("registers_live_updated").on(table.updatedAt, table.id).where(sql`${table.deletedAt} is null`),
    // A partner reading one ward over REST (`filters[desa_kelurahan][id][$eq]=…`, in id order, with
    // its total). An admin-issued token reads every form, so the partial indexes of family
    // registrations do not serve it: each page scanned the ids city-wide for the ward's (page 400:
    // ~400 ms at 1,000,000 families) and the total read the ward's rows from the heap.
    index("registers_live_ward_id").on(table.desaKelurahanId, table.id).where(sql`${table.deletedAt} is null`),
    // A partner syncing one status over REST (`filters[status][$eq]=APPROVED`, in id order): each
    // page skipped to its place through the live ids, reading every skipped row from the heap to
    // check its status (page 3,500 of the rejected families: ~400 ms at 1,000,000 families).
    index("registers_live_status_id").on(table.status, table.id).where(sql`${table.deletedAt} is null`),
    // Waiting records by how long they have waited: the overdue counts read the few still on time,
    // and the 'Terlambat dulu' order walks them (deadlines.ts).
    index("registers_live_status_waiting")
      .on(table.status, table.waitingSince, table.id)
      .where(sql`${table.formType} = 'family_registration' and ${table.deletedAt} is null`),
    index("registers_live_ward_status_waiting")
      .on(table.desaKelurahanId, table.status, table.waitingSince, table.id)
      .where(sql`${table.formType} = 'family_registration' and ${table.deletedAt} is null`),
  ],
);

/** A family's members. A NIK belongs to one family only (one person, one family). */
export const familyMembers = pgTable(
  "family_members",
  {
    id: serial().primaryKey(),
    registerId: integer()
      .notNull()
      .references(() => registers.id, { onDelete: "cascade" }),
    /** Order in the form; 0 is the first member. */
    position: smallint().notNull(),
    nik: digitText().notNull(),
    fullName: text().notNull(),
    relationship: text().notNull(),
    maritalStatus: text().notNull(),
    gender: text().notNull(),
    birthDate: date({ mode: "string" }).notNull(),
    occupation: text().notNull(),
    education: text().notNull(),
    /**
     * Copied from the register when it is soft-deleted (and cleared on restore), so a deleted
     * family no longer holds its members' NIKs: the unique index covers live rows only.
     */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index().on(table.registerId),
    uniqueIndex("family_members_live_nik_unique").on(table.nik).where(sql`${table.deletedAt} is null`),
    index().on(table.nik),
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
    // When the move was written, not when its transaction began (now()): a bulk verification that
    // waited for other writers' records would otherwise date its moves before theirs, and the
    // history, waiting_since and the month marks, all ordered by this time, would misorder them.
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`statement_timestamp()`),
  },
  (table) => [index().on(table.registerId)],
);

/**
 * Where a family's house is (issue 19), recorded by a cadre in the Maker Checker: personal data like a
 * NIK. Kept apart from `registers` so no surface that reads register columns or data_register (REST,
 * exports, recaps, public search) can carry it; only the register module's location functions read it.
 */
export const householdLocations = pgTable(
  "household_locations",
  {
    registerId: integer()
      .primaryKey()
      .references(() => registers.id, { onDelete: "cascade" }),
    /** WGS 84 degrees, six decimals (about 0.1 m). */
    latitude: numeric({ precision: 9, scale: 6, mode: "number" }).notNull(),
    longitude: numeric({ precision: 9, scale: 6, mode: "number" }).notNull(),
    /** The phone's GPS ('gps') or a tap on the map ('map'). */
    source: text({ enum: ["gps", "map"] }).notNull(),
    /** The GPS accuracy in metres, when the phone gave one. */
    accuracyM: integer(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    recordedBy: integer().references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    check("household_locations_latitude_range", sql`${table.latitude} between -90 and 90`),
    check("household_locations_longitude_range", sql`${table.longitude} between -180 and 180`),
  ],
);

export type RegisterRow = typeof registers.$inferSelect;
export type HouseholdLocationRow = typeof householdLocations.$inferSelect;
export type FamilyMemberRow = typeof familyMembers.$inferSelect;

// Inputs of the cadre workspace (dashboard, registration list, Maker Checker dialog, special-conditions
// monitor, monthly report). The family itself is validated by familyRegistrationSchema, as in the public form.
import { z } from "./zod.ts";
import { specialConditionKeys } from "../enums.ts";
import { NOTE_MAX_LENGTH, reopenReasonRequiredMessage } from "../status.ts";
import { familyRegistrationSchema } from "./family.ts";
import { freeText, idempotencyKeySchema, idSchema, lineText, rtRwFilter } from "./common.ts";

/** Head name or address (ward, kecamatan); blank means everything. */
export const recordSearch = lineText({ max: 100, maxMessage: "Kata kunci maksimal 100 karakter" }).default("");

export const RECORD_PAGE_SIZE = 5;

export const recordListInput = z.object({
  search: recordSearch,
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(50).default(RECORD_PAGE_SIZE),
  /** Admins only: the soft-deleted records, to restore them. */
  deleted: z.boolean().default(false),
});
export type RecordListInput = z.input<typeof recordListInput>;

export const recordIdInput = z.object({ registerId: idSchema });

/**
 * The cadre checked the family's documents: members whose NIK disagrees with their birth date or sex
 * are saved as they are (household-rules.ts nikWarningsToConfirm); without it such a save is refused.
 */
const confirmNik = z.boolean().default(false);

export const createRecordInput = z.object({
  data: familyRegistrationSchema,
  confirmNik,
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type CreateRecordInput = z.input<typeof createRecordInput>;

export const updateRecordInput = z.object({
  registerId: idSchema,
  /** The version the cadre opened; a record changed since then is refused (optimistic concurrency). */
  version: z.number().int().positive(),
  data: familyRegistrationSchema,
  confirmNik,
});
export type UpdateRecordInput = z.input<typeof updateRecordInput>;

export const deleteRecordInput = z.object({
  registerId: idSchema,
  version: z.number().int().positive(),
  reason: freeText(500, "Alasan maksimal 500 karakter").pipe(z.string().min(1, "Alasan penghapusan wajib diisi")),
});
export type DeleteRecordInput = z.input<typeof deleteRecordInput>;

export const SPECIAL_CONDITION_PAGE_SIZE = 10;

export const specialConditionsInput = z.object({
  condition: z.enum(specialConditionKeys).optional(),
  desaKelurahanId: idSchema.optional(),
  rw: rtRwFilter.optional(),
  rt: rtRwFilter.optional(),
  page: z.number().int().min(1).default(1),
});
export type SpecialConditionsInput = z.input<typeof specialConditionsInput>;

export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Pilih bulan laporan");

export const reportInput = z.object({ month: monthSchema });
export type ReportInput = z.input<typeof reportInput>;

export const reportFormats = ["xlsx", "csv"] as const;
export const reportExportInput = z.object({ month: monthSchema, format: z.enum(reportFormats) });

/** 'Buka Kembali': a verified (locked) record back to SUBMITTED, with the reason in its history. */
export const reopenRecordInput = z.object({
  registerId: idSchema,
  /** The version the cadre looked at; a record changed since then is refused. */
  version: z.number().int().positive(),
  reason: freeText(NOTE_MAX_LENGTH, `Alasan maksimal ${NOTE_MAX_LENGTH} karakter`).pipe(
    z.string().min(1, reopenReasonRequiredMessage),
  ),
});
export type ReopenRecordInput = z.input<typeof reopenRecordInput>;

// ─── House location (issue 19) ───────────────────────────────────────────────────────────────

export const latitudeRangeMessage = "Garis lintang harus di antara -90 dan 90 derajat";
export const longitudeRangeMessage = "Garis bujur harus di antara -180 dan 180 derajat";
export const locationSources = ["gps", "map"] as const;
export type LocationSource = (typeof locationSources)[number];

/** Where the house is: WGS 84 degrees from the phone's GPS or a tap on the map. */
export const householdLocationSchema = z.object({
  latitude: z
    .number({ error: "Garis lintang harus berupa angka" })
    .refine(Number.isFinite, latitudeRangeMessage)
    .refine((value) => value >= -90 && value <= 90, latitudeRangeMessage),
  longitude: z
    .number({ error: "Garis bujur harus berupa angka" })
    .refine(Number.isFinite, longitudeRangeMessage)
    .refine((value) => value >= -180 && value <= 180, longitudeRangeMessage),
  source: z.enum(locationSources, { error: "Sumber lokasi tidak dikenal" }),
  /** The GPS accuracy in metres, when the phone gave one. */
  accuracyM: z.number().int().min(0).max(1_000_000).nullable().default(null),
});
export type HouseholdLocationInput = z.input<typeof householdLocationSchema>;

/** Records (or, with null, removes) the house location of a family the cadre may change. */
export const setLocationInput = z.object({
  registerId: idSchema,
  /** The version the cadre opened; a record changed since then is refused. */
  version: z.number().int().positive(),
  location: householdLocationSchema.nullable(),
});
export type SetLocationInput = z.input<typeof setLocationInput>;

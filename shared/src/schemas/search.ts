// The public status search (SPEC §2, §5 "Search"): one text input, NIK or head-of-family name.
import { z } from "./zod.ts";
import { captchaAnswerSchema } from "./captcha.ts";
import { hasControlCharacter, NAME_MAX_LENGTH } from "./common.ts";

export const NAME_SEARCH_MIN = 3;
export const SEARCH_RESULT_LIMIT = 10;

export const searchQuerySchema = z
  .string({ error: "Input tidak valid" })
  .trim()
  .min(1, "Input tidak valid")
  .max(NAME_MAX_LENGTH, "Input tidak valid")
  .refine((value) => !hasControlCharacter(value), "Input tidak valid")
  .refine(
    (value) => isNikQuery(value) || isRegistrationNumberQuery(value) || value.length >= NAME_SEARCH_MIN,
    "Masukkan NIK 16 digit, nomor registrasi, atau nama lengkap kepala keluarga",
  );

/** REG-YYYYMMDD-XXXX-XXXX as printed on the success page (any case, spaces around ignored). */
export function isRegistrationNumberQuery(value: string): boolean {
  return /^REG-\d{8}-[A-Z0-9]{4}-[A-Z0-9]{4}$/i.test(value.trim());
}

export const nameSearchNeedsWardMessage = "Pilih kelurahan untuk mencari dengan nama lengkap kepala keluarga";

/**
 * The NIK a query spells: exactly 16 digits, also as people paste it from a card or a chat
 * ("3275 0115 0384 0078", dots or dashes between groups); null for anything else (a name search).
 */
export function nikOfQuery(value: string): string | null {
  const digits = value.replace(/[\s.-]/g, "");
  return /^\d{16}$/.test(digits) ? digits : null;
}

/** Exactly 16 digits is a NIK search; anything else a head-of-family name search. */
export function isNikQuery(value: string): boolean {
  return nikOfQuery(value) !== null;
}

export const searchStatusInput = z
  .object({
    query: searchQuerySchema,
    /** Required for a name search: a name is looked up within one kelurahan only (no enumeration). */
    desaKelurahanId: z.number().int().positive().optional(),
    captcha: captchaAnswerSchema,
  })
  .superRefine((value, ctx) => {
    const query = value.query.trim();
    if (!isNikQuery(query) && !isRegistrationNumberQuery(query) && value.desaKelurahanId === undefined) {
      ctx.addIssue({ code: "custom", path: ["desaKelurahanId"], message: nameSearchNeedsWardMessage });
    }
  });
export type SearchStatusInput = z.input<typeof searchStatusInput>;

/** One result card: masked per DESIGN §6 (no full NIK or phone, no street address, no health data). */
export interface StatusSearchResult {
  id: number;
  registrationNumber: string;
  namaKepalaKeluarga: string;
  nikMasked: string;
  nomorHpMasked: string;
  tanggalPendataan: string;
  status: string;
  statusLabel: string;
  formType: string;
  formTypeLabel: string;
  rt: string | null;
  rw: string | null;
  desaKelurahanNama: string | null;
  kecamatanNama: string | null;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
  /** For NEEDS_REVISION and REJECTED: what the cadre wrote for the family, and when (ISO 8601). */
  review: { note: string | null; at: string } | null;
}

export interface StatusSearchAnswer {
  kind: "nik" | "registrationNumber" | "name";
  results: StatusSearchResult[];
}

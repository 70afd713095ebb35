// The public status search (SPEC §2, §5 "Search"): one text input, NIK or head-of-family name.
import { z } from "zod";
import { captchaAnswerSchema } from "./captcha.ts";
import { hasControlCharacter, NAME_MAX_LENGTH } from "./common.ts";

export const NAME_SEARCH_MIN = 3;
export const SEARCH_RESULT_LIMIT = 10;

export const searchQuerySchema = z
  .string()
  .trim()
  .min(1, "Input tidak valid")
  .max(NAME_MAX_LENGTH, "Input tidak valid")
  .refine((value) => !hasControlCharacter(value), "Input tidak valid")
  .refine(
    (value) => isNikQuery(value) || value.length >= NAME_SEARCH_MIN,
    "Masukkan NIK 16 digit atau minimal 3 huruf nama kepala keluarga",
  );

/** Exactly 16 digits is a NIK search; anything else a head-of-family name search. */
export function isNikQuery(value: string): boolean {
  return /^\d{16}$/.test(value.trim());
}

export const searchStatusInput = z.object({
  query: searchQuerySchema,
  captcha: captchaAnswerSchema,
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
}

export interface StatusSearchAnswer {
  kind: "nik" | "name";
  results: StatusSearchResult[];
}

import { z } from "./zod.ts";
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter, idSchema, lineText } from "./common.ts";

export const desaKelurahanListInput = z.object({ kecamatanId: idSchema });
export const regencyCodeInput = z.object({ regencyCode: z.string().regex(/^\d{2}\.\d{2}$/) });

export { jenisFilter, jenisWilayah, type JenisFilter, type JenisWilayah } from "../enums.ts";
import { jenisWilayah, jenisFilter, type JenisWilayah } from "../enums.ts";

export interface KecamatanOption {
  id: number;
  kode: string;
  nama: string;
}

export interface DesaKelurahanOption {
  id: number;
  kode: string;
  nama: string;
  jenis: JenisWilayah;
  kecamatanId: number;
}

export interface RegencyOption {
  /** Official code, e.g. "32.75"; the spec's regency list is keyed by it. */
  id: string;
  nama: string;
  jenis: "Kota" | "Kabupaten";
}

export interface DistrictOption {
  kode: string;
  nama: string;
}

// ─── Administration (SPEC §5 "Village form", issue 6 server rules) ───────────────────────────

/** Official Kemendagri code of a district, e.g. 32.75.01. */
export const kodeKecamatanPattern = /^\d{2}\.\d{2}\.\d{2}$/;
/** Official code of a village or ward, e.g. 32.75.01.1001 (1… kelurahan, 2… desa). */
export const kodeDesaKelurahanPattern = /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/;

/** The district part of a village code: 32.75.01.1001 → 32.75.01. */
export const kodeKecamatanOf = (kode: string) => kode.split(".").slice(0, 3).join(".");

export const jenisLabel: Record<JenisWilayah, string> = { desa: "Desa", kelurahan: "Kelurahan" };

// Forms send "" for an empty number input and strings from text fields; REST sends numbers.
const blankToNull = (value: unknown) => (value === "" || value === undefined ? null : value);
const toNumber = (value: unknown) => {
  const blank = blankToNull(value);
  return typeof blank === "string" ? Number(blank.trim().replace(",", ".")) : blank;
};

const nama = z
  .string({ error: "Nama wajib diisi" })
  .trim()
  .min(1, "Nama wajib diisi")
  .max(100, "Nama maksimal 100 karakter")
  .refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE);

export const kodePosSchema = z.preprocess(
  (value) =>
    typeof value === "number"
      ? String(value)
      : typeof value === "string"
        ? blankToNull(value.trim())
        : blankToNull(value),
  z
    .string({ error: "Kode pos harus 5 digit angka" })
    .regex(/^\d{5}$/, "Kode pos harus 5 digit angka")
    .nullable(),
);

export const luasWilayahSchema = z.preprocess(
  toNumber,
  z
    .number({ error: "Luas wilayah harus berupa angka" })
    .min(0, "Luas wilayah tidak boleh negatif")
    .max(99_999_999.99, "Luas wilayah terlalu besar")
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, "Luas wilayah maksimal 2 angka desimal")
    .nullable(),
);

export const jumlahPendudukSchema = z.preprocess(
  toNumber,
  z
    .number({ error: "Jumlah penduduk harus berupa angka" })
    .int("Jumlah penduduk harus bilangan bulat")
    .min(0, "Jumlah penduduk tidak boleh negatif")
    .max(2_147_483_647, "Jumlah penduduk terlalu besar")
    .nullable(),
);

export const desaKelurahanFormSchema = z
  .object({
    nama,
    kode: z
      .string({ error: "Kode wajib diisi" })
      .trim()
      .min(1, "Kode wajib diisi")
      .regex(kodeDesaKelurahanPattern, "Kode harus berformat kode resmi, contoh 32.75.01.1001"),
    jenis: z.enum(jenisWilayah, { error: "Pilih jenis desa atau kelurahan" }),
    kodePos: kodePosSchema,
    luasWilayah: luasWilayahSchema,
    jumlahPenduduk: jumlahPendudukSchema,
    kecamatanId: z.preprocess(
      toNumber,
      z.number({ error: "Pilih kecamatan" }).int("Pilih kecamatan").positive("Pilih kecamatan"),
    ),
  })
  .superRefine((value, context) => {
    if (!kodeDesaKelurahanPattern.test(value.kode)) return;
    // The official numbering: the village part of a kelurahan starts with 1, of a desa with 2.
    const lead = value.kode.slice(-4, -3);
    if (value.jenis === "kelurahan" && lead !== "1") {
      context.addIssue({
        code: "custom",
        path: ["kode"],
        message: "Kode kelurahan harus diawali angka 1 setelah kode kecamatan, contoh 32.75.01.1001",
      });
    }
    if (value.jenis === "desa" && lead !== "2") {
      context.addIssue({
        code: "custom",
        path: ["kode"],
        message: "Kode desa harus diawali angka 2 setelah kode kecamatan, contoh 32.75.01.2001",
      });
    }
  });
export type DesaKelurahanFormInput = z.input<typeof desaKelurahanFormSchema>;
export type DesaKelurahanForm = z.output<typeof desaKelurahanFormSchema>;

export const kecamatanFormSchema = z.object({
  nama,
  kode: z
    .string({ error: "Kode wajib diisi" })
    .trim()
    .min(1, "Kode wajib diisi")
    .regex(kodeKecamatanPattern, "Kode harus berformat kode resmi, contoh 32.75.01"),
});
export type KecamatanForm = z.output<typeof kecamatanFormSchema>;

export const regionIdInput = z.object({ id: idSchema });
/** The row's version the form was opened with: a save after someone else's is refused (409). */
const openedVersion = z.number().int().positive();
export const desaKelurahanUpdateInput = z.object({
  id: idSchema,
  version: openedVersion,
  data: desaKelurahanFormSchema,
});
export const kecamatanUpdateInput = z.object({ id: idSchema, version: openedVersion, data: kecamatanFormSchema });

export const desaKelurahanPageInput = z.object({
  search: lineText({ max: 100, maxMessage: "Kata kunci maksimal 100 karakter" }).default(""),
  jenis: z.enum(jenisFilter).default("all"),
  kecamatanId: idSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type DesaKelurahanPageInput = z.input<typeof desaKelurahanPageInput>;

export interface DesaKelurahanRow {
  id: number;
  nama: string;
  kode: string;
  jenis: JenisWilayah;
  kodePos: string | null;
  luasWilayah: number | null;
  jumlahPenduduk: number | null;
  kecamatanId: number;
  kecamatanNama: string;
  /** Sent back by the edit form (desaKelurahanUpdateInput). */
  version: number;
}

export interface DesaKelurahanPage {
  rows: DesaKelurahanRow[];
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

export interface KecamatanSummary extends KecamatanOption {
  desaKelurahanCount: number;
  /** Sent back by the edit form (kecamatanUpdateInput). */
  version: number;
}

export const kecamatanStatsInput = z.object({ kecamatanId: idSchema });

export interface PopulationStats {
  totalWilayah: number;
  totalDesa: number;
  totalKelurahan: number;
  totalPenduduk: number;
  /** Mean population of the areas that have a figure; null when none has one. */
  rataRataPenduduk: number | null;
  /** Shares of the count of areas, in percent (unrounded). */
  persentaseDesa: number;
  persentaseKelurahan: number;
}

export interface KecamatanStats extends PopulationStats {
  kecamatanId: number;
  kecamatanNama: string;
  /** The type with the most areas; null when there are none or both are equal. */
  jenisTerbanyak: JenisWilayah | null;
}

export const populationImportInput = z.object({
  csv: z
    .string()
    .min(1, "Berkas CSV kosong")
    .max(512 * 1024, "Berkas CSV maksimal 512 KB"),
});

export interface PopulationImportRowError {
  /** Line number in the file (the header is line 1). */
  row: number;
  kode: string;
  messages: string[];
}

export interface PopulationImportReport {
  applied: boolean;
  rowCount: number;
  errors: PopulationImportRowError[];
}

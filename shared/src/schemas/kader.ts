// The cadre registration form (SPEC §5 "Cadre registration form"): one schema for the form, tRPC and REST.
import { z } from "./zod.ts";
import {
  floorTypes,
  houseConditions,
  jabatanOptions,
  kaderMckOptions,
  kaderStaples,
  kaderWaterSources,
  roofTypes,
  wallTypes,
} from "../enums.ts";
import { fullNameSchema, kaderPhoneSchema, passwordSchema } from "./auth.ts";
import { captchaAnswerSchema } from "./captcha.ts";
import { agreementSchema, emailSchema, freeText, lineText, NOTE_MAX_LENGTH } from "./common.ts";

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

const rtRw = (name: "RT" | "RW") =>
  z
    .string({ error: `${name} wajib diisi` })
    .trim()
    .min(1, `${name} wajib diisi`)
    .max(3, `${name} maksimal 3 karakter`)
    .regex(/^\d+$/, `${name} hanya boleh angka`);

const optionalCount = z
  .number({ error: "Jumlah harus berupa angka" })
  .int("Jumlah harus bilangan bulat")
  .min(0, "Jumlah tidak boleh negatif")
  .max(50, "Jumlah maksimal 50")
  .optional();

export const kaderNikSchema = z
  .string({ error: "NIK harus tepat 16 digit" })
  .regex(/^\d*$/, "NIK harus berupa 16 digit angka tanpa spasi atau karakter lain")
  .length(16, "NIK harus tepat 16 digit");

/** Everything the cadre types except the password pair and the captcha (those never reach data_register). */
export const kaderProfileFields = {
  fullName: fullNameSchema,
  email: emailSchema,
  phone: kaderPhoneSchema,
  nik: kaderNikSchema,
  // Optional (SPEC §5): left out of a body, it is empty, as the free-text fields below.
  nip: z
    .union([
      z.literal(""),
      lineText({ min: 8, minMessage: "NIP minimal 8 karakter", max: 30, maxMessage: "NIP maksimal 30 karakter" }),
    ])
    .default(""),
  jabatan: choice(jabatanOptions, "Pilih jabatan"),
  /** The 'Pilih Lokasi' card: the regency/city, then one of its districts. */
  regencyCode: z.string({ error: "Pilih kabupaten/kota" }).regex(/^\d{2}\.\d{2}$/, "Pilih kabupaten/kota"),
  kecamatanKode: z.string({ error: "Pilih kecamatan" }).regex(/^\d{2}\.\d{2}\.\d{2}$/, "Pilih kecamatan"),
  desaKelurahanId: z.number({ error: "Pilih kelurahan/desa" }).int().positive("Pilih kelurahan/desa"),
  rw: rtRw("RW"),
  rt: rtRw("RT"),
  anggotaKeluarga: z.strictObject({
    jumlahAnggota: z
      .number({ error: "Jumlah anggota keluarga wajib diisi" })
      .int("Jumlah harus bilangan bulat")
      .min(1, "Jumlah anggota keluarga wajib diisi")
      .max(50, "Jumlah maksimal 50"),
    jumlahLakiLaki: optionalCount,
    jumlahPerempuan: optionalCount,
    jumlahAnak: optionalCount,
  }),
  kondisiKhususKeluarga: z.strictObject({
    lansia: z.boolean(),
    disabilitas: z.boolean(),
    balita: z.boolean(),
    ibuHamil: z.boolean(),
    kronisLainnya: lineText({ max: 200, maxMessage: "Maksimal 200 karakter" }).default(""),
  }),
  sumberAirKeluarga: choice(kaderWaterSources, "Pilih sumber air keluarga"),
  saranaMCK: choice(kaderMckOptions, "Pilih sarana MCK"),
  kriteriaRumah: z.strictObject({
    jenisAtap: choice(roofTypes, "Pilih jenis atap"),
    jenisDinding: choice(wallTypes, "Pilih jenis dinding"),
    jenisLantai: choice(floorTypes, "Pilih jenis lantai"),
    kondisiRumah: choice(houseConditions, "Pilih kondisi rumah"),
  }),
  makananPokokKeluarga: choice(kaderStaples, "Pilih makanan pokok keluarga"),
  wargaMengikutiKegiatan: z.strictObject({
    kegiatanPKK: z.boolean(),
    posyandu: z.boolean(),
    koperasi: z.boolean(),
    tabungan: z.boolean(),
    kegiatanLainnya: lineText({ max: 200, maxMessage: "Maksimal 200 karakter" }).default(""),
  }),
  catatanTambahan: freeText(NOTE_MAX_LENGTH, "Catatan maksimal 500 karakter").default(""),
};

/**
 * The consent the cadre ticks at sign-up: the registration holds the cadre's NIK, address and
 * household. Its version is stored with the registration (DESIGN §6), as a family's is.
 */
export const KADER_CONSENT_VERSION = "2026-12";
export const KADER_CONSENT_TEXT =
  "Saya menyatakan data yang saya isi benar dan menyetujui data diri dan keluarga saya disimpan serta diproses oleh PKK dan pemerintah kota untuk verifikasi akun kader dan pendataan keluarga.";

const passwordPair = {
  password: passwordSchema,
  confirmPassword: z.string(),
};

const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword;
const mismatch = { path: ["confirmPassword"], message: "Password tidak cocok" };

/**
 * What the server accepts. strictObject: an unknown field (role, status, approved…) is an error,
 * never silently applied.
 */
export const kaderRegistrationInput = z
  .strictObject({ ...kaderProfileFields, ...passwordPair, agreement: agreementSchema, captcha: captchaAnswerSchema })
  .refine(passwordsMatch, mismatch);
export type KaderRegistrationInput = z.input<typeof kaderRegistrationInput>;
export type KaderRegistration = z.infer<typeof kaderRegistrationInput>;

/** The browser form: the captcha answer is typed as text and sent with the server's token. */
/**
 * The sign-up form strips what is not a digit as it is typed (digitsOnly), so there only the length
 * can fail, and the form says so in the spec's own form-level words.
 */
export const kaderNikFormMessage = "NIK harus tepat 16 digit angka";

export const kaderRegistrationForm = z
  .strictObject({
    ...kaderProfileFields,
    nik: z.string().regex(/^\d{16}$/, kaderNikFormMessage),
    ...passwordPair,
    agreement: agreementSchema,
    captchaAnswer: z.string().trim().regex(/^\d+$/, "Jawaban penjumlahan salah"),
  })
  .refine(passwordsMatch, mismatch);
export type KaderRegistrationFormValues = z.input<typeof kaderRegistrationForm>;

/** Strips what a person may type into a NIK box besides digits (spaces, dots, dashes). */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, "");
}

/** The cadre data_register as stored (SPEC §3 "Cadre data_register"); never a password. */
export interface KaderDataRegister {
  nip: string | null;
  jabatan: string;
  wilayahKerja: { rt: string; rw: string; kecamatan: string; kelurahan: string };
  anggotaKeluarga: { jumlahAnggota: number; jumlahLakiLaki: number; jumlahPerempuan: number; jumlahAnak: number };
  kondisiKhususKeluarga: {
    lansia: boolean;
    disabilitas: boolean;
    balita: boolean;
    ibuHamil: boolean;
    kronisLainnya: string;
  };
  sumberAirKeluarga: string;
  saranaMCK: string;
  kriteriaRumah: { jenisAtap: string; jenisDinding: string; jenisLantai: string; kondisiRumah: string };
  makananPokokKeluarga: string;
  wargaMengikutiKegiatan: {
    kegiatanPKK: boolean;
    posyandu: boolean;
    koperasi: boolean;
    tabungan: boolean;
    kegiatanLainnya: string;
  };
  catatanTambahan: string;
  username: string;
  registrationDate: string;
}

/** What the success page shows (passed from the form, never fetched). */
export interface KaderRegistrationResult {
  registrationNumber: string;
  fullName: string;
  email: string;
  username: string;
  jabatan: string;
  wilayahKerja: { rt: string; rw: string; kecamatan: string; kelurahan: string };
}

export const kaderOptionLabels = {
  sumberAir: {
    pam: "PAM/PDAM",
    "sumur-bor": "Sumur Bor",
    "sumur-galian": "Sumur Galian",
    "mata-air": "Mata Air",
    "air-hujan": "Air Hujan",
    sungai: "Sungai",
    lainnya: "Lainnya",
  },
  mck: { "wc-sendiri": "WC Sendiri", "wc-bersama": "WC Bersama", "wc-umum": "WC Umum", "tidak-ada": "Tidak Ada" },
  atap: { genteng: "Genteng", seng: "Seng", asbes: "Asbes", ijuk: "Ijuk", lainnya: "Lainnya" },
  dinding: { tembok: "Tembok", kayu: "Kayu", bambu: "Bambu", seng: "Seng", lainnya: "Lainnya" },
  lantai: { keramik: "Keramik", semen: "Semen", tanah: "Tanah", kayu: "Kayu", lainnya: "Lainnya" },
  kondisi: { "sangat-baik": "Sangat Baik", baik: "Baik", "kurang-baik": "Kurang Baik", rusak: "Rusak" },
  makanan: {
    beras: "Beras",
    jagung: "Jagung",
    singkong: "Singkong",
    sagu: "Sagu",
    kentang: "Kentang",
    lainnya: "Lainnya",
  },
} as const;

// 'Perbaiki Data' (issue 15): a family proves it owns a record with three facts (registration
// number, head NIK, phone number on record), then sends a corrected version of its own data.
import { z } from "./zod.ts";
import type { RegisterStatus } from "../status.ts";
import { captchaAnswerSchema } from "./captcha.ts";
import { familyRegistrationSchema } from "./family.ts";
import type { FamilyRecord } from "./registration.ts";

export const correctionAccessInput = z.object({
  registrationNumber: z.string().trim().min(1, "Nomor registrasi wajib diisi").max(40, "Nomor registrasi tidak valid"),
  nikKepalaKeluarga: z
    .string()
    .trim()
    .regex(/^\d{16}$/, "NIK harus 16 digit"),
  nomorHp: z.string().trim().min(1, "Nomor HP wajib diisi").max(20, "Nomor HP tidak valid"),
  captcha: captchaAnswerSchema,
});
export type CorrectionAccessInput = z.input<typeof correctionAccessInput>;

export const correctionSubmitInput = z.object({
  /** Signed by the server when the three facts matched; short-lived. */
  token: z.string().min(1).max(200),
  /** The version the family was shown; a cadre's change meanwhile makes the correction fail (409). */
  version: z.number().int().positive(),
  form: familyRegistrationSchema,
});
export type CorrectionSubmitInput = z.input<typeof correctionSubmitInput>;

/** The one answer for any mismatch, so a wrong guess tells nothing about which fact was wrong. */
export const ownershipMismatchMessage =
  "Data tidak cocok. Periksa kembali nomor registrasi, NIK kepala keluarga, dan nomor HP yang didaftarkan.";

export interface CorrectionAccess {
  token: string;
  version: number;
  status: RegisterStatus;
  statusLabel: string;
  review: { note: string | null; at: string } | null;
  record: FamilyRecord;
}

export interface CorrectionResult {
  registrationNumber: string;
  status: RegisterStatus;
  statusLabel: string;
  version: number;
}

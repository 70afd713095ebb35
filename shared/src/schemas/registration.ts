// The public family registration call: the form, the captcha answer and an idempotency key, and
// what the server answers (the stored record the success page shows).
import { z } from "./zod.ts";
import { captchaAnswerSchema } from "./captcha.ts";
import { idempotencyKeySchema } from "./common.ts";
import { familyRegistrationSchema, type FamilyRegistration } from "./family.ts";

/** The consent the resident ticks; the version is stored with every registration (DESIGN §6). */
export const FAMILY_CONSENT_VERSION = "2026-11";
export const FAMILY_CONSENT_TEXT =
  "Saya menyatakan data yang saya isi benar dan menyetujui data keluarga ini disimpan serta diproses oleh PKK dan pemerintah kota untuk pendataan dan program kesejahteraan keluarga.";

export const registerFamilyInput = z.object({
  form: familyRegistrationSchema,
  captcha: captchaAnswerSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type RegisterFamilyInput = z.input<typeof registerFamilyInput>;

export interface FamilyRecord {
  id: number;
  registrationNumber: string;
  status: string;
  statusLabel: string;
  formType: string;
  createdAt: string;
  updatedAt: string;
  kecamatanNama: string;
  desaKelurahanNama: string;
  data: FamilyRegistration;
}

export interface RegisterFamilyResult {
  id: number;
  registrationNumber: string;
  record: FamilyRecord;
}

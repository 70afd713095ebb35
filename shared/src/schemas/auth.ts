import { z } from "./zod.ts";
import { captchaAnswerSchema } from "./captcha.ts";
import { emailSchema, personName } from "./common.ts";

export const loginInput = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: "Password harus diisi" })
    .min(1, "Password harus diisi")
    .max(1024, "Password harus diisi"),
  rememberMe: z.boolean().default(false),
  captcha: captchaAnswerSchema,
});
export type LoginInput = z.input<typeof loginInput>;

/**
 * SPEC §5: upper case, lower case and a digit, with letters of any script: a letter of a script
 * without case (Arabic, Han, …) stands for both, so only a password of cased letters needs both cases.
 */
export function hasPasswordCharacterMix(password: string): boolean {
  const caseless = /\p{Lo}/u.test(password);
  const upper = caseless || /\p{Lu}|\p{Lt}/u.test(password);
  const lower = caseless || /\p{Ll}/u.test(password);
  return upper && lower && /\p{Nd}/u.test(password);
}

/** SPEC §5: at least 8 characters with upper case, lower case and a digit. Common passwords are refused on the server. */
export const passwordSchema = z
  .string({ error: "Password minimal 8 karakter" })
  .min(8, "Password minimal 8 karakter")
  .max(128, "Password maksimal 128 karakter")
  .refine(hasPasswordCharacterMix, "Password harus mengandung huruf besar, kecil, dan angka");

export const forgotPasswordInput = z.strictObject({
  email: emailSchema,
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordInput>;

export const resetPasswordInput = z
  .strictObject({
    code: z.string().min(1, "Kode reset tidak valid").max(128, "Kode reset tidak valid"),
    password: passwordSchema,
    passwordConfirmation: z.string(),
  })
  .refine((value) => value.password === value.passwordConfirmation, {
    path: ["passwordConfirmation"],
    message: "Password tidak cocok",
  });
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;

/** What a signed-in user may change about themself: nothing else (role, status, area) is accepted. */
export const fullNameSchema = personName("Nama lengkap minimal 2 karakter", "Nama lengkap maksimal 100 karakter");

/** The cadre form's phone rule (10-15 digits), also used when a user edits their profile. */
export const kaderPhoneSchema = z
  .string({ error: "Nomor HP minimal 10 digit" })
  .trim()
  .min(10, "Nomor HP minimal 10 digit")
  .max(15, "Nomor HP maksimal 15 digit")
  .regex(/^\d+$/, "Nomor HP hanya boleh berisi angka");

export const profileUpdateInput = z.strictObject({
  fullName: fullNameSchema,
  phone: kaderPhoneSchema,
});
export type ProfileUpdateInput = z.input<typeof profileUpdateInput>;

export const changePasswordInput = z
  .strictObject({
    currentPassword: z.string().min(1, "Password lama harus diisi").max(1024, "Password lama salah"),
    password: passwordSchema,
    passwordConfirmation: z.string(),
  })
  .refine((value) => value.password === value.passwordConfirmation, {
    path: ["passwordConfirmation"],
    message: "Password tidak cocok",
  });
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

// Roles, levels and the public user shape live in users.ts (no zod), so any page may use them cheaply.
export {
  levelLabels,
  roleLabels,
  statusLabels,
  userLevels,
  userRoles,
  userStatuses,
  type PublicUser,
  type SignedInUser,
  type UserLevel,
  type UserRole,
} from "../users.ts";

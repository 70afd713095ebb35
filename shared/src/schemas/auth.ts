import { z } from "zod";
import { captchaAnswerSchema } from "./captcha.ts";

export const loginInput = z.strictObject({
  email: z.string().trim().email("Format email tidak valid"),
  password: z.string().min(1, "Password harus diisi"),
  rememberMe: z.boolean().default(false),
  captcha: captchaAnswerSchema,
});
export type LoginInput = z.input<typeof loginInput>;

/** SPEC §5: at least 8 characters with upper case, lower case and a digit. */
export const passwordSchema = z
  .string()
  .min(8, "Password minimal 8 karakter")
  .max(128, "Password maksimal 128 karakter")
  .regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, "Password harus mengandung huruf besar, kecil, dan angka");

export const forgotPasswordInput = z.strictObject({
  email: z.string().trim().email("Format email tidak valid"),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordInput>;

export const resetPasswordInput = z
  .strictObject({
    code: z.string().min(1, "Kode reset tidak valid"),
    password: passwordSchema,
    passwordConfirmation: z.string(),
  })
  .refine((value) => value.password === value.passwordConfirmation, {
    path: ["passwordConfirmation"],
    message: "Password tidak cocok",
  });
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;

/** What a signed-in user may change about themself: nothing else (role, status, area) is accepted. */
export const fullNameSchema = z
  .string()
  .trim()
  .min(2, "Nama lengkap minimal 2 karakter")
  .max(100, "Nama lengkap maksimal 100 karakter");

/** The cadre form's phone rule (10-15 digits), also used when a user edits their profile. */
export const kaderPhoneSchema = z
  .string()
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
    currentPassword: z.string().min(1, "Password lama harus diisi"),
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
  type UserLevel,
  type UserRole,
} from "../users.ts";

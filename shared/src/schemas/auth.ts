import { z } from "zod";
import { captchaAnswerSchema } from "./captcha.ts";

export const loginInput = z.object({
  email: z.string().trim().email("Format email tidak valid"),
  password: z.string().min(1, "Password harus diisi"),
  rememberMe: z.boolean().default(false),
  captcha: captchaAnswerSchema,
});
export type LoginInput = z.input<typeof loginInput>;

export const userRoles = ["admin", "kader", "aparat"] as const;
export const userStatuses = ["pending", "active", "rejected", "blocked"] as const;
export const userLevels = ["rt", "rw", "kelurahan", "kecamatan", "kota"] as const;
export type UserRole = (typeof userRoles)[number];
export type UserLevel = (typeof userLevels)[number];

/** What the browser may know about a user: never a hash, token or session id. */
export interface PublicUser {
  id: number;
  email: string;
  username: string;
  role: UserRole;
  status: (typeof userStatuses)[number];
  fullName: string;
  phone: string | null;
  nip: string | null;
  jabatan: string | null;
  level: UserLevel | null;
  kecamatanId: number | null;
  desaKelurahanId: number | null;
  rw: string | null;
  rt: string | null;
}

export const levelLabels: Record<UserLevel, string> = {
  rt: "RT",
  rw: "RW",
  kelurahan: "Kelurahan",
  kecamatan: "Kecamatan",
  kota: "Kota",
};

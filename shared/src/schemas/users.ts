// Admin work on accounts: the cadre approval queue, the users list, API tokens.
import { z } from "./zod.ts";
import { freeText, idSchema, lineText } from "./common.ts";
import { userLevels, userRoles, userStatuses } from "./auth.ts";

const rtRwOptional = (name: "RT" | "RW") =>
  z.union([
    z.literal(""),
    z.string().trim().max(3, `${name} maksimal 3 karakter`).regex(/^\d+$/, `${name} hanya boleh angka`),
  ]);

/** The admin confirms (or corrects) the level and work area the cadre asked for. */
export const approveKaderInput = z
  .strictObject({
    userId: idSchema,
    level: z.enum(userLevels, { error: "Pilih tingkat kader" }),
    desaKelurahanId: z.number({ error: "Pilih kelurahan/desa" }).int().positive("Pilih kelurahan/desa"),
    rw: rtRwOptional("RW"),
    rt: rtRwOptional("RT"),
  })
  .superRefine((value, ctx) => {
    if ((value.level === "rt" || value.level === "rw") && value.rw === "") {
      ctx.addIssue({ code: "custom", path: ["rw"], message: "RW wajib diisi untuk kader RT/RW" });
    }
    if (value.level === "rt" && value.rt === "") {
      ctx.addIssue({ code: "custom", path: ["rt"], message: "RT wajib diisi untuk kader RT" });
    }
  });
export type ApproveKaderInput = z.input<typeof approveKaderInput>;

export const rejectKaderInput = z.strictObject({
  userId: idSchema,
  reason: freeText(500, "Alasan maksimal 500 karakter").pipe(z.string().min(5, "Alasan penolakan minimal 5 karakter")),
});
export type RejectKaderInput = z.input<typeof rejectKaderInput>;

export const userListInput = z.strictObject({
  search: lineText({ max: 100, maxMessage: "Kata kunci maksimal 100 karakter" }).default(""),
  role: z.enum(userRoles).optional(),
  status: z.enum(userStatuses).optional(),
  /** Work-area filter: users whose area lies in this kecamatan / this kelurahan. */
  kecamatanId: idSchema.optional(),
  desaKelurahanId: idSchema.optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type UserListInput = z.input<typeof userListInput>;

export const userIdInput = z.strictObject({ userId: idSchema });

export const apiTokenAccessValues = ["read-only", "full-access"] as const;
export const apiTokenAccessLabels: Record<(typeof apiTokenAccessValues)[number], string> = {
  "read-only": "Hanya baca",
  "full-access": "Akses penuh",
};

export const createApiTokenInput = z.strictObject({
  name: lineText({
    min: 3,
    minMessage: "Nama token minimal 3 karakter",
    max: 80,
    maxMessage: "Nama token maksimal 80 karakter",
  }),
  description: freeText(200, "Deskripsi maksimal 200 karakter").default(""),
  access: z.enum(apiTokenAccessValues, { error: "Pilih jenis akses" }),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenInput>;

export const apiTokenIdInput = z.strictObject({ tokenId: idSchema });

export interface ApiTokenSummary {
  id: number;
  name: string;
  description: string | null;
  access: (typeof apiTokenAccessValues)[number];
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/**
 * The admin changes a user's role, level and work area (after approval too). The area parts a
 * level needs are required: RT → kelurahan + RW + RT, RW → kelurahan + RW, kelurahan → kelurahan,
 * kecamatan → kecamatan; kota and admin need none.
 */
export const updateUserAccessInput = z
  .strictObject({
    userId: idSchema,
    role: z.enum(userRoles, { error: "Pilih peran" }),
    level: z.enum(userLevels, { error: "Pilih tingkat" }).nullable(),
    kecamatanId: z.number().int().positive().nullable(),
    desaKelurahanId: z.number().int().positive().nullable(),
    rw: rtRwOptional("RW"),
    rt: rtRwOptional("RT"),
  })
  .superRefine((value, ctx) => {
    if (value.role === "admin") return;
    if (value.level === null) {
      ctx.addIssue({ code: "custom", path: ["level"], message: "Pilih tingkat" });
      return;
    }
    const wardNeeded = value.level === "rt" || value.level === "rw" || value.level === "kelurahan";
    if (wardNeeded && value.desaKelurahanId === null)
      ctx.addIssue({ code: "custom", path: ["desaKelurahanId"], message: "Pilih kelurahan/desa" });
    if (value.level === "kecamatan" && value.kecamatanId === null)
      ctx.addIssue({ code: "custom", path: ["kecamatanId"], message: "Pilih kecamatan" });
    if ((value.level === "rt" || value.level === "rw") && value.rw === "")
      ctx.addIssue({ code: "custom", path: ["rw"], message: "RW wajib diisi untuk tingkat RT/RW" });
    if (value.level === "rt" && value.rt === "")
      ctx.addIssue({ code: "custom", path: ["rt"], message: "RT wajib diisi untuk tingkat RT" });
  });
export type UpdateUserAccessInput = z.input<typeof updateUserAccessInput>;

// tRPC inputs of the dasawisma and recap services.
import { z } from "./zod.ts";
import { recapForms, recapSheets } from "../recaps.ts";
import { padRtRw } from "./common.ts";

const rtRw = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, "RT/RW berupa 1–3 digit")
  .transform(padRtRw);

export const periodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Pilih bulan");

export const recapPlaceSchema = z.object({
  desaKelurahanId: z.number().int().positive(),
  rw: rtRw.optional(),
  rt: rtRw.optional(),
  dasawismaId: z.number().int().positive().optional(),
});

export const recapInput = z.object({ form: z.enum(recapForms), period: periodSchema, place: recapPlaceSchema });
export type RecapInput = z.input<typeof recapInput>;

export const recapStatusInput = z.object({ period: periodSchema, place: recapPlaceSchema.optional() });
export type RecapStatusInput = z.input<typeof recapStatusInput>;

export const signInput = z.object({ period: periodSchema });
export type SignInput = z.input<typeof signInput>;

export const reopenInput = z.object({
  signoffId: z.number().int().positive(),
  reason: z.string().trim().min(5, "Alasan minimal 5 karakter").max(500, "Alasan maksimal 500 karakter"),
});
export type ReopenInput = z.input<typeof reopenInput>;

export const recapExportInput = recapInput.extend({ format: z.enum(["xlsx", "pdf"]) });
export type RecapExportInput = z.input<typeof recapExportInput>;

export const verifyDocumentInput = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, "Kode dokumen tidak dikenal"),
});

export const dasawismaListInput = z.object({}).default({});

export const dasawismaSaveInput = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(2, "Nama dasawisma minimal 2 karakter").max(80, "Nama dasawisma maksimal 80 karakter"),
  leaderName: z.string().trim().min(2, "Nama ketua minimal 2 karakter").max(100, "Nama ketua maksimal 100 karakter"),
});
export type DasawismaSaveInput = z.input<typeof dasawismaSaveInput>;

export const dasawismaAssignInput = z.object({
  dasawismaId: z.number().int().positive(),
  registerIds: z.array(z.number().int().positive()).min(1, "Pilih minimal satu rumah tangga").max(20),
});
export type DasawismaAssignInput = z.input<typeof dasawismaAssignInput>;

export const dasawismaUnassignInput = z.object({ registerId: z.number().int().positive() });
export const dasawismaDeleteInput = z.object({ id: z.number().int().positive() });

const cell = z.union([z.string(), z.number(), z.null()]);
const column = z.object({
  key: z.string(),
  label: z.string(),
  group: z.string().optional(),
  sub: z.string().optional(),
  numeric: z.boolean(),
});

/** A stored (frozen) sheet, read back from a signature. */
export const recapSheetSchema = z.object({
  form: z.enum(recapForms),
  sheet: z.enum(recapSheets),
  code: z.string(),
  title: z.string(),
  period: z.string(),
  header: z.array(z.tuple([z.string(), z.string()])),
  columns: z.array(column),
  rows: z.array(z.object({ cells: z.array(cell), drill: recapPlaceSchema.optional() })),
  totals: z.array(cell).nullable(),
});

import { z } from "./zod.ts";
import { indicatorKeys } from "../statistics.ts";

const indicator = z.string().refine((value) => indicatorKeys.includes(value), "Indikator tidak dikenal");
const id = z.number().int().positive();

const level = z.enum(["kecamatan", "kelurahan"]).optional();

export const publicBreakdownInput = z.object({ indicator, kecamatanId: id.optional(), level });
export const publicTrendInput = z.object({ indicator });

export const breakdownInput = z.object({
  indicator,
  kecamatanId: id.optional(),
  desaKelurahanId: id.optional(),
  level,
  rw: z
    .string()
    .regex(/^\d{1,3}$/)
    .optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
});
export const trendInput = z.object({ indicator, kecamatanId: id.optional(), desaKelurahanId: id.optional() });

/** An admin's GeoJSON of the city's polygons (checked on the server; 1 MB request limit). */
export const boundaryUploadInput = z.object({
  level: z.enum(["kecamatan", "kelurahan"]),
  geojson: z.string().min(2).max(1_000_000),
});

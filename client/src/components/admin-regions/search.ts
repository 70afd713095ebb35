import { z } from "zod";
import { jenisFilter } from "@shared/schemas/regions.ts";

export const adminRegionTabs = ["data", "kelola", "statistik", "jelajah"] as const;
export type AdminRegionTab = (typeof adminRegionTabs)[number];

/** The page's state lives in the URL so a reload, a shared link and the back button keep it. */
export const adminRegionSearch = z.object({
  tab: z.enum(adminRegionTabs).catch("data").default("data"),
  q: z.string().max(100).catch("").default(""),
  jenis: z.enum(jenisFilter).catch("all").default("all"),
  kecamatan: z.coerce.number().int().positive().optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1).default(1),
});
export type AdminRegionSearch = z.output<typeof adminRegionSearch>;

export const PAGE_SIZE = 10;

export function pageInput(search: AdminRegionSearch) {
  return { search: search.q, jenis: search.jenis, kecamatanId: search.kecamatan, page: search.page, pageSize: PAGE_SIZE };
}

// zod/mini, not zod: route search parsing runs in the first page load of every page.
import * as z from "zod/mini";
import { jenisFilter } from "@shared/enums.ts";

export const adminRegionTabs = ["data", "kelola", "statistik", "jelajah"] as const;
export type AdminRegionTab = (typeof adminRegionTabs)[number];

/** The page's state lives in the URL so a reload, a shared link and the back button keep it. */
export const adminRegionSearch = z.object({
  tab: z._default(z.catch(z.enum(adminRegionTabs), "data"), "data"),
  q: z._default(z.catch(z.string().check(z.maxLength(100)), ""), ""),
  jenis: z._default(z.catch(z.enum(jenisFilter), "all"), "all"),
  kecamatan: z.catch(z.optional(z.coerce.number().check(z.refine(Number.isInteger), z.positive())), undefined),
  page: z._default(z.catch(z.coerce.number().check(z.refine(Number.isInteger), z.minimum(1)), 1), 1),
});
export type AdminRegionSearch = z.output<typeof adminRegionSearch>;

export const PAGE_SIZE = 10;

export function pageInput(search: AdminRegionSearch) {
  return { search: search.q, jenis: search.jenis, kecamatanId: search.kecamatan, page: search.page, pageSize: PAGE_SIZE };
}

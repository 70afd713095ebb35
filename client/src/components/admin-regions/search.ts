import type { SearchSchemaInput } from "@tanstack/react-router";
import { jenisFilter, type JenisFilter } from "@shared/enums.ts";
import { enumParam, intParam, textParam } from "../../lib/search-params.ts";

export const adminRegionTabs = ["data", "kelola", "statistik", "jelajah"] as const;
export type AdminRegionTab = (typeof adminRegionTabs)[number];

/** The page's state lives in the URL so a reload, a shared link and the back button keep it. */
export interface AdminRegionSearch {
  tab: AdminRegionTab;
  q: string;
  jenis: JenisFilter;
  kecamatan?: number;
  page: number;
}

/** Links may leave any of them out (SearchSchemaInput): the defaults fill in. */
export function adminRegionSearch(
  search: Partial<Record<keyof AdminRegionSearch, unknown>> & SearchSchemaInput,
): AdminRegionSearch {
  return {
    tab: enumParam(adminRegionTabs, search.tab) ?? "data",
    q: textParam(search.q, 100) ?? "",
    jenis: enumParam(jenisFilter, search.jenis) ?? "all",
    kecamatan: intParam(search.kecamatan, 1),
    page: intParam(search.page, 1) ?? 1,
  };
}

export const PAGE_SIZE = 10;

export function pageInput(search: AdminRegionSearch) {
  return {
    search: search.q,
    jenis: search.jenis,
    kecamatanId: search.kecamatan,
    page: search.page,
    pageSize: PAGE_SIZE,
  };
}

import { conditionFilters, queueStatusFilters } from "@shared/status.ts";
import type { QueueInput } from "@shared/schemas/workflow.ts";
import type { ConditionFilter, QueueStatusFilter } from "@shared/status.ts";
import { queueSorts, type QueueSort } from "@shared/deadlines.ts";
import { enumParam, intParam, rtRwParam } from "../../lib/search-params.ts";

// The queue's filters live in the URL, so a filtered view can be reloaded, shared and navigated back to.
// A malformed value is dropped rather than breaking the page.
export interface ValidasiSearch {
  kecamatanId?: number;
  desaKelurahanId?: number;
  rw?: string;
  rt?: string;
  status?: QueueStatusFilter;
  condition?: ConditionFilter;
  sort?: QueueSort;
  page?: number;
}

export function validasiSearch(search: Record<string, unknown>): ValidasiSearch {
  return {
    kecamatanId: intParam(search.kecamatanId, 1),
    desaKelurahanId: intParam(search.desaKelurahanId, 1),
    rw: rtRwParam(search.rw),
    rt: rtRwParam(search.rt),
    status: enumParam(queueStatusFilters, search.status),
    condition: enumParam(conditionFilters, search.condition),
    sort: enumParam(queueSorts, search.sort),
    page: intParam(search.page, 1),
  };
}

export function queueInputFrom(search: ValidasiSearch): QueueInput {
  return {
    kecamatanId: search.kecamatanId,
    desaKelurahanId: search.desaKelurahanId,
    rw: search.rw,
    rt: search.rt,
    status: search.status ?? "waiting",
    condition: search.condition,
    sort: search.sort ?? "newest",
    page: search.page ?? 1,
  };
}

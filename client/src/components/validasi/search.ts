import { z } from "zod";
import { conditionFilters, queueStatusFilters, type QueueInput } from "@shared/schemas/workflow.ts";

// The queue's filters live in the URL, so a filtered view can be reloaded, shared and navigated back to.
// A malformed value is dropped rather than breaking the page.
const rtRw = z.string().regex(/^\d{1,3}$/).optional().catch(undefined);

export const validasiSearch = z.object({
  kecamatanId: z.coerce.number().int().positive().optional().catch(undefined),
  desaKelurahanId: z.coerce.number().int().positive().optional().catch(undefined),
  rw: rtRw,
  rt: rtRw,
  status: z.enum(queueStatusFilters).optional().catch(undefined),
  condition: z.enum(conditionFilters).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type ValidasiSearch = z.infer<typeof validasiSearch>;

export function queueInputFrom(search: ValidasiSearch): QueueInput {
  return {
    kecamatanId: search.kecamatanId,
    desaKelurahanId: search.desaKelurahanId,
    rw: search.rw,
    rt: search.rt,
    status: search.status ?? "waiting",
    condition: search.condition,
    page: search.page ?? 1,
  };
}

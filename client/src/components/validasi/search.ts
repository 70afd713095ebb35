// zod/mini, not zod: route search parsing runs in the first page load of every page.
import * as z from "zod/mini";
import { conditionFilters, queueStatusFilters } from "@shared/status.ts";
import type { QueueInput } from "@shared/schemas/workflow.ts";

// The queue's filters live in the URL, so a filtered view can be reloaded, shared and navigated back to.
// A malformed value is dropped rather than breaking the page.
const rtRw = z.catch(z.optional(z.string().check(z.regex(/^\d{1,3}$/))), undefined);
const positiveInt = z.catch(z.optional(z.coerce.number().check(z.refine(Number.isInteger), z.positive())), undefined);

export const validasiSearch = z.object({
  kecamatanId: positiveInt,
  desaKelurahanId: positiveInt,
  rw: rtRw,
  rt: rtRw,
  status: z.catch(z.optional(z.enum(queueStatusFilters)), undefined),
  condition: z.catch(z.optional(z.enum(conditionFilters)), undefined),
  page: positiveInt,
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

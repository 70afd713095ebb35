import { z } from "./zod.ts";
import { NOTE_MAX_LENGTH, requiredNoteMessage, workflowActions } from "../status.ts";
import { freeText, idSchema, rtRwFilter } from "./common.ts";

export const noteSchema = freeText(NOTE_MAX_LENGTH, `Catatan maksimal ${NOTE_MAX_LENGTH} karakter`);

export const transitionInput = z
  .object({
    registerId: idSchema,
    action: z.enum(workflowActions, { error: "Tindakan tidak dikenal" }),
    note: noteSchema.optional(),
    /** The version the cadre looked at; a record changed since then is refused. */
    expectedVersion: z.number().int().positive().optional(),
  })
  .superRefine((value, ctx) => {
    const message = requiredNoteMessage[value.action];
    if (message && !value.note) ctx.addIssue({ code: "custom", path: ["note"], message });
  });
export type TransitionInput = z.input<typeof transitionInput>;

export const BULK_VERIFY_MAX = 100;

export const bulkVerifyInput = z.object({
  registerIds: z
    .array(idSchema)
    .min(1, "Pilih minimal satu data")
    .max(BULK_VERIFY_MAX, `Maksimal ${BULK_VERIFY_MAX} data sekaligus`),
  /**
   * The version the cadre looked at, by record id (as transition's expectedVersion): a record
   * changed since then is skipped, not verified in a version nobody at this level saw.
   */
  expectedVersions: z
    .record(z.string().regex(/^[1-9]\d*$/, "Id data tidak valid"), z.number().int().positive())
    .refine((versions) => Object.keys(versions).length <= BULK_VERIFY_MAX, `Maksimal ${BULK_VERIFY_MAX} data sekaligus`)
    .optional(),
});
export type BulkVerifyInput = z.input<typeof bulkVerifyInput>;

// The filter vocabularies live in status.ts (no zod), so the client's URL parsing can use them
// without pulling zod into the first page load.
import { conditionFilters, queueStatusFilters } from "../status.ts";
import { queueSorts } from "../deadlines.ts";
export { conditionFilters, queueStatusFilters, type ConditionFilter, type QueueStatusFilter } from "../status.ts";

export const QUEUE_PAGE_SIZE = 10;

export const queueInput = z.object({
  kecamatanId: idSchema.optional(),
  desaKelurahanId: idSchema.optional(),
  rw: rtRwFilter.optional(),
  rt: rtRwFilter.optional(),
  status: z.enum(queueStatusFilters).default("waiting"),
  condition: z.enum(conditionFilters).optional(),
  /** overdue: records past their level's target first, the longest waiting first. */
  sort: z.enum(queueSorts).default("newest"),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(50).default(QUEUE_PAGE_SIZE),
});
export type QueueInput = z.input<typeof queueInput>;
export type QueueFilters = z.output<typeof queueInput>;

export const historyInput = z.object({ registerId: idSchema });

// The admin's 'Log Audit' screen: filters and one page of audit rows (newest first, keyset by id).
import { z } from "./zod.ts";
import { lineText } from "./common.ts";

const isoDate = z.union([z.literal(""), z.iso.date("Tanggal tidak valid")]);

export const AUDIT_PAGE_SIZE = 25;
/** Counting stops here: the screen says '10.000+' instead of scanning a year of reads. */
export const AUDIT_COUNT_LIMIT = 10_000;

export const auditListInput = z
  .strictObject({
    /** Part of the name or e-mail of who acted. */
    user: lineText({ max: 100, maxMessage: "Pengguna maksimal 100 karakter" }).default(""),
    registrationNumber: lineText({ max: 40, maxMessage: "Nomor registrasi maksimal 40 karakter" }).default(""),
    action: lineText({ max: 50, maxMessage: "Tindakan maksimal 50 karakter" }).default(""),
    /** Calendar days in WIB, both included. */
    from: isoDate.default(""),
    to: isoDate.default(""),
    /** The id of the last row of the previous page. */
    cursor: z.number().int().positive().optional(),
    pageSize: z.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
  })
  .refine((value) => value.from === "" || value.to === "" || value.from <= value.to, {
    path: ["to"],
    message: "Sampai tanggal tidak boleh sebelum Dari tanggal",
  });
export type AuditListInput = z.input<typeof auditListInput>;

export interface AuditEntry {
  id: number;
  /** ISO instant; the screen shows it in WIB. */
  createdAt: string;
  action: string;
  entity: string;
  entityId: number | null;
  /** The family's registration number when the row is about one register. */
  registrationNumber: string | null;
  /** How many records one list read returned (REST lists name their ids). */
  recordCount: number | null;
  actor: { id: number; fullName: string; email: string } | null;
  apiToken: { id: number; name: string } | null;
  ip: string | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: number | null;
  /** Rows matching the filters, counted up to AUDIT_COUNT_LIMIT. */
  total: number;
  totalIsCapped: boolean;
}

// The public status search's lookups added by issue 15, kept apart from search.ts: a registration
// number, a whole head-of-family name within one kelurahan (family registrations only, so the search
// cannot page through the registry), and the cadre's note a family reads under its status.
import { and, desc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { familyReadsNoteStatuses } from "@shared/status-guidance.ts";
import type { RegisterStatus } from "@shared/status.ts";
import type { DbOrTx } from "../../db/client.ts";
import { compiledQuery, integerArray } from "../../db/compiled.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";

/** A registration number as stored (REG-… in capitals) from what the family typed. */
export function registrationNumberOf(query: string): string {
  return query.trim().toUpperCase();
}

/** `number` as registrationNumberOf gives it (or the placeholder of a compiled statement). */
export function registrationNumberMatch(number: string | Placeholder): SQL {
  return eq(registers.registrationNumber, number);
}

/**
 * The stored head name folded in SQL exactly as foldName folds the query: pkk_fold_name (migration
 * issue12_folded_name_index_custom, ACCENTED and PLAIN as letters), which an index of each ward's
 * live families holds, so a whole-name lookup is an index probe.
 */
export const foldedHeadName = sql`pkk_fold_name(${registers.namaKepalaKeluarga})`;

/** `foldedName` as foldName gives it (or the placeholders of a compiled statement). */
export function wardNameMatch(
  foldedName: string | Placeholder,
  desaKelurahanId: number | Placeholder,
): SQL | undefined {
  return and(
    eq(registers.desaKelurahanId, desaKelurahanId),
    // In the text, not a parameter: it names the whole-name index's partial predicate, which a plan
    // made once for every value (the public search is plannedOnce) can use only when it sees it.
    eq(registers.formType, "family_registration").inlineParams(),
    sql`${foldedHeadName} = ${foldedName}`,
  );
}

export interface ReviewNote {
  note: string | null;
  at: string;
}

/**
 * The latest move into each record's current status, for records the family must act on (needs
 * revision, rejected): the note the cadre wrote and its time. One query for the whole result page.
 */
const latestMoves = compiledQuery(
  "review_notes",
  () => "",
  (db) =>
    db
      .select({
        registerId: registerEvents.registerId,
        toStatus: registerEvents.toStatus,
        note: registerEvents.note,
        createdAt: registerEvents.createdAt,
      })
      .from(registerEvents)
      .where(sql`${registerEvents.registerId} = any(${sql.placeholder("ids")}::integer[])`)
      .orderBy(desc(registerEvents.createdAt), desc(registerEvents.id)),
);

export async function reviewNotes(
  db: DbOrTx,
  rows: Array<{ id: number; status: RegisterStatus }>,
): Promise<Map<number, ReviewNote>> {
  const waiting = rows.filter((row) => familyReadsNoteStatuses.includes(row.status));
  const notes = new Map<number, ReviewNote>();
  if (waiting.length === 0) return notes;
  const events = await latestMoves(db, null, { ids: integerArray(waiting.map((row) => row.id)) });
  for (const row of waiting) {
    const event = events.find((item) => item.registerId === row.id && item.toStatus === row.status);
    if (event) notes.set(row.id, { note: event.note, at: event.createdAt.toISOString() });
  }
  return notes;
}

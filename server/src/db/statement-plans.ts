// How a statement's text says which plan it wants; both drivers' clients read it (client.ts for
// PostgreSQL, pglite-prepared.ts for the embedded database).
import { type SQL, sql } from "drizzle-orm";

/** How many distinct statements one process keeps prepared (per connection, on the server). */
export const PREPARED_STATEMENT_LIMIT = 500;

// Leads the text of a statement that plannedOnce marked (a comment: PGlite and the server ignore it).
const PLANNED_ONCE_MARK = "/* planned once */ ";

/**
 * Marks a statement whose best plan is the same whatever its values (probes by a key: a NIK, a
 * registration number, a nonce, a rate-limit key). Other statements keep PostgreSQL's own choice,
 * which plans per call where it cannot tell (for the public status search that planning took
 * 0.5-0.9 ms of PostgreSQL CPU, three times what running it takes: 0.15-0.3 ms at 100,000
 * families). A marked statement is planned once and that plan kept (force_generic_plan): on
 * connections of its own on PostgreSQL, by a setting around each call on PGlite. Write every value
 * that decides the plan (a form type a partial index names, a limit) into the text, never as a
 * parameter: a generic plan cannot prove a partial index's predicate from a parameter and falls back
 * to reading the whole ward (25 ms instead of 0.3 for a whole-name lookup).
 */
export function plannedOnce(statement: SQL): SQL {
  return sql`${sql.raw(PLANNED_ONCE_MARK)}${statement}`;
}

/** Whether plannedOnce marked this statement text. */
export function isPlannedOnce(query: string): boolean {
  return query.startsWith(PLANNED_ONCE_MARK);
}

/**
 * Statements whose best plan depends on a pattern's value: a plan made once for every value reads a
 * common name's matches by bitmap and sorts them, where the plan for "Budi" walks the trigram
 * index by distance. On PostgreSQL they run on connections that plan every call for its values
 * (force_custom_plan), prepared there like any other statement: parsing a REST name search's text
 * on every call cost ~0.15 ms of PostgreSQL CPU. PGlite sends them unnamed (planned per call).
 */
const planForValues = /\b(?:i?like)\b|<->|similarity\(/i;

/** Whether `query` may run with a plan made for other values (a generic plan). */
export function preparable(query: string): boolean {
  return !planForValues.test(query);
}

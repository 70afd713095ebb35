// PostgreSQL's unique_violation (SQLSTATE 23505), found wherever drizzle or the driver wrapped it.
// The one check every write path uses to answer a race on a unique index with 409 instead of 500.
import { hasSqlState, violatedConstraint } from "../../db/sql-state.ts";

const UNIQUE_VIOLATION = new Set(["23505"]);

export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, UNIQUE_VIOLATION);
}

/** The unique index a write lost a race on, so the answer can name what was taken. */
export function violatedUniqueIndex(error: unknown): string | undefined {
  return violatedConstraint(error, UNIQUE_VIOLATION);
}

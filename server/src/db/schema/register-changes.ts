// One row per transaction that wrote registers or the regions a register filter can reach (issue 12),
// inserted by statement triggers (migration issue12_register_changes_custom), plus the folded row 0
// that housekeeping moves old rows into. The sum of `changes` grows exactly when such a write commits,
// so a count read together with it stays exact for as long as the sum is unchanged (rest/count-cache.ts).
// Every writer inserts its own key: no writer ever waits on another for this table.
import { bigint, pgTable } from "drizzle-orm/pg-core";

export const registerChanges = pgTable("register_changes", {
  /** The writing transaction's id; 0 holds the rows folded by housekeeping. */
  transactionId: bigint({ mode: "number" }).primaryKey(),
  changes: bigint({ mode: "number" }).notNull().default(1),
});

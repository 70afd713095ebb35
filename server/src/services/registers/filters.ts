// The special-condition filter that register lists share (validation queue, special-conditions
// monitor, through the read policy's selection); place filters are common/place-condition.ts.
import { gt, sql, type SQL } from "drizzle-orm";
import type { SpecialConditionKey } from "@shared/enums.ts";
import type { ConditionFilter } from "@shared/schemas/workflow.ts";
import { registers } from "../../db/schema/registers.ts";

/** A family has condition `key` when its indexed count is positive ("any" = at least one condition). */
export function conditionCondition(filter: ConditionFilter): SQL {
  // Literals, as the special-condition indexes' predicates are written (see selectionCondition).
  if (filter === "any") return sql`${registers.hasSpecialCondition}`;
  return gt(conditionCountColumn(filter), 0).inlineParams();
}

export function conditionCountColumn(key: SpecialConditionKey) {
  return registers[`${key}Count`];
}

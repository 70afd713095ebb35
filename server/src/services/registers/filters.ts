// SQL conditions for the area and special-condition filters that every register list shares
// (validation queue, and later the dashboard, registration list and special-conditions monitor).
import { gt, sql, type SQL } from "drizzle-orm";
import type { SpecialConditionKey } from "@shared/enums.ts";
import type { ConditionFilter } from "@shared/schemas/workflow.ts";
import { rollupPlace, type PlaceFilter } from "../common/place-condition.ts";
import { registerPlaceColumns } from "./scope.ts";
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

/** Kecamatan, ward, RW and RT filters (RT/RW already zero-padded by the shared schema). */
export function placeConditions(filter: PlaceFilter): SQL[] {
  const { kecamatanId, desaKelurahanId, rw, rt } = filter;
  const hasPlace = [kecamatanId, desaKelurahanId, rw, rt].some((value) => value !== undefined);
  return hasPlace ? [rollupPlace(registerPlaceColumns, { kind: "all" }, filter)] : [];
}

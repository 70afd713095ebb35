// SQL conditions for the area and special-condition filters that every register list shares
// (validation queue, and later the dashboard, registration list and special-conditions monitor).
import { eq, gt, type SQL } from "drizzle-orm";
import type { SpecialConditionKey } from "@shared/enums.ts";
import type { ConditionFilter } from "@shared/schemas/workflow.ts";
import { rollupPlace, type PlaceFilter } from "../common/place-condition.ts";
import { registerPlaceColumns } from "./scope.ts";
import { registers } from "../../db/schema/registers.ts";

/** A family has condition `key` when its indexed count is positive ("any" = at least one condition). */
export function conditionCondition(filter: ConditionFilter): SQL {
  if (filter === "any") return eq(registers.hasSpecialCondition, true);
  return gt(conditionCountColumn(filter), 0);
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

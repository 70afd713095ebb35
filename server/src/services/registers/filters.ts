// SQL conditions for the area and special-condition filters that every register list shares
// (validation queue, and later the dashboard, registration list and special-conditions monitor).
import { eq, gt, sql, type SQL } from "drizzle-orm";
import type { SpecialConditionKey } from "@shared/enums.ts";
import type { ConditionFilter } from "@shared/schemas/workflow.ts";
import { desaKelurahan } from "../../db/schema/regions.ts";
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
export function placeConditions(filter: {
  kecamatanId?: number;
  desaKelurahanId?: number;
  rw?: string;
  rt?: string;
}): SQL[] {
  const conditions: SQL[] = [];
  if (filter.kecamatanId !== undefined) {
    conditions.push(
      sql`${registers.desaKelurahanId} in (select ${desaKelurahan.id} from ${desaKelurahan} where ${desaKelurahan.kecamatanId} = ${filter.kecamatanId})`,
    );
  }
  if (filter.desaKelurahanId !== undefined) conditions.push(eq(registers.desaKelurahanId, filter.desaKelurahanId));
  if (filter.rw !== undefined) conditions.push(eq(registers.rw, filter.rw));
  if (filter.rt !== undefined) conditions.push(eq(registers.rt, filter.rt));
  return conditions;
}

// The special-conditions monitor (SPEC §2 route /kader-pkk/kondisi-khusus): the nine conditions counted
// for the area (indexed count columns), and the families matching a condition and place filter.
import { and, eq, gt } from "drizzle-orm";
import { specialConditionKeys, type SpecialConditionKey } from "@shared/enums.ts";
import { specialConditionsInput, type SpecialConditionsInput } from "@shared/schemas/register-records.ts";
import type { RegisterStatus } from "@shared/status.ts";
import { SPECIAL_CONDITION_PAGE_SIZE } from "@shared/schemas/register-records.ts";
import type { Db } from "../../db/client.ts";
import { registers } from "../../db/schema/registers.ts";
import type { Actor } from "../accounts/actor.ts";
import { areaFigures, type ConditionFigure } from "../figures/area-figures.ts";
import { forbidden } from "../common/errors.ts";
import { addressLine, liveFamilies } from "./family-scope.ts";
import { conditionCountColumn, placeConditions } from "./filters.ts";
import { pageOfRegisters } from "./page.ts";
import { assertFilterInScope, scopeOf } from "./scope.ts";
import { parseInput, signedInUser } from "../common/input.ts";

export interface ConditionFamily {
  id: number;
  registrationNumber: string;
  namaKK: string;
  alamat: string;
  status: RegisterStatus;
  conditions: Array<{ key: SpecialConditionKey; count: number }>;
}

export interface SpecialConditionsView {
  /** Families with at least one condition under the place filter. */
  familiesWithAny: number;
  counts: ConditionFigure[];
  families: ConditionFamily[];
  total: number;
  page: number;
  pageCount: number;
}

export async function specialConditions(
  db: Db,
  actor: Actor,
  raw: SpecialConditionsInput,
): Promise<SpecialConditionsView> {
  const user = signedInUser(actor);
  const input = parseInput(specialConditionsInput, raw);
  const scope = scopeOf(user);
  if (scope.area.kind === "none") throw forbidden();
  await assertFilterInScope(db, scope, input);
  const inPlace = and(liveFamilies(scope.area), ...placeConditions(input));
  if (!inPlace) throw new Error("specialConditions: empty condition");
  // The counts come from the trigger-kept rollup (figures/area-figures.ts), never from the rows.
  const figures = await areaFigures(db, scope.area, input);

  const matching = and(
    inPlace,
    input.condition ? gt(conditionCountColumn(input.condition), 0) : eq(registers.hasSpecialCondition, true),
  );
  const { rows, total } = await pageOfRegisters(db, {
    where: matching,
    page: input.page,
    pageSize: SPECIAL_CONDITION_PAGE_SIZE,
  });
  return {
    familiesWithAny: figures.anyCondition,
    counts: figures.conditions,
    families: rows.map(({ register, ward, district }) => ({
      id: register.id,
      registrationNumber: register.registrationNumber,
      namaKK: register.namaKepalaKeluarga,
      alamat: addressLine(register, ward, district),
      status: register.status,
      conditions: specialConditionKeys
        .map((key) => ({ key, count: register[`${key}Count`] }))
        .filter((item) => item.count > 0),
    })),
    total,
    page: input.page,
    pageCount: Math.max(1, Math.ceil(total / SPECIAL_CONDITION_PAGE_SIZE)),
  };
}

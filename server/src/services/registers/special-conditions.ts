// The special-conditions monitor (SPEC §2 route /kader-pkk/kondisi-khusus): the nine conditions counted
// for the area (indexed count columns), and the families matching a condition and place filter
// (cadres and admins only: officials see the counts per area, never families).
import { specialConditionKeys, type SpecialConditionKey } from "@shared/enums.ts";
import { specialConditionsInput, type SpecialConditionsInput } from "@shared/schemas/register-records.ts";
import type { RegisterStatus } from "@shared/status.ts";
import { SPECIAL_CONDITION_PAGE_SIZE } from "@shared/schemas/register-records.ts";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../accounts/actor.ts";
import { areaFigures, type ConditionFigure } from "../figures/area-figures.ts";
import { audit } from "../audit/audit-log.ts";
import { addressLine } from "./family-scope.ts";
import { readPolicyOf, visibleSelection } from "./policy.ts";
import { isSensitiveView } from "./presenter.ts";
import { pageOfSelection } from "./page.ts";
import { assertFilterInScope, wardsOfPlace } from "./scope.ts";
import { parseInput } from "../common/input.ts";
import { signedInUser } from "../common/access.ts";

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
  /** The families themselves; null for officials (aparat), who see counts per area only. */
  families: ConditionFamily[] | null;
  total: number;
  page: number;
  pageCount: number;
}

export async function specialConditions(
  db: Db,
  actor: Actor,
  raw: SpecialConditionsInput,
): Promise<SpecialConditionsView> {
  signedInUser(actor);
  const input = parseInput(specialConditionsInput, raw);
  const { scope, view } = readPolicyOf(actor);
  await assertFilterInScope(db, scope, input);
  // The families under the place filter with the chosen condition (or any).
  const selection = visibleSelection(actor, { forms: "families", filter: input, condition: input.condition ?? "any" });
  // The counts come from the trigger-kept rollups (figures/area-figures.ts), never from the rows.
  const figures = await areaFigures(db, scope.area, input);
  const counts = {
    familiesWithAny: figures.anyCondition,
    counts: figures.conditions,
    page: input.page,
  };
  if (!isSensitiveView(view)) return { ...counts, families: null, total: 0, pageCount: 1 };

  // The list's total is one of the counts above (rollups): no count over the rows.
  const total = input.condition
    ? (figures.conditions.find((item) => item.key === input.condition)?.families ?? 0)
    : figures.anyCondition;
  const { rows } = await pageOfSelection(db, {
    selection,
    page: input.page,
    pageSize: SPECIAL_CONDITION_PAGE_SIZE,
    total,
    wards: await wardsOfPlace(db, scope.area, input),
  });
  if (rows.length > 0) {
    await audit(db, actor, {
      action: "register.read",
      entity: "registers",
      details: { surface: "special-conditions", ids: rows.map(({ register }) => register.id) },
    });
  }
  return {
    ...counts,
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
    pageCount: Math.max(1, Math.ceil(total / SPECIAL_CONDITION_PAGE_SIZE)),
  };
}

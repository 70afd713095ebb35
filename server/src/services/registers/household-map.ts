// The cadre's household map (issue 19): every family of the reader's area with a recorded house
// location, as points with their status and special conditions. The location is personal data like
// a NIK: only the full view (cadres and admins) gets it, officials are refused (they see areas only,
// on /statistik), and every read is audited. Rows come from visibleRegisters like every other surface.
import { asc, eq } from "drizzle-orm";
import { specialConditionKeys, type SpecialConditionKey } from "@shared/enums.ts";
import type { RegisterStatus } from "@shared/status.ts";
import type { Db } from "../../db/client.ts";
import { householdLocations, registers } from "../../db/schema/registers.ts";
import type { Actor } from "../accounts/actor.ts";
import { audit } from "../audit/audit-log.ts";
import { DomainError } from "../common/errors.ts";
import { liveFamilyCount } from "../figures/family-count.ts";
import { readPolicyOf, visibleRegisters } from "./policy.ts";
import { isSensitiveView } from "./presenter.ts";

/** More points than a phone can draw usefully; the answer says when it stopped there. */
export const HOUSEHOLD_MAP_LIMIT = 20_000;

export const householdMapRefusal =
  "Peta rumah keluarga hanya untuk kader dan admin; akun aparat melihat peta per wilayah di halaman Statistik";

export interface HouseholdPoint {
  id: number;
  namaKK: string;
  status: RegisterStatus;
  rw: string | null;
  rt: string | null;
  conditions: SpecialConditionKey[];
  latitude: number;
  longitude: number;
}

export interface HouseholdMap {
  points: HouseholdPoint[];
  /** Live families of the area (located or not). */
  families: number;
  /** True when the area holds more located families than HOUSEHOLD_MAP_LIMIT. */
  truncated: boolean;
}

export async function householdMap(db: Db, actor: Actor): Promise<HouseholdMap> {
  const { scope, view } = readPolicyOf(actor);
  if (!isSensitiveView(view) || actor.apiToken) throw new DomainError("FORBIDDEN", householdMapRefusal);
  const rows = await db
    .select({ register: registers, latitude: householdLocations.latitude, longitude: householdLocations.longitude })
    .from(registers)
    .innerJoin(householdLocations, eq(householdLocations.registerId, registers.id))
    .where(visibleRegisters(actor, { forms: "families" }))
    .orderBy(asc(registers.id))
    .limit(HOUSEHOLD_MAP_LIMIT + 1);
  const truncated = rows.length > HOUSEHOLD_MAP_LIMIT;
  const points = rows.slice(0, HOUSEHOLD_MAP_LIMIT).map(({ register, latitude, longitude }) => ({
    id: register.id,
    namaKK: register.namaKepalaKeluarga,
    status: register.status,
    rw: register.rw,
    rt: register.rt,
    conditions: specialConditionKeys.filter((key) => register[`${key}Count`] > 0),
    latitude,
    longitude,
  }));
  await audit(db, actor, {
    action: "register.location-read",
    entity: "registers",
    details: { surface: "household-map", points: points.length },
  });
  return { points, families: await liveFamilyCount(db, scope.area), truncated };
}

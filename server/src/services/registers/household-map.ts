// The cadre's household map (issue 19): every family of the reader's area with a recorded house
// location, as points with their status and special conditions. The location is personal data like
// a NIK: only the full view (cadres and admins) gets it, officials are refused (they see areas only,
// on /statistik), and every read is audited. Rows come from the read policy's selection, as every
// other surface's do.
import { type SQL, sql } from "drizzle-orm";
import { specialConditionKeys, type SpecialConditionKey } from "@shared/enums.ts";
import { isRegisterStatus, type RegisterStatus } from "@shared/status.ts";
import type { Db } from "../../db/client.ts";
import { compiledQuery, preparableStatement } from "../../db/compiled.ts";
import { aliasedSelection, type RawRow, resultRows, rowDecoder } from "../../db/raw-rows.ts";
import { householdLocations, registers } from "../../db/schema/registers.ts";
import type { Actor } from "../accounts/actor.ts";
import { audit } from "../audit/audit-log.ts";
import { DomainError } from "../common/errors.ts";
import { liveFamilyCount } from "../figures/family-count.ts";
import { conditionCondition } from "./filters.ts";
import {
  type RegisterSelection,
  readPolicyOf,
  selectionCondition,
  selectionShapeKey,
  visibleSelection,
} from "./policy.ts";
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

/** Bit `index` of a point's `conditions` mask: the family has specialConditionKeys[index]. */
const conditionMask = sql.join(
  specialConditionKeys.map(
    (key, index) => sql`(case when ${conditionCondition(key)} then ${sql.raw(String(1 << index))} else 0 end)`,
  ),
  sql` | `,
);

const pointFields = {
  id: registers.id,
  namaKK: registers.namaKepalaKeluarga,
  status: registers.status,
  rw: registers.rw,
  rt: registers.rt,
  latitude: householdLocations.latitude,
  longitude: householdLocations.longitude,
};
const decodePoint = rowDecoder(pointFields);

/**
 * The located families of a selection, in id order, with only what a point shows: a city's map read
 * whole register rows (each form's ~2 KB of JSON parsed for a name and a status), 1 s and 450 MB of
 * server memory for the 20,000 points of an admin at 100,000 families. Written once per shape of
 * selection (the read policy's, as every list), with its LIMIT in the text: as a parameter, the plan
 * PostgreSQL keeps after five calls walked every live family in id order for a kelurahan's thousand
 * (166 ms instead of 23 at 100,000 families). Every register column it reads is carried by the index
 * registers_live_ward_map (migration issue12_household_map_index_custom), so a ward's map is read
 * from that index alone: a point reading another column (a new condition's count) needs it there too.
 */
export function householdMapStatement(selection: RegisterSelection): SQL {
  return sql`select ${aliasedSelection(pointFields)}, ${conditionMask} as conditions
    from ${registers} inner join ${householdLocations} on ${householdLocations.registerId} = ${registers.id}
    where ${selectionCondition(selection, "placeholders")}
    order by ${registers.id} limit ${sql.raw(String(HOUSEHOLD_MAP_LIMIT + 1))}`;
}

const mapRows = compiledQuery(
  "household_map",
  (selection: RegisterSelection) => selectionShapeKey(selection),
  (db, selection) => preparableStatement(db, householdMapStatement(selection)),
);

function pointOf(raw: RawRow): HouseholdPoint {
  const { id, namaKK, status, rw, rt, latitude, longitude } = decodePoint(raw);
  const mask = Number(raw.conditions);
  if (typeof status !== "string" || !isRegisterStatus(status)) throw new Error("household map: unknown status");
  return {
    id: Number(id),
    namaKK: String(namaKK),
    status,
    rw: typeof rw === "string" ? rw : null,
    rt: typeof rt === "string" ? rt : null,
    conditions: specialConditionKeys.filter((_, index) => (mask & (1 << index)) !== 0),
    latitude: Number(latitude),
    longitude: Number(longitude),
  };
}

export async function householdMap(db: Db, actor: Actor): Promise<HouseholdMap> {
  const { scope, view } = readPolicyOf(actor);
  if (!isSensitiveView(view) || actor.apiToken) throw new DomainError("FORBIDDEN", householdMapRefusal);
  const selection = visibleSelection(actor, { forms: "families" });
  const rows = resultRows(await mapRows(db, selection, selection.place.values));
  const truncated = rows.length > HOUSEHOLD_MAP_LIMIT;
  const points = rows.slice(0, HOUSEHOLD_MAP_LIMIT).map(pointOf);
  await audit(db, actor, {
    action: "register.location-read",
    entity: "registers",
    details: { surface: "household-map", points: points.length },
  });
  return { points, families: await liveFamilyCount(db, scope.area), truncated };
}

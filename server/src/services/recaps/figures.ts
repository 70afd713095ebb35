// The recap figures, computed by the database from the validated households of an area: the
// households read once, then summed per row of the sheet in three parts (special conditions, house,
// water, food and activities from the register's columns; members born by the period's end, counted
// by sex and age then; the births/deaths reported in the month from registers.life_events, the
// form's events copied out by a trigger). Indexed on registers(desa_kelurahan_id, status, ...) and
// family_members(register_id). The city-wide rollups (services/figures) could serve 4.16c/d later.
import { and, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { EventFigureKey, HouseholdFigureKey, RecapPlace } from "@shared/recaps.ts";
import { periodEnd } from "@shared/recaps.ts";
import type { DbOrTx } from "../../db/client.ts";
import { aliasedSelection, resultRows } from "../../db/raw-rows.ts";
import { dasawismaHouseholds } from "../../db/schema/recaps.ts";
import { familyMembers, registers } from "../../db/schema/registers.ts";

export type FigureKey = "krt" | "kk" | HouseholdFigureKey | EventFigureKey;
export type Figures = Record<FigureKey, number>;

export type GroupBy = "register" | "dasawisma" | "rt" | "rw";

/** "2026-02-28" shifted by n years, Feb 29 becoming Feb 28 (the age boundaries of balita, WUS, lansia). */
export function shiftYears(iso: string, years: number): string {
  const [year, month, day] = iso.split("-").map(Number);
  const target = (year ?? 0) + years;
  const lastDay = new Date(Date.UTC(target, month ?? 1, 0)).getUTCDate();
  return `${target}-${String(month).padStart(2, "0")}-${String(Math.min(day ?? 1, lastDay)).padStart(2, "0")}`;
}

/** The households a recap of a period counts: validated (APPROVED), live, surveyed by the period's end. */
export function recapHouseholds(place: RecapPlace, period: string): SQL {
  const conditions: SQL[] = [
    // Written into the text, not as parameters, so a plan made once (a prepared statement's generic
    // plan) can read a ward's approved households from the live partial indexes (see selectionCondition).
    eq(registers.formType, "family_registration").inlineParams(),
    eq(registers.status, "APPROVED").inlineParams(),
    isNull(registers.deletedAt),
    lte(registers.tanggalPendataan, periodEnd(period)),
    eq(registers.desaKelurahanId, place.desaKelurahanId),
  ];
  if (place.rw !== undefined) conditions.push(eq(registers.rw, place.rw));
  if (place.rt !== undefined) conditions.push(eq(registers.rt, place.rt));
  if (place.dasawismaId !== undefined) conditions.push(eq(dasawismaHouseholds.dasawismaId, place.dasawismaId));
  return and(...conditions) ?? sql`false`;
}

/**
 * The RTs or RWs of a place that have households in a period's recap (the keys figureRows groups
 * by), without working out their figures. Found one after another, each the first household past
 * the last code in the ward/RW/RT index (a skip scan): a distinct over the households read each of
 * them, 50 ms for a kelurahan's ~5,900 at 1,000,000 families.
 */
export async function placesWithHouseholds(
  db: DbOrTx,
  place: RecapPlace,
  period: string,
  level: "rt" | "rw",
): Promise<string[]> {
  const column = level === "rt" ? registers.rt : registers.rw;
  const households = recapHouseholds(place, period);
  const firstAfter = (code?: SQL) =>
    sql`(select ${column} from ${registers} where ${and(households, code ? sql`${column} > ${code}` : undefined)}
      order by ${column} limit 1)`;
  const rows = resultRows(
    await db.execute(sql`with recursive codes(code) as (
        ${firstAfter()}
        union all
        select ${firstAfter(sql`codes.code`)} from codes where codes.code is not null
      ) select code from codes where code is not null`),
  );
  return rows.map((row) => String(row.code));
}

export interface FigureRow {
  /** The register id, dasawisma id (null: not in a dasawisma), RT or RW the row stands for. */
  key: string | null;
  /** The household head's name (per-register rows only). */
  name: string | null;
  figures: Figures;
}

const eventDateField = { births: "birthDate", deaths: "deathDate" } as const;

/** The month's births and deaths, counted from the forms' events. */
type FormEventKey = Exclude<EventFigureKey, "ibuHamil" | "ibuNifas">;
/** Counted over the members of the households. */
type MemberKey = "totalL" | "totalP" | "balitaL" | "balitaP" | "pus" | "wus" | "lansia";
/** Summed over the households' own columns. */
type HouseholdKey = Exclude<FigureKey, FormEventKey | MemberKey>;

/** The register columns a sheet sums, carried from the households' read (`h`) to the sums, by these names. */
const householdColumns = {
  pregnantCount: registers.pregnantCount,
  nursingCount: registers.nursingCount,
  blindCount: registers.blindCount,
  houseHealthy: registers.houseHealthy,
  houseLessHealthy: registers.houseLessHealthy,
  hasTrashBin: registers.hasTrashBin,
  hasDrainage: registers.hasDrainage,
  mckFacility: registers.mckFacility,
  waterSource: registers.waterSource,
  foodType: registers.foodType,
  // Copied out of data_register.communityActivities by family-rows.ts.
  activityUp2k: registers.activityUp2k,
  activityYardUtilization: registers.activityYardUtilization,
  activityHomeIndustry: registers.activityHomeIndustry,
  activityEnvironmentalHealth: registers.activityEnvironmentalHealth,
  postpartumCount: registers.postpartumCount,
  lifeEvents: registers.lifeEvents,
  tanggalPendataan: registers.tanggalPendataan,
  namaKepalaKeluarga: registers.namaKepalaKeluarga,
};

type HouseholdColumn = keyof typeof householdColumns;

/** A column of the counted households (the `h` of figureRows). */
const household = (column: HouseholdColumn) => sql`h.${sql.identifier(column)}`;

const countWhere = (condition: SQL) => sql`count(*) filter (where ${condition})`;
const total = (column: HouseholdColumn) => sql`sum(${household(column)})`;

const householdSums: Record<HouseholdKey, SQL> = {
  krt: sql`count(*)`,
  kk: sql`count(*)`,
  hamil: total("pregnantCount"),
  menyusui: total("nursingCount"),
  butaTiga: total("blindCount"),
  berkebutuhanKhusus: countWhere(sql`${household("blindCount")} > 0`),
  sehat: countWhere(household("houseHealthy")),
  tidakSehat: countWhere(household("houseLessHealthy")),
  sampah: countWhere(household("hasTrashBin")),
  spal: countWhere(household("hasDrainage")),
  mck: countWhere(household("mckFacility")),
  pdam: countWhere(sql`${household("waterSource")} = 'PDAM'`),
  sumur: countWhere(sql`${household("waterSource")} in ('Sumur Bor', 'Sumur Gali')`),
  airLain: countWhere(sql`${household("waterSource")} not in ('PDAM', 'Sumur Bor', 'Sumur Gali')`),
  beras: countWhere(sql`${household("foodType")} = 'Beras'`),
  nonBeras: countWhere(sql`${household("foodType")} = 'Non Beras'`),
  up2k: countWhere(household("activityUp2k")),
  pekarangan: countWhere(household("activityYardUtilization")),
  industri: countWhere(household("activityHomeIndustry")),
  kesling: countWhere(household("activityEnvironmentalHealth")),
  ibuHamil: total("pregnantCount"),
  ibuNifas: total("postpartumCount"),
};

/** The member counts of a period, from family_members: who was born by its end, by sex and age then. */
function memberCounts(end: string): Record<MemberKey, SQL> {
  // Only people born by the period's end: a past month's recap does not count a baby added to the
  // household later (every count below is by sex, or, for lansia, born 60 years before the end).
  const born = sql`${familyMembers.birthDate} <= ${end}`;
  const male = sql`${familyMembers.gender} = 'Laki-laki' and ${born}`;
  const female = sql`${familyMembers.gender} = 'Perempuan' and ${born}`;
  const balita = sql`${familyMembers.birthDate} > ${shiftYears(end, -5)}`;
  const fertileAge = sql`${familyMembers.birthDate} > ${shiftYears(end, -50)} and ${familyMembers.birthDate} <= ${shiftYears(end, -15)}`;
  return {
    totalL: countWhere(male),
    totalP: countWhere(female),
    balitaL: countWhere(sql`${male} and ${balita}`),
    balitaP: countWhere(sql`${female} and ${balita}`),
    pus: countWhere(sql`${female} and ${familyMembers.maritalStatus} = 'Kawin' and ${fertileAge}`),
    wus: countWhere(sql`${female} and ${fertileAge}`),
    lansia: countWhere(sql`${familyMembers.birthDate} <= ${shiftYears(end, -60)}`),
  };
}

/** The counts of the period's births and deaths, from `e` (an event of a household's life_events). */
function eventCounts(start: string, end: string): Record<FormEventKey, SQL> {
  // `extra`: a condition on the event `e.item` (json) besides its list and date.
  // Reported on the later of the event's date and the household's survey date (eventReportDate).
  const surveyDate = sql`to_char(${household("tanggalPendataan")}, 'YYYY-MM-DD')`;
  const inPeriod = (list: keyof typeof eventDateField, extra: SQL) =>
    countWhere(
      sql`e.list = ${list} and greatest(e.item->>${eventDateField[list]}, ${surveyDate}) between ${start} and ${end} and ${extra}`,
    );
  const birth = (extra: SQL) => inPeriod("births", extra);
  const death = (extra: SQL) => inPeriod("deaths", extra);
  return {
    ibuMelahirkan: birth(sql`true`),
    ibuMeninggal: death(sql`e.item->>'category' = 'ibu'`),
    bayiLahirL: birth(sql`e.item->>'sex' = 'Laki-laki'`),
    bayiLahirP: birth(sql`e.item->>'sex' = 'Perempuan'`),
    akteAda: birth(sql`(e.item->>'hasBirthCertificate')::boolean`),
    akteTidak: birth(sql`not (e.item->>'hasBirthCertificate')::boolean`),
    bayiMeninggalL: death(sql`e.item->>'category' = 'bayi' and e.item->>'sex' = 'Laki-laki'`),
    bayiMeninggalP: death(sql`e.item->>'category' = 'bayi' and e.item->>'sex' = 'Perempuan'`),
    balitaMeninggalL: death(sql`e.item->>'category' = 'balita' and e.item->>'sex' = 'Laki-laki'`),
    balitaMeninggalP: death(sql`e.item->>'category' = 'balita' and e.item->>'sex' = 'Perempuan'`),
  };
}

/** `sum as "key", …` of one part's sums. */
const named = (sums: Record<string, SQL>) =>
  sql.join(
    Object.entries(sums).map(([key, sum]) => sql`${sum} as ${sql.identifier(key)}`),
    sql`, `,
  );

/** `coalesce(part."key", 0) as "key", …`: a group without members or events has no row in that part. */
const zeroed = (part: string, sums: Record<string, SQL>) =>
  sql.join(
    Object.keys(sums).map(
      (key) => sql`coalesce(${sql.identifier(part)}.${sql.identifier(key)}, 0) as ${sql.identifier(key)}`,
    ),
    sql`, `,
  );

/**
 * The figures of a period's recap households of a place, a row per group. The households are read
 * once (`h`), then summed in three parts joined by group: their own columns, their members (one
 * index probe per household), and the events their life_events list (about one household in five lists births or deaths).
 * Each part aggregates straight into the few groups: summing per household first, then per group,
 * sorted and grouped ~23,000 household-and-member rows of ~40 columns, most of a kelurahan sheet.
 */
export function figureRowsStatement(place: RecapPlace, period: string, groupBy: GroupBy): SQL {
  const end = periodEnd(period);
  const members = memberCounts(end);
  const events = eventCounts(`${period}-01`, end);
  const groupKey: Record<GroupBy, SQL> = {
    register: sql`${registers.id}::text`,
    dasawisma: sql`${dasawismaHouseholds.dasawismaId}::text`,
    rt: sql`${registers.rt}`,
    rw: sql`${registers.rw}`,
  };
  return sql`with h as (
        select ${registers.id} as id, ${groupKey[groupBy]} as group_key, ${aliasedSelection(householdColumns)}
        from ${registers} left join ${dasawismaHouseholds} on ${eq(dasawismaHouseholds.registerId, registers.id)}
        where ${recapHouseholds(place, period)}
      )
      select s.group_key as key, s.name, ${zeroed("s", householdSums)}, ${zeroed("m", members)}, ${zeroed("e", events)}
      from (
        select h.group_key, ${groupBy === "register" ? sql`min(${household("namaKepalaKeluarga")})` : sql`null`} as name,
          ${named(householdSums)}
        from h group by h.group_key
      ) s
      left join (
        select h.group_key, ${named(members)}
        from h join ${familyMembers} on ${familyMembers.registerId} = h.id group by h.group_key
      ) m on m.group_key is not distinct from s.group_key
      left join (
        select h.group_key, ${named(events)}
        from h, lateral (
          select 'births' as list, item from json_array_elements(coalesce(${household("lifeEvents")}->'births', '[]'::json)) as item
          union all
          select 'deaths', item from json_array_elements(coalesce(${household("lifeEvents")}->'deaths', '[]'::json)) as item
        ) e
        where ${household("lifeEvents")} is not null
        group by h.group_key
      ) e on e.group_key is not distinct from s.group_key
      order by ${groupBy === "register" ? sql`s.name` : sql`s.group_key`}`;
}

export async function figureRows(
  db: DbOrTx,
  place: RecapPlace,
  period: string,
  groupBy: GroupBy,
): Promise<FigureRow[]> {
  const rows = resultRows(await db.execute(figureRowsStatement(place, period, groupBy)));
  return rows.map((row) => ({
    key: row.key === null || row.key === undefined ? null : String(row.key),
    name: row.name === null || row.name === undefined ? null : String(row.name),
    // The sums arrive as text (bigint) from postgres.js.
    figures: toFigures(
      Object.fromEntries(
        Object.entries(row)
          .filter(([column]) => column !== "key" && column !== "name")
          .map(([column, value]) => [column, Number(value ?? 0)]),
      ),
    ),
  }));
}

/** A zeroed figure set (a group without any validated household still gets its row). */
export function emptyFigures(): Figures {
  return toFigures({});
}

function toFigures(values: Record<string, number>): Figures {
  const get = (key: FigureKey) => values[key] ?? 0;
  return {
    krt: get("krt"),
    kk: get("kk"),
    totalL: get("totalL"),
    totalP: get("totalP"),
    balitaL: get("balitaL"),
    balitaP: get("balitaP"),
    pus: get("pus"),
    wus: get("wus"),
    hamil: get("hamil"),
    menyusui: get("menyusui"),
    lansia: get("lansia"),
    butaTiga: get("butaTiga"),
    berkebutuhanKhusus: get("berkebutuhanKhusus"),
    sehat: get("sehat"),
    tidakSehat: get("tidakSehat"),
    sampah: get("sampah"),
    spal: get("spal"),
    mck: get("mck"),
    pdam: get("pdam"),
    sumur: get("sumur"),
    airLain: get("airLain"),
    beras: get("beras"),
    nonBeras: get("nonBeras"),
    up2k: get("up2k"),
    pekarangan: get("pekarangan"),
    industri: get("industri"),
    kesling: get("kesling"),
    ibuHamil: get("ibuHamil"),
    ibuMelahirkan: get("ibuMelahirkan"),
    ibuNifas: get("ibuNifas"),
    ibuMeninggal: get("ibuMeninggal"),
    bayiLahirL: get("bayiLahirL"),
    bayiLahirP: get("bayiLahirP"),
    akteAda: get("akteAda"),
    akteTidak: get("akteTidak"),
    bayiMeninggalL: get("bayiMeninggalL"),
    bayiMeninggalP: get("bayiMeninggalP"),
    balitaMeninggalL: get("balitaMeninggalL"),
    balitaMeninggalP: get("balitaMeninggalP"),
  };
}

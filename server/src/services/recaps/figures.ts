// The recap figures, computed by the database from the validated households of an area: one query
// with a per-household subquery (members born by the period's end, counted by sex and age then, special
// conditions, house, water, food and activities from the register's columns, and the births/deaths
// of the month from registers.life_events, the form's events copied out by a trigger) summed per
// row of the sheet. Indexed on registers(desa_kelurahan_id, rw, rt) and family_members(register_id).
// The city-wide rollups (services/figures) could serve 4.16c/d later.
import { and, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { EventFigureKey, HouseholdFigureKey, RecapPlace } from "@shared/recaps.ts";
import { periodEnd } from "@shared/recaps.ts";
import type { DbOrTx } from "../../db/client.ts";
import { resultRows } from "../../db/raw-rows.ts";
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
    eq(registers.formType, "family_registration"),
    eq(registers.status, "APPROVED"),
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

const int = (condition: SQL) => sql`(case when ${condition} then 1 else 0 end)`;

/** A count of the month's births or deaths in a household's form, and which of them it counts. */
interface EventCount {
  list: "births" | "deaths";
  /** A condition on the event `e.item` (json) besides its date. */
  extra: SQL;
}

const eventDateField = { births: "birthDate", deaths: "deathDate" } as const;

/**
 * Every event count of a household as one array, in `counts`' order, from registers.life_events
 * (null, as for most households: no births or deaths listed, no array). Reading the whole stored
 * form instead cost ~25 µs a household, two thirds of a kelurahan sheet.
 */
function eventCounts(counts: readonly EventCount[], start: string, end: string): SQL {
  const columns = counts.map(
    ({ list, extra }) =>
      sql`count(*) filter (where e.list = ${list} and (e.item->>${eventDateField[list]}) between ${start} and ${end} and ${extra})::integer`,
  );
  return sql`case when ${registers.lifeEvents} is not null then (select array[${sql.join(columns, sql`, `)}] from (select ${registers.lifeEvents} as events) form,
    lateral (select 'births' as list, item from json_array_elements(coalesce(form.events->'births', '[]'::json)) as item
      union all select 'deaths', item from json_array_elements(coalesce(form.events->'deaths', '[]'::json)) as item) as e) end`;
}

export async function figureRows(
  db: DbOrTx,
  place: RecapPlace,
  period: string,
  groupBy: GroupBy,
): Promise<FigureRow[]> {
  const end = periodEnd(period);
  const start = `${period}-01`;
  // Only people born by the period's end: a past month's recap does not count a baby added to the
  // household later (every count below is by sex, or, for lansia, born 60 years before the end).
  const born = sql`${familyMembers.birthDate} <= ${end}`;
  const male = sql`${familyMembers.gender} = 'Laki-laki' and ${born}`;
  const female = sql`${familyMembers.gender} = 'Perempuan' and ${born}`;
  const balita = sql`${familyMembers.birthDate} > ${shiftYears(end, -5)}`;
  const fertileAge = sql`${familyMembers.birthDate} > ${shiftYears(end, -50)} and ${familyMembers.birthDate} <= ${shiftYears(end, -15)}`;
  const lansia = sql`${familyMembers.birthDate} <= ${shiftYears(end, -60)}`;
  const birth = (extra: SQL): EventCount => ({ list: "births", extra });
  const death = (extra: SQL): EventCount => ({ list: "deaths", extra });
  // The month's births and deaths, counted from the form's events (eventCounts).
  type FormEventKey = Exclude<EventFigureKey, "ibuHamil" | "ibuNifas">;
  const formEvents: Record<FormEventKey, EventCount> = {
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
  const perHousehold: Record<Exclude<FigureKey, FormEventKey>, SQL> = {
    krt: sql`1`,
    kk: sql`1`,
    totalL: sql`count(*) filter (where ${male})`,
    totalP: sql`count(*) filter (where ${female})`,
    balitaL: sql`count(*) filter (where ${male} and ${balita})`,
    balitaP: sql`count(*) filter (where ${female} and ${balita})`,
    pus: sql`count(*) filter (where ${female} and ${familyMembers.maritalStatus} = 'Kawin' and ${fertileAge})`,
    wus: sql`count(*) filter (where ${female} and ${fertileAge})`,
    hamil: sql`${registers.pregnantCount}`,
    menyusui: sql`${registers.nursingCount}`,
    lansia: sql`count(*) filter (where ${lansia})`,
    butaTiga: sql`${registers.blindCount}`,
    berkebutuhanKhusus: int(sql`${registers.blindCount} > 0`),
    sehat: int(sql`${registers.houseHealthy}`),
    tidakSehat: int(sql`${registers.houseLessHealthy}`),
    sampah: int(sql`${registers.hasTrashBin}`),
    spal: int(sql`${registers.hasDrainage}`),
    mck: int(sql`${registers.mckFacility}`),
    pdam: int(sql`${registers.waterSource} = 'PDAM'`),
    sumur: int(sql`${registers.waterSource} in ('Sumur Bor', 'Sumur Gali')`),
    airLain: int(sql`${registers.waterSource} not in ('PDAM', 'Sumur Bor', 'Sumur Gali')`),
    beras: int(sql`${registers.foodType} = 'Beras'`),
    nonBeras: int(sql`${registers.foodType} = 'Non Beras'`),
    // Copied out of data_register.communityActivities by family-rows.ts.
    up2k: int(sql`${registers.activityUp2k}`),
    pekarangan: int(sql`${registers.activityYardUtilization}`),
    industri: int(sql`${registers.activityHomeIndustry}`),
    kesling: int(sql`${registers.activityEnvironmentalHealth}`),
    ibuHamil: sql`${registers.pregnantCount}`,
    ibuNifas: sql`${registers.postpartumCount}`,
  };
  const keys = Object.keys(perHousehold).filter((key): key is Exclude<FigureKey, FormEventKey> => key in perHousehold);
  const eventKeys = Object.keys(formEvents).filter((key): key is FormEventKey => key in formEvents);
  const groupKey: Record<GroupBy, SQL> = {
    register: sql`${registers.id}::text`,
    dasawisma: sql`${dasawismaHouseholds.dasawismaId}::text`,
    rt: sql`${registers.rt}`,
    rw: sql`${registers.rw}`,
  };
  const inner = db
    .select({
      key: sql<string | null>`${groupKey[groupBy]}`.as("group_key"),
      name: sql<string>`${registers.namaKepalaKeluarga}`.as("head_name"),
      ...Object.fromEntries(keys.map((key) => [key, sql<number>`${perHousehold[key]}`.as(`f_${key}`)])),
      events: sql<number[]>`${eventCounts(
        eventKeys.map((key) => formEvents[key]),
        start,
        end,
      )}`.as("f_events"),
    })
    .from(registers)
    .leftJoin(familyMembers, eq(familyMembers.registerId, registers.id))
    .leftJoin(dasawismaHouseholds, eq(dasawismaHouseholds.registerId, registers.id))
    .where(recapHouseholds(place, period))
    .groupBy(registers.id, dasawismaHouseholds.dasawismaId)
    .as("h");
  const outer = await db
    .select({
      key: inner.key,
      name: groupBy === "register" ? sql<string | null>`min(${inner.name})` : sql<string | null>`null`,
      ...Object.fromEntries(
        keys.map((key) => [key, sql<number>`coalesce(sum(${sql.identifier(`f_${key}`)}), 0)`.mapWith(Number)]),
      ),
      // Arrays in SQL count from 1.
      ...Object.fromEntries(
        eventKeys.map((key, index) => [
          key,
          sql<number>`coalesce(sum(${sql.identifier("f_events")}[${sql.raw(String(index + 1))}]), 0)`.mapWith(Number),
        ]),
      ),
    })
    .from(inner)
    .groupBy(inner.key)
    .orderBy(groupBy === "register" ? sql`min(${inner.name})` : inner.key);
  return outer.map((row) => {
    const record: Record<string, unknown> = row;
    const figures = Object.fromEntries([...keys, ...eventKeys].map((key) => [key, Number(record[key] ?? 0)]));
    return { key: row.key, name: row.name, figures: toFigures(figures) };
  });
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

// The recap figures, computed by the database from the validated households of an area: one query
// with a per-household subquery (members counted by sex and age at the period's end, special
// conditions, house, water, food, activities, and the births/deaths of the month from the event
// details) summed per row of the sheet. Indexed on registers(desa_kelurahan_id, rw, rt) and
// family_members(register_id). The city-wide rollups (services/figures) could serve 4.16c/d later.
import { and, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { EventFigureKey, HouseholdFigureKey, RecapPlace } from "@shared/recaps.ts";
import { periodEnd } from "@shared/recaps.ts";
import type { DbOrTx } from "../../db/client.ts";
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
 * by), without working out their figures.
 */
export async function placesWithHouseholds(
  db: DbOrTx,
  place: RecapPlace,
  period: string,
  level: "rt" | "rw",
): Promise<string[]> {
  const column = level === "rt" ? registers.rt : registers.rw;
  const rows = await db
    .selectDistinct({ code: column })
    .from(registers)
    .where(recapHouseholds(place, period))
    .orderBy(column);
  return rows.map((row) => row.code ?? "");
}

export interface FigureRow {
  /** The register id, dasawisma id (null: not in a dasawisma), RT or RW the row stands for. */
  key: string | null;
  /** The household head's name (per-register rows only). */
  name: string | null;
  figures: Figures;
}

const int = (condition: SQL) => sql`(case when ${condition} then 1 else 0 end)`;

/** Counts the events of one kind in the month, from data_register.events (absent: none). */
function eventCount(list: "births" | "deaths", dateField: string, start: string, end: string, extra: SQL): SQL {
  return sql`(select count(*) from json_array_elements(coalesce(${registers.dataRegister}->'events'->${list}, '[]'::json)) as e(item)
    where (e.item->>${dateField}) between ${start} and ${end} and ${extra})`;
}

export async function figureRows(
  db: DbOrTx,
  place: RecapPlace,
  period: string,
  groupBy: GroupBy,
): Promise<FigureRow[]> {
  const end = periodEnd(period);
  const start = `${period}-01`;
  const male = sql`${familyMembers.gender} = 'Laki-laki'`;
  const female = sql`${familyMembers.gender} = 'Perempuan'`;
  const balita = sql`${familyMembers.birthDate} > ${shiftYears(end, -5)}`;
  const fertileAge = sql`${familyMembers.birthDate} > ${shiftYears(end, -50)} and ${familyMembers.birthDate} <= ${shiftYears(end, -15)}`;
  const lansia = sql`${familyMembers.birthDate} <= ${shiftYears(end, -60)}`;
  const activity = (key: string) =>
    int(sql`coalesce((${registers.dataRegister}->'communityActivities'->>${key})::boolean, false)`);
  const birth = (extra: SQL) => eventCount("births", "birthDate", start, end, extra);
  const death = (extra: SQL) => eventCount("deaths", "deathDate", start, end, extra);
  const perHousehold: Record<FigureKey, SQL> = {
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
    up2k: activity("up2k"),
    pekarangan: activity("yardUtilization"),
    industri: activity("homeIndustry"),
    kesling: activity("environmentalHealth"),
    ibuHamil: sql`${registers.pregnantCount}`,
    ibuMelahirkan: birth(sql`true`),
    ibuNifas: sql`${registers.postpartumCount}`,
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
  const keys = Object.keys(perHousehold).filter((key): key is FigureKey => key in perHousehold);
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
    })
    .from(inner)
    .groupBy(inner.key)
    .orderBy(groupBy === "register" ? sql`min(${inner.name})` : inner.key);
  return outer.map((row) => {
    const record: Record<string, unknown> = row;
    const figures = Object.fromEntries(keys.map((key) => [key, Number(record[key] ?? 0)]));
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

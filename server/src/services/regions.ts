import { asc, eq, sql } from "drizzle-orm";
import { getDistricts, getRegencies, getVillages, type DistrictCsv, type RegencyCsv, type VillageCsv } from "idn-area-data";
import type { Db } from "../db/client.ts";
import { desaKelurahan, kecamatan } from "../db/schema/regions.ts";
import type {
  DesaKelurahanOption,
  DistrictOption,
  JenisWilayah,
  KecamatanOption,
  RegencyOption,
} from "@shared/schemas/regions.ts";
import { DomainError } from "./errors.ts";

// The regency/city list of the cadre form (SPEC §3), by official code; names come from the data.
const spotlightRegencyCodes = [
  "32.73", "32.04", "32.75", "32.16", "32.71", "32.01", "32.76",
  "31.73", "31.75", "31.74", "31.72", "31.71", "36.71", "36.03", "36.74",
];

export class UnknownCityError extends Error {}

// The package parses its CSV files on every call; the data never changes while we run.
let areaData: Promise<{
  regencies: RegencyCsv[];
  districts: DistrictCsv[];
  villages: () => Promise<VillageCsv[]>;
}> | undefined;
let villageData: Promise<VillageCsv[]> | undefined;

function loadAreas() {
  areaData ??= Promise.all([getRegencies(), getDistricts()]).then(([regencies, districts]) => ({
    regencies,
    districts,
    villages: () => (villageData ??= getVillages()),
  }));
  return areaData;
}

function titleCase(value: string): string {
  return value.toLowerCase().replace(/(^|[\s(/-])(\p{L})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase());
}

/** "KOTA ADMINISTRASI JAKARTA BARAT" → { jenis: Kota, nama: Jakarta Barat }. */
function splitRegencyName(name: string): { jenis: RegencyOption["jenis"]; nama: string } {
  const jenis = name.startsWith("KABUPATEN") ? "Kabupaten" : "Kota";
  const nama = name.replace(/^(KABUPATEN|KOTA)( ADMINISTRASI)? /, "");
  return { jenis, nama: titleCase(nama) };
}

/** The official code's village part starts with 1 for a kelurahan and 2 for a desa. */
export function jenisFromKode(kode: string): JenisWilayah {
  return kode.split(".")[3]?.startsWith("2") ? "desa" : "kelurahan";
}

export async function cityName(cityCode: string): Promise<string> {
  const regency = (await loadAreas()).regencies.find((row) => row.code === cityCode);
  if (!regency) throw new UnknownCityError(`CITY_CODE ${cityCode} is not a regency/city code in idn-area-data`);
  const { jenis, nama } = splitRegencyName(regency.name);
  return `${jenis} ${nama}`;
}

export async function listRegencies(): Promise<RegencyOption[]> {
  const { regencies } = await loadAreas();
  return spotlightRegencyCodes.flatMap((code) => {
    const regency = regencies.find((row) => row.code === code);
    return regency ? [{ id: code, ...splitRegencyName(regency.name) }] : [];
  });
}

export async function listDistrictsOfRegency(regencyCode: string): Promise<DistrictOption[]> {
  const { districts } = await loadAreas();
  return districts
    .filter((row) => row.regency_code === regencyCode)
    .map((row) => ({ kode: row.code, nama: row.name }))
    .sort((a, b) => a.nama.localeCompare(b.nama, "id"));
}

/** Seeds the configured city's kecamatan and kelurahan from idn-area-data; safe to run again. */
export async function seedRegions(db: Db, cityCode: string): Promise<{ kecamatan: number; desaKelurahan: number }> {
  await cityName(cityCode);
  const areas = await loadAreas();
  const districts = areas.districts.filter((row) => row.regency_code === cityCode);
  const districtCodes = new Set(districts.map((row) => row.code));
  const villages = (await areas.villages()).filter((row) => districtCodes.has(row.district_code));

  await db.transaction(async (tx) => {
    if (districts.length > 0) {
      await tx
        .insert(kecamatan)
        .values(districts.map((row) => ({ kode: row.code, nama: row.name })))
        .onConflictDoNothing({ target: kecamatan.kode });
    }
    const ids = new Map(
      (await tx.select({ id: kecamatan.id, kode: kecamatan.kode }).from(kecamatan)).map((row) => [row.kode, row.id]),
    );
    const rows = villages.flatMap((row) => {
      const kecamatanId = ids.get(row.district_code);
      return kecamatanId === undefined
        ? []
        : [{ kecamatanId, kode: row.code, nama: row.name, jenis: jenisFromKode(row.code) }];
    });
    if (rows.length > 0) {
      await tx.insert(desaKelurahan).values(rows).onConflictDoNothing({ target: desaKelurahan.kode });
    }
  });
  return { kecamatan: districts.length, desaKelurahan: villages.length };
}

export async function regionsAreEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(kecamatan);
  return (row?.count ?? 0) === 0;
}

export async function listKecamatan(db: Db): Promise<KecamatanOption[]> {
  return db
    .select({ id: kecamatan.id, kode: kecamatan.kode, nama: kecamatan.nama })
    .from(kecamatan)
    .orderBy(asc(kecamatan.nama));
}

export async function listDesaKelurahan(db: Db, kecamatanId: number): Promise<DesaKelurahanOption[]> {
  return db
    .select({
      id: desaKelurahan.id,
      kode: desaKelurahan.kode,
      nama: desaKelurahan.nama,
      jenis: desaKelurahan.jenis,
      kecamatanId: desaKelurahan.kecamatanId,
    })
    .from(desaKelurahan)
    .where(eq(desaKelurahan.kecamatanId, kecamatanId))
    .orderBy(asc(desaKelurahan.nama));
}

export async function requireKecamatan(db: Db, id: number): Promise<KecamatanOption> {
  const [row] = await db
    .select({ id: kecamatan.id, kode: kecamatan.kode, nama: kecamatan.nama })
    .from(kecamatan)
    .where(eq(kecamatan.id, id));
  if (!row) throw new DomainError("NOT_FOUND", "Kecamatan tidak ditemukan");
  return row;
}

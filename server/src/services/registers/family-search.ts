// The cadre's records search (head name or address) made index-friendly: the ward and kecamatan
// names and an "RT x RW y" phrase are resolved to ids and numbers first (two small tables), so the
// query over registers is an OR of the name's trigram index and equalities on indexed columns,
// never an ILIKE over joined names or built strings that makes PostgreSQL read every family.
import { and, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { registers } from "../../db/schema/registers.ts";
import { containsPattern } from "../common/like.ts";
import type { RegisterView } from "./policy.ts";
import { columnAccess } from "./presenter.ts";

const pad = (digits: string) => digits.padStart(3, "0").slice(-3);

/** "RT 1", "rw 05", "RT 001 RW 005", "RT 1/RW 5": the RT and RW the text names, zero-padded. */
export function rtRwOf(search: string): { rt?: string; rw?: string } {
  const rt = /\bRT\s*\.?\s*(\d{1,3})\b/i.exec(search)?.[1];
  const rw = /\bRW\s*\.?\s*(\d{1,3})\b/i.exec(search)?.[1];
  return { ...(rt ? { rt: pad(rt) } : {}), ...(rw ? { rw: pad(rw) } : {}) };
}

/** The wards a name names: wards whose name contains it, and every ward of a kecamatan whose name does. */
async function wardsNamed(db: DbOrTx, name: string): Promise<Set<number>> {
  const pattern = containsPattern(name);
  const [wards, districts] = await Promise.all([
    db.select({ id: desaKelurahan.id }).from(desaKelurahan).where(ilike(desaKelurahan.nama, pattern)),
    db.select({ id: kecamatan.id }).from(kecamatan).where(ilike(kecamatan.nama, pattern)),
  ]);
  const wardIds = new Set(wards.map((row) => row.id));
  if (districts.length > 0) {
    const inDistricts = await db
      .select({ id: desaKelurahan.id })
      .from(desaKelurahan)
      .where(
        inArray(
          desaKelurahan.kecamatanId,
          districts.map((row) => row.id),
        ),
      );
    for (const row of inDistricts) wardIds.add(row.id);
  }
  return wardIds;
}

/** `rt = … and rw = …` for the RT/RW a text names; undefined when it names neither. */
function atRtRw(place: { rt?: string; rw?: string }): SQL | undefined {
  const parts: SQL[] = [];
  if (place.rt !== undefined) parts.push(eq(registers.rt, place.rt));
  if (place.rw !== undefined) parts.push(eq(registers.rw, place.rw));
  return parts.length > 0 ? sql`(${sql.join(parts, sql` and `)})` : undefined;
}

/**
 * An address as the lists write it, pasted whole ("RT 001/RW 005, Bekasijaya, Bekasi Timur"): every
 * comma-separated part must hold, the RT/RW phrase as numbers and each name as a ward or kecamatan.
 * Undefined when a part names nothing, so such a text matches no family by its address.
 */
async function addressCondition(db: DbOrTx, parts: string[]): Promise<SQL | undefined> {
  const place = rtRwOf(parts.join(" "));
  const names = parts.filter((part) => Object.keys(rtRwOf(part)).length === 0);
  const named = await Promise.all(names.map((name) => wardsNamed(db, name)));
  const [first, ...rest] = named;
  const wardIds = first && [...first].filter((id) => rest.every((set) => set.has(id)));
  if (wardIds?.length === 0) return undefined;
  const conditions = [atRtRw(place), wardIds && inArray(registers.desaKelurahanId, wardIds)].filter(
    (condition): condition is SQL => condition !== undefined,
  );
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The condition on registers for a search text: the head's name contains it, or the family lives
 * in a ward or kecamatan whose name contains it, or at the RT/RW it names, or (16 digits) its Nomor KK
 * is exactly that, for a view that sees the Nomor KK whole: a view that gets it masked must not
 * find a family by it either (REST refuses that filter the same way). A text with commas is also
 * read as an address, each part narrowing it (addressCondition). Undefined for "".
 */
export async function familySearch(db: DbOrTx, search: string, view: RegisterView): Promise<SQL | undefined> {
  const text = search.trim();
  if (text === "") return undefined;
  const conditions: SQL[] = [ilike(registers.namaKepalaKeluarga, containsPattern(text))];
  if (/^\d{16}$/.test(text) && columnAccess(view, registers.nomorKk) === "full")
    conditions.push(eq(registers.nomorKk, text));
  const parts = text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (parts.length > 1) {
    const address = await addressCondition(db, parts);
    if (address) conditions.push(address);
    return or(...conditions);
  }
  const wardIds = await wardsNamed(db, text);
  if (wardIds.size > 0) conditions.push(inArray(registers.desaKelurahanId, [...wardIds]));
  const place = atRtRw(rtRwOf(text));
  if (place) conditions.push(place);
  return or(...conditions);
}

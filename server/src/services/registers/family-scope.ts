// The registers every cadre-workspace list and figure starts from: live family registrations inside
// the user's area. Search over head name and address uses the trigram-indexed name and the wards.
import { and, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { registers } from "../../db/schema/registers.ts";
import { scopeCondition, type AreaScope } from "./scope.ts";

export function liveFamilies(area: AreaScope): SQL {
  const where = and(scopeCondition(area), eq(registers.formType, "family_registration"), isNull(registers.deletedAt));
  if (!where) throw new Error("liveFamilies: empty condition");
  return where;
}

/** A LIKE pattern matching `text` literally anywhere (case is ignored by ilike). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Head name or address: the ward, the kecamatan, or "RT 001 RW 005". The query must join
 * desaKelurahan and kecamatan (see withPlaceNames).
 */
export function familySearchCondition(search: string): SQL | undefined {
  if (search === "") return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(registers.namaKepalaKeluarga, pattern),
    ilike(desaKelurahan.nama, pattern),
    ilike(kecamatan.nama, pattern),
    sql`('RT ' || coalesce(${registers.rt}, '') || ' RW ' || coalesce(${registers.rw}, '')) ilike ${pattern}`,
  );
}

/** "RT 001/RW 005, Bekasijaya, Bekasi Timur": the address line of lists. */
export function addressLine(
  row: { rt: string | null; rw: string | null },
  ward: string | null,
  district: string | null,
): string {
  return [`RT ${row.rt ?? "-"}/RW ${row.rw ?? "-"}`, ward, district].filter(Boolean).join(", ");
}

/** First six and last four digits, as the public search shows a NIK (DESIGN §6). */
export function maskNik(nik: string): string {
  return nik.length === 16 ? `${nik.slice(0, 6)}******${nik.slice(12)}` : "****************";
}

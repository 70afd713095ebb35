// Search over head name and address (the trigram-indexed name and the wards) and the address line
// of the cadre-workspace lists. Which rows a user may see is policy.ts's business.
import { eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { registers } from "../../db/schema/registers.ts";
import { containsPattern } from "../common/like.ts";

/**
 * Head name, Nomor KK (16 digits, exact), or address: the ward, the kecamatan, or "RT 001 RW 005". The query must join
 * desaKelurahan and kecamatan (see withPlaceNames).
 */
export function familySearchCondition(search: string): SQL | undefined {
  if (search === "") return undefined;
  const pattern = containsPattern(search);
  const kk = /^\d{16}$/.test(search.trim()) ? eq(registers.nomorKk, search.trim()) : undefined;
  return or(
    kk,
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

// Population figures of the admin Statistics tab, computed by SQL aggregates (the spec's client
// fetched 1000 rows and summed them in the browser).
import { asc, eq, sql } from "drizzle-orm";
import type { JenisWilayah, KecamatanStats, PopulationStats } from "@shared/schemas/regions.ts";
import type { Db } from "../../db/client.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import type { Actor } from "../accounts/actor.ts";
import { requireAdmin } from "../common/access.ts";

const aggregates = {
  totalWilayah: sql<number>`count(${desaKelurahan.id})::int`,
  totalDesa: sql<number>`(count(${desaKelurahan.id}) filter (where ${desaKelurahan.jenis} = 'desa'))::int`,
  totalKelurahan: sql<number>`(count(${desaKelurahan.id}) filter (where ${desaKelurahan.jenis} = 'kelurahan'))::int`,
  // bigint sum and numeric avg arrive as strings from the driver; cast to float8 for plain numbers.
  totalPenduduk: sql<number>`coalesce(sum(${desaKelurahan.jumlahPenduduk}), 0)::float8`,
  rataRataPenduduk: sql<number | null>`avg(${desaKelurahan.jumlahPenduduk})::float8`,
};

type Aggregate = {
  totalWilayah: number;
  totalDesa: number;
  totalKelurahan: number;
  totalPenduduk: number;
  rataRataPenduduk: number | null;
};

function withShares(row: Aggregate): PopulationStats {
  const share = (part: number) => (row.totalWilayah === 0 ? 0 : (part / row.totalWilayah) * 100);
  return {
    totalWilayah: row.totalWilayah,
    totalDesa: row.totalDesa,
    totalKelurahan: row.totalKelurahan,
    totalPenduduk: Number(row.totalPenduduk),
    rataRataPenduduk: row.rataRataPenduduk === null ? null : Number(row.rataRataPenduduk),
    persentaseDesa: share(row.totalDesa),
    persentaseKelurahan: share(row.totalKelurahan),
  };
}

function mostNumerous(row: Aggregate): JenisWilayah | null {
  if (row.totalDesa === row.totalKelurahan) return null;
  return row.totalDesa > row.totalKelurahan ? "desa" : "kelurahan";
}

export interface RegionStats {
  overall: PopulationStats;
  perKecamatan: KecamatanStats[];
}

/** City-wide figures and one row per district (districts without areas included, with zeros). */
export async function regionStats(db: Db, actor: Actor): Promise<RegionStats> {
  requireAdmin(actor);
  const [overall] = await db.select(aggregates).from(desaKelurahan);
  const districts = await db
    .select({ kecamatanId: kecamatan.id, kecamatanNama: kecamatan.nama, ...aggregates })
    .from(kecamatan)
    .leftJoin(desaKelurahan, eq(desaKelurahan.kecamatanId, kecamatan.id))
    .groupBy(kecamatan.id)
    .orderBy(asc(kecamatan.nama));
  return {
    overall: withShares(
      overall ?? { totalWilayah: 0, totalDesa: 0, totalKelurahan: 0, totalPenduduk: 0, rataRataPenduduk: null },
    ),
    perKecamatan: districts.map((row) => ({
      kecamatanId: row.kecamatanId,
      kecamatanNama: row.kecamatanNama,
      ...withShares(row),
      jenisTerbanyak: mostNumerous(row),
    })),
  };
}

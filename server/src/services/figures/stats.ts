import { asc, eq, sql } from "drizzle-orm";
import { percentOneDecimal } from "@shared/percent.ts";
import type { KecamatanStats, PublicStats } from "@shared/schemas/stats.ts";
import type { Db } from "../../db/client.ts";
import { compiledQuery } from "../../db/compiled.ts";
import { figureWardRollups } from "../../db/schema/figures.ts";
import { kecamatan } from "../../db/schema/regions.ts";

const families = sql<number>`coalesce(sum(${figureWardRollups.families}), 0)`.mapWith(Number);
const approved =
  sql<number>`coalesce(sum(${figureWardRollups.families}) filter (where ${figureWardRollups.status} = 'APPROVED'), 0)`.mapWith(
    Number,
  );

/** Families and approved ones per kecamatan (every kecamatan, in code order); no values: written once. */
const perKecamatanQuery = compiledQuery(
  "public_stats_per_kecamatan",
  () => "city",
  (db) => {
    const perArea = db
      .select({
        kecamatanId: figureWardRollups.kecamatanId,
        families: families.as("families"),
        approved: approved.as("approved"),
      })
      .from(figureWardRollups)
      .groupBy(figureWardRollups.kecamatanId)
      .as("per_area");
    return db
      .select({
        kecamatanId: kecamatan.id,
        kode: kecamatan.kode,
        nama: kecamatan.nama,
        families: sql<number>`coalesce(${perArea.families}, 0)`.mapWith(Number),
        approved: sql<number>`coalesce(${perArea.approved}, 0)`.mapWith(Number),
      })
      .from(kecamatan)
      .leftJoin(perArea, eq(perArea.kecamatanId, kecamatan.id))
      .orderBy(asc(kecamatan.kode));
  },
);

// Totals are summed on their own so a family without a kecamatan (filed under 0) still counts.
const totalsQuery = compiledQuery(
  "public_stats_totals",
  () => "city",
  (db) => db.select({ families, approved }).from(figureWardRollups),
);

/** The figures from the trigger-kept per-ward rollup (a few hundred rows however many families), uncached. */
export async function computePublicStats(db: Db, now = new Date()): Promise<PublicStats> {
  const rows = await perKecamatanQuery(db, null, {});
  const [totals] = await totalsQuery(db, null, {});
  const familiesRegistered = totals?.families ?? 0;
  const familiesApproved = totals?.approved ?? 0;
  const perKecamatan: KecamatanStats[] = rows;
  return {
    familiesRegistered,
    familiesApproved,
    validatedPercent: percentOneDecimal(familiesApproved, familiesRegistered),
    perKecamatan,
    computedAt: now.toISOString(),
  };
}

export const PUBLIC_STATS_MAX_AGE_MS = 60_000;

// The landing page is the busiest page and its figures are not personal: one computation per
// minute per database serves every visitor. Keyed by the database handle so tests never share it.
const cache = new WeakMap<Db, { at: number; value: Promise<PublicStats> }>();

/** The public figures, computed at most once per `maxAgeMs` (a failed computation is not kept). */
export function publicStats(db: Db, options: { now?: number; maxAgeMs?: number } = {}): Promise<PublicStats> {
  const now = options.now ?? Date.now();
  const maxAgeMs = options.maxAgeMs ?? PUBLIC_STATS_MAX_AGE_MS;
  const hit = cache.get(db);
  if (hit && now - hit.at < maxAgeMs) return hit.value;
  const value = computePublicStats(db, new Date(now));
  cache.set(db, { at: now, value });
  value.catch(() => {
    if (cache.get(db)?.value === value) cache.delete(db);
  });
  return value;
}

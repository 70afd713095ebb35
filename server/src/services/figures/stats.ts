import { percentOneDecimal } from "@shared/percent.ts";
import type { KecamatanStats, PublicStats } from "@shared/schemas/stats.ts";
import type { Db } from "../../db/client.ts";
import { publicBreakdown, type RegionFigure } from "./statistics.ts";

/** Families with a status that reached the kelurahan's approval: the landing's "validated" count. */
const approvedOf = (figure: RegionFigure): number | null =>
  figure.categories.find((category) => category.key === "APPROVED")?.value ?? null;

/**
 * The landing's figures, read from the public statistics' one suppressed table (the status
 * indicator over the whole city, publicBreakdown): a kecamatan of 1–4 families, or 1–4 approved
 * ones, shows '<5' here exactly as on /statistik, so neither page can undo the other's hiding.
 * From the trigger-kept per-ward rollups (a few hundred rows however many families), uncached.
 */
export async function computePublicStats(db: Db, now = new Date()): Promise<PublicStats> {
  const { parent, rows } = await publicBreakdown(db, { indicator: "status-validasi" });
  const familiesRegistered = parent.families;
  const familiesApproved = approvedOf(parent);
  const perKecamatan: KecamatanStats[] = rows.map((row) => ({
    kecamatanId: Number(row.id),
    kode: row.kode ?? "",
    nama: row.nama,
    families: row.families,
    approved: approvedOf(row),
  }));
  return {
    familiesRegistered,
    familiesApproved,
    validatedPercent:
      familiesRegistered === null || familiesApproved === null
        ? null
        : percentOneDecimal(familiesApproved, familiesRegistered),
    perKecamatan,
    computedAt: now.toISOString(),
  };
}

/** The default of the PUBLIC_STATS_MAX_AGE_MS setting (env.ts). */
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

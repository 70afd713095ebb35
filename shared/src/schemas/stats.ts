/** Per-kecamatan line of the public statistics. */
export interface KecamatanStats {
  kecamatanId: number;
  kode: string;
  nama: string;
  /** Null when 1–4: the public sees '<5' (the statistics' small-count rule). */
  families: number | null;
  /** Null when 1–4 (or hidden to keep another hidden cell from being worked out). */
  approved: number | null;
}

/** Public, non-personal figures of the landing page (family registrations only, deleted excluded). */
export interface PublicStats {
  /** Null (shown '<5') like any public figure of 1–4 families. */
  familiesRegistered: number | null;
  familiesApproved: number | null;
  /** APPROVED / registered × 100, rounded to 1 decimal; 0 when nothing is registered; null when either is hidden. */
  validatedPercent: number | null;
  /** Every kecamatan of the city, by official code, including those without families yet. */
  perKecamatan: KecamatanStats[];
  /** ISO time the figures were computed (the server caches them briefly). */
  computedAt: string;
}

/** Per-kecamatan line of the public statistics. */
export interface KecamatanStats {
  kecamatanId: number;
  kode: string;
  nama: string;
  families: number;
  approved: number;
}

/** Public, non-personal figures of the landing page (family registrations only, deleted excluded). */
export interface PublicStats {
  familiesRegistered: number;
  familiesApproved: number;
  /** APPROVED / registered × 100, rounded to 1 decimal; 0 when nothing is registered. */
  validatedPercent: number;
  /** Every kecamatan of the city, by official code, including those without families yet. */
  perKecamatan: KecamatanStats[];
  /** ISO time the figures were computed (the server caches them briefly). */
  computedAt: string;
}

import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { percentOneDecimal } from "@shared/percent.ts";
import { formatDateTime, formatNumber, formatPercent } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";
import { showCount } from "../statistics/figures.ts";

/**
 * The validated share of a kecamatan. A hidden count (1–4 families, null) shows '<5' as the caption
 * says, never a percentage (which would give the hidden count away); "–" only when there are no families.
 */
function showShare(part: number | null, whole: number | null): string {
  if (whole === 0) return "–";
  if (part === null || whole === null) return "<5";
  return formatPercent(percentOneDecimal(part, whole));
}

/** Real figures from the database (server-cached for a minute), never a fixed sample. */
export function StatisticsSection() {
  const stats = useQuery(trpc.stats.public.queryOptions());
  const config = useQuery(trpc.config.public.queryOptions());
  const city = config.data?.cityName ?? "";

  return (
    <section id="statistik" aria-labelledby="judul-statistik" className="scroll-mt-20 bg-base-200">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="judul-statistik" className="text-2xl font-bold sm:text-3xl">
          Statistik Wilayah
        </h2>
        <p className="mt-2 max-w-2xl">
          Ringkasan data keluarga yang sudah masuk ke portal{city && ` di ${city}`}, per kecamatan.
        </p>
        <Link to="/statistik" className="btn btn-primary btn-sm mt-4">
          Lihat grafik dan peta per wilayah
        </Link>

        {stats.isPending && (
          <div className="mt-8 grid gap-4 sm:grid-cols-3" role="status" aria-busy="true" aria-label="Memuat statistik">
            {[0, 1, 2].map((index) => (
              <div key={index} className="skeleton h-28 rounded-box" />
            ))}
            <div className="skeleton h-72 rounded-box sm:col-span-3" />
          </div>
        )}

        {stats.isError && (
          <div role="alert" className="alert alert-error mt-8 flex flex-wrap">
            <span>Statistik belum dapat dimuat. Periksa koneksi internet Anda.</span>
            <button type="button" className="btn btn-sm" onClick={() => stats.refetch()}>
              Coba lagi
            </button>
          </div>
        )}

        {stats.data && (
          <>
            <dl className="mt-8 grid gap-4 sm:grid-cols-3">
              <div className="rounded-box bg-base-100 p-5 shadow-sm">
                <dt className="text-sm">Keluarga terdaftar</dt>
                <dd className="mt-1 text-3xl font-bold text-primary" data-testid="stat-keluarga">
                  {showCount(stats.data.familiesRegistered)}
                </dd>
              </div>
              <div className="rounded-box bg-base-100 p-5 shadow-sm">
                <dt className="text-sm">Sudah divalidasi kelurahan</dt>
                <dd className="mt-1 text-3xl font-bold text-primary" data-testid="stat-valid">
                  {stats.data.validatedPercent === null ? "–" : formatPercent(stats.data.validatedPercent)}
                </dd>
                <dd className="text-sm">
                  {showCount(stats.data.familiesApproved)} dari {showCount(stats.data.familiesRegistered)} keluarga
                  disetujui
                </dd>
              </div>
              <div className="rounded-box bg-base-100 p-5 shadow-sm">
                <dt className="text-sm">Kecamatan dengan data</dt>
                <dd className="mt-1 text-3xl font-bold text-primary" data-testid="stat-kecamatan">
                  {formatNumber(stats.data.perKecamatan.filter((row) => row.families !== 0).length)}
                </dd>
                <dd className="text-sm">dari {formatNumber(stats.data.perKecamatan.length)} kecamatan</dd>
              </div>
            </dl>

            {stats.data.familiesRegistered === 0 ? (
              <p className="mt-6 rounded-box bg-base-100 p-5">
                Belum ada data keluarga yang terdaftar. Jadilah yang pertama mendaftarkan keluarga Anda.
              </p>
            ) : (
              <div className="mt-6 overflow-x-auto rounded-box bg-base-100 shadow-sm">
                <table className="table" data-testid="tabel-kecamatan">
                  <caption className="p-4 text-left text-sm">
                    Keluarga per kecamatan. Diperbarui {formatDateTime(stats.data.computedAt)}; angka diperbarui setiap
                    menit. Demi kerahasiaan keluarga, angka di bawah 5 keluarga ditampilkan sebagai '&lt;5', juga di
                    kolom Divalidasi (tanpa persentase).
                  </caption>
                  <thead className="text-base-content">
                    <tr>
                      <th scope="col">Kecamatan</th>
                      <th scope="col" className="text-right">
                        Keluarga
                      </th>
                      <th scope="col" className="text-right">
                        Divalidasi
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {stats.data.perKecamatan.map((row) => (
                      <tr key={row.kecamatanId}>
                        <th scope="row" className="font-normal">
                          {row.nama}
                        </th>
                        <td className="text-right tabular-nums">{showCount(row.families)}</td>
                        <td className="text-right tabular-nums">{showShare(row.approved, row.families)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

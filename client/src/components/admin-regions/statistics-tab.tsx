import { useQuery } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { jenisLabel, type KecamatanStats, type PopulationStats } from "@shared/schemas/regions.ts";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { formatNumber, formatPercent } from "./format.ts";

function StatCard({ title, value, children }: { title: string; value: ReactNode; children?: ReactNode }) {
  const id = useId();
  return (
    <div className="card border border-base-300 bg-base-100" role="group" aria-labelledby={id}>
      <div className="card-body gap-1 p-4">
        <h3 id={id} className="text-sm font-medium text-base-content/80">
          {title}
        </h3>
        <p className="text-2xl font-bold">{value}</p>
        {children && <div className="text-sm">{children}</div>}
      </div>
    </div>
  );
}

function Distribution({ stats }: { stats: PopulationStats }) {
  return (
    <ul>
      <li>{`Desa: ${formatPercent(stats.persentaseDesa)}`}</li>
      <li>{`Kelurahan: ${formatPercent(stats.persentaseKelurahan)}`}</li>
    </ul>
  );
}

const average = (value: number | null) => (value === null ? "-" : `${formatNumber(Math.round(value))} jiwa`);

/** Statistics tab: figures computed by the server's SQL aggregates. */
export function StatisticsTab() {
  const id = useId();
  const stats = useQuery(trpc.regions.stats.queryOptions());
  const [kecamatanId, setKecamatanId] = useState<number | null>(null);

  if (stats.isPending)
    return (
      <p>
        <span className="loading loading-spinner" aria-hidden="true" /> Memuat statistik...
      </p>
    );
  if (stats.isError) {
    return (
      <div role="alert" className="alert alert-error">
        <span>{errorMessage(stats.error, { fallback: "Failed to fetch population statistics" })}</span>
        <button type="button" className="btn btn-sm" onClick={() => stats.refetch()}>
          Coba lagi
        </button>
      </div>
    );
  }
  const { overall, perKecamatan } = stats.data;
  if (overall.totalWilayah === 0)
    return <p className="rounded-box bg-base-200 p-6 text-center">Tidak ada data statistik</p>;
  const chosen: KecamatanStats | undefined =
    perKecamatan.find((item) => item.kecamatanId === kecamatanId) ?? perKecamatan[0];

  return (
    <div className="grid gap-6">
      <section aria-labelledby={`${id}-kota`}>
        <h2 id={`${id}-kota`} className="mb-3 text-lg font-semibold">
          Statistik Seluruh Wilayah
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard title="Total Wilayah" value={formatNumber(overall.totalWilayah)}>
            {`${formatNumber(overall.totalDesa)} desa, ${formatNumber(overall.totalKelurahan)} kelurahan`}
          </StatCard>
          <StatCard title="Total Penduduk" value={`${formatNumber(overall.totalPenduduk)} jiwa`} />
          <StatCard title="Rata-rata Penduduk" value={average(overall.rataRataPenduduk)}>
            per desa/kelurahan yang terisi
          </StatCard>
          <StatCard
            title="Distribusi"
            value={`${formatPercent(overall.persentaseDesa)} / ${formatPercent(overall.persentaseKelurahan)}`}
          >
            <Distribution stats={overall} />
          </StatCard>
        </div>
      </section>

      <section aria-labelledby={`${id}-ringkas`}>
        <h2 id={`${id}-ringkas`} className="mb-3 text-lg font-semibold">
          Ringkasan
        </h2>
        <div className="grid grid-cols-2 gap-4">
          <StatCard title="Desa" value={formatNumber(overall.totalDesa)}>
            {formatPercent(overall.persentaseDesa)}
          </StatCard>
          <StatCard title="Kelurahan" value={formatNumber(overall.totalKelurahan)}>
            {formatPercent(overall.persentaseKelurahan)}
          </StatCard>
        </div>
      </section>

      <section aria-labelledby={`${id}-kecamatan`} className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4 p-4 sm:p-6">
          <h2 id={`${id}-kecamatan`} className="card-title">
            Statistik per Kecamatan
          </h2>
          <div className="fieldset max-w-sm">
            <label className="fieldset-legend" htmlFor={`${id}-pilih`}>
              Kecamatan
            </label>
            <select
              id={`${id}-pilih`}
              className="select w-full"
              value={chosen?.kecamatanId ?? ""}
              onChange={(event) => setKecamatanId(Number(event.target.value))}
            >
              {perKecamatan.map((item) => (
                <option key={item.kecamatanId} value={item.kecamatanId}>
                  {item.kecamatanNama}
                </option>
              ))}
            </select>
          </div>
          {!chosen || chosen.totalWilayah === 0 ? (
            <p className="rounded-box bg-base-200 p-4 text-center">Tidak ada data statistik untuk kecamatan ini</p>
          ) : (
            <dl
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
              aria-label={`Statistik Kecamatan ${chosen.kecamatanNama}`}
            >
              <div>
                <dt className="text-sm text-base-content/80">Total Wilayah</dt>
                <dd className="text-xl font-bold">{formatNumber(chosen.totalWilayah)}</dd>
                <dd className="text-sm">{`${formatNumber(chosen.totalDesa)} desa, ${formatNumber(chosen.totalKelurahan)} kelurahan`}</dd>
              </div>
              <div>
                <dt className="text-sm text-base-content/80">Total Penduduk</dt>
                <dd className="text-xl font-bold">{`${formatNumber(chosen.totalPenduduk)} jiwa`}</dd>
                <dd className="text-sm">{`Rata-rata per wilayah: ${average(chosen.rataRataPenduduk)}`}</dd>
              </div>
              <div>
                <dt className="text-sm text-base-content/80">Distribusi</dt>
                <dd className="text-sm">
                  <Distribution stats={chosen} />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-base-content/80">Jenis Terbanyak</dt>
                <dd className="text-xl font-bold">
                  {chosen.jenisTerbanyak ? jenisLabel[chosen.jenisTerbanyak] : "Seimbang"}
                </dd>
              </div>
            </dl>
          )}
        </div>
      </section>
    </div>
  );
}

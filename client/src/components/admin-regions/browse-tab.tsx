import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { jenisLabel, type DesaKelurahanRow, type JenisWilayah } from "@shared/schemas/regions.ts";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { formatNumber } from "./format.ts";

type BrowseFilter = "semua" | JenisWilayah;

function RegionCard({ row }: { row: DesaKelurahanRow }) {
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-1 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold">{row.nama}</h3>
          <span className={`badge ${row.jenis === "desa" ? "badge-accent" : "badge-primary"}`}>
            {jenisLabel[row.jenis]}
          </span>
        </div>
        <p className="text-sm">{`Kode: ${row.kode}`}</p>
        <p className="text-sm">
          {row.jumlahPenduduk === null ? "Penduduk: -" : `Penduduk: ${formatNumber(row.jumlahPenduduk)} jiwa`}
        </p>
        <p className="text-sm">{`Kecamatan: ${row.kecamatanNama}`}</p>
      </div>
    </li>
  );
}

/** Browse tab: one district at a time, tabs Semua / Desa (n) / Kelurahan (n) with card grids. */
export function BrowseTab() {
  const id = useId();
  const kecamatan = useQuery(trpc.regions.kecamatan.queryOptions());
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [filter, setFilter] = useState<BrowseFilter>("semua");
  const kecamatanId = chosenId ?? kecamatan.data?.[0]?.id ?? null;
  const rows = useQuery({
    ...trpc.regions.desaKelurahanOfKecamatan.queryOptions({ kecamatanId: kecamatanId ?? 0 }),
    enabled: kecamatanId !== null,
  });

  const all = rows.data ?? [];
  const counts = {
    semua: all.length,
    desa: all.filter((row) => row.jenis === "desa").length,
    kelurahan: all.filter((row) => row.jenis === "kelurahan").length,
  };
  const shown = filter === "semua" ? all : all.filter((row) => row.jenis === filter);
  const tabs: Array<[BrowseFilter, string]> = [
    ["semua", "Semua"],
    ["desa", `Desa (${counts.desa})`],
    ["kelurahan", `Kelurahan (${counts.kelurahan})`],
  ];

  return (
    <div className="grid gap-4">
      <div className="fieldset max-w-sm">
        <label className="fieldset-legend" htmlFor={`${id}-kecamatan`}>
          Kecamatan
        </label>
        <select
          id={`${id}-kecamatan`}
          className="select w-full"
          value={kecamatanId ?? ""}
          disabled={kecamatan.isPending}
          onChange={(event) => {
            setChosenId(Number(event.target.value));
            setFilter("semua");
          }}
        >
          {kecamatan.data?.map((item) => (
            <option key={item.id} value={item.id}>
              {item.nama}
            </option>
          ))}
        </select>
      </div>
      {(kecamatan.isError || rows.isError) && (
        <div role="alert" className="alert alert-error">
          <span>
            {errorMessage(kecamatan.error ?? rows.error, {
              fallback: kecamatan.isError ? "Failed to fetch kecamatans" : "Failed to fetch desa-kelurahans",
            })}
          </span>
        </div>
      )}
      <div role="tablist" aria-label="Jenis wilayah" className="tabs tabs-border">
        {tabs.map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={filter === value}
            aria-controls={`${id}-grid`}
            className={`tab text-base-content! ${filter === value ? "tab-active" : ""}`}
            onClick={() => setFilter(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <div id={`${id}-grid`} role="tabpanel" aria-label="Daftar wilayah">
        {rows.isPending && kecamatanId !== null && (
          <p>
            <span className="loading loading-spinner" aria-hidden="true" /> Memuat data...
          </p>
        )}
        {rows.data && shown.length === 0 && <p className="rounded-box bg-base-200 p-6 text-center">Tidak ada data</p>}
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((row) => (
            <RegionCard key={row.id} row={row} />
          ))}
        </ul>
      </div>
    </div>
  );
}

import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { jenisLabel, type KecamatanOption, type KecamatanSummary } from "@shared/schemas/regions.ts";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { ConfirmDelete } from "./confirm-delete.tsx";
import { formatNumber } from "./format.ts";
import { KecamatanDialog } from "./kecamatan-dialog.tsx";
import { BoundariesUpload } from "./boundaries-upload.tsx";
import { PopulationImport } from "./population-import.tsx";
import { useRefreshRegions, useRegionToasts } from "./use-region-mutations.ts";

interface Props {
  /** Opens the data table filtered to one district. */
  onShowDistrict: (kecamatanId: number) => void;
}

/** Management tab: summary, a location picker by district, district management and the CSV import. */
export function ManagementTab({ onShowDistrict }: Props) {
  const id = useId();
  const summary = useQuery(trpc.regions.kecamatanSummary.queryOptions());
  const [pickedId, setPickedId] = useState<number | null>(null);
  const wards = useQuery({
    ...trpc.regions.desaKelurahanOfKecamatan.queryOptions({ kecamatanId: pickedId ?? 0 }),
    enabled: pickedId !== null,
  });
  const [editing, setEditing] = useState<KecamatanSummary | "new" | null>(null);
  const [deleting, setDeleting] = useState<KecamatanOption | null>(null);
  const refresh = useRefreshRegions();
  const toasts = useRegionToasts();
  const remove = useMutation(
    trpc.regions.deleteKecamatan.mutationOptions({
      onSuccess: async () => {
        toasts.success("Data berhasil dihapus");
        setDeleting(null);
        await refresh();
      },
      onError: (error) => {
        setDeleting(null);
        toasts.failure(error, "Failed to delete kecamatan");
      },
    }),
  );

  const districts = summary.data ?? [];
  const wardTotal = districts.reduce((sum, item) => sum + item.desaKelurahanCount, 0);

  return (
    // One column no wider than the screen: an auto column grew to the district table's width and
    // the whole tab scrolled sideways at 360 px (the table scrolls inside its own box instead).
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {summary.isError && (
        <div role="alert" className="alert alert-error">
          <span>{errorMessage(summary.error, { fallback: "Failed to fetch kecamatans" })}</span>
          <button type="button" className="btn btn-sm" onClick={() => summary.refetch()}>
            Coba lagi
          </button>
        </div>
      )}
      <section aria-labelledby={`${id}-ringkasan`} className="grid gap-4 sm:grid-cols-2">
        <h2 id={`${id}-ringkasan`} className="sr-only">
          Ringkasan
        </h2>
        <div className="card border border-base-300 bg-base-100">
          <div className="card-body p-4">
            <p className="text-sm text-base-content/80">Jumlah Kecamatan</p>
            <p className="text-2xl font-bold">{summary.isPending ? "..." : formatNumber(districts.length)}</p>
          </div>
        </div>
        <div className="card border border-base-300 bg-base-100">
          <div className="card-body p-4">
            <p className="text-sm text-base-content/80">Jumlah Desa/Kelurahan</p>
            <p className="text-2xl font-bold">{summary.isPending ? "..." : formatNumber(wardTotal)}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby={`${id}-lokasi`} className="card border border-base-300 bg-base-100">
        <div className="card-body gap-3 p-4 sm:p-6">
          <h2 id={`${id}-lokasi`} className="card-title">
            Pilih Lokasi
          </h2>
          <div className="fieldset max-w-sm">
            <label className="fieldset-legend" htmlFor={`${id}-pilih`}>
              Kecamatan
            </label>
            <select
              id={`${id}-pilih`}
              className="select w-full"
              value={pickedId ?? ""}
              onChange={(event) => setPickedId(event.target.value ? Number(event.target.value) : null)}
            >
              <option value="">
                {districts.length === 0 && !summary.isPending ? "Tidak ada data kecamatan" : "Pilih kecamatan"}
              </option>
              {districts.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.nama}
                </option>
              ))}
            </select>
          </div>
          {pickedId !== null && wards.isPending && <p>Memuat data...</p>}
          {wards.data && (
            <>
              {wards.data.length === 0 ? (
                <p>Tidak ada data</p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {wards.data.map((row) => (
                    <li
                      key={row.id}
                      className="badge badge-outline h-auto py-1"
                    >{`${jenisLabel[row.jenis]} ${row.nama} (${row.kode})`}</li>
                  ))}
                </ul>
              )}
              <div>
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => pickedId !== null && onShowDistrict(pickedId)}
                >
                  Tampilkan di tabel
                </button>
              </div>
            </>
          )}
        </div>
      </section>

      <section aria-labelledby={`${id}-kecamatan`} className="card border border-base-300 bg-base-100">
        <div className="card-body gap-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`${id}-kecamatan`} className="card-title">
              Kecamatan
            </h2>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing("new")}>
              Tambah Kecamatan
            </button>
          </div>
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <caption className="sr-only">Daftar kecamatan</caption>
              <thead className="text-base-content">
                <tr>
                  <th scope="col">Nama</th>
                  <th scope="col">Kode</th>
                  <th scope="col" className="text-right">
                    Desa/Kelurahan
                  </th>
                  <th scope="col">Aksi</th>
                </tr>
              </thead>
              <tbody>
                {summary.data && districts.length === 0 && (
                  <tr>
                    <td colSpan={4} className="text-center">
                      Tidak ada data
                    </td>
                  </tr>
                )}
                {districts.map((item) => (
                  <tr key={item.id}>
                    <td>{item.nama}</td>
                    <td className="whitespace-nowrap">{item.kode}</td>
                    <td className="text-right">{formatNumber(item.desaKelurahanCount)}</td>
                    <td>
                      <div className="flex gap-1">
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs"
                          aria-label={`Edit kecamatan ${item.nama}`}
                          onClick={() => setEditing(item)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs text-error"
                          aria-label={`Hapus kecamatan ${item.nama}`}
                          onClick={() => setDeleting(item)}
                        >
                          Hapus
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <PopulationImport />
      <BoundariesUpload />

      <KecamatanDialog target={editing} onClose={() => setEditing(null)} />
      <ConfirmDelete
        name={deleting?.nama ?? null}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent } from "react";
import { jenisLabel, type DesaKelurahanRow, type JenisFilter } from "@shared/schemas/regions.ts";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { ConfirmDelete } from "./confirm-delete.tsx";
import { formatNumber } from "./format.ts";
import { RegionFormDialog } from "./region-form-dialog.tsx";
import { pageInput, type AdminRegionSearch } from "./search.ts";
import { useDeleteDesaKelurahan } from "./use-region-mutations.ts";

interface Props {
  search: AdminRegionSearch;
  onSearch: (change: Partial<AdminRegionSearch>) => void;
}

/** The 'Data Desa/Kelurahan' screen: search, filters, server-paged table, create/edit/delete. */
export function DataTab({ search, onSearch }: Props) {
  const id = useId();
  const [draft, setDraft] = useState(search.q);
  const [editing, setEditing] = useState<DesaKelurahanRow | "new" | null>(null);
  const [deleting, setDeleting] = useState<DesaKelurahanRow | null>(null);
  useEffect(() => setDraft(search.q), [search.q]);

  const kecamatan = useQuery(trpc.regions.kecamatan.queryOptions());
  const list = useQuery({
    ...trpc.regions.desaKelurahanPage.queryOptions(pageInput(search)),
    placeholderData: keepPreviousData,
  });
  const remove = useDeleteDesaKelurahan(() => setDeleting(null));

  // Every change of what is searched starts again at page 1 (SPEC §2).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ q: draft.trim(), page: 1 });
  };
  const resetAll = () => {
    setDraft("");
    onSearch({ q: "", jenis: "all", kecamatan: undefined, page: 1 });
  };

  const data = list.data;
  const pageCount = Math.max(data?.pageCount ?? 1, 1);
  // After deleting the last row of the last page, step back to the page that still has rows.
  const pastEnd = data !== undefined && data.total > 0 && data.page > data.pageCount;
  useEffect(() => {
    if (pastEnd && data) onSearch({ page: data.pageCount });
  }, [pastEnd, data, onSearch]);

  return (
    <div className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="card-title">Data Desa/Kelurahan</h2>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing("new")}>
            Tambah Desa/Kelurahan
          </button>
        </div>

        <form role="search" onSubmit={submit} className="grid gap-3 md:grid-cols-[1fr_auto_auto] md:items-end">
          <div className="fieldset">
            <label className="fieldset-legend" htmlFor={`${id}-q`}>
              Cari nama atau kode
            </label>
            <input
              id={`${id}-q`}
              type="search"
              className="input w-full"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Contoh: Margahayu"
            />
          </div>
          <div className="flex gap-2">
            <button type="submit" className="btn btn-primary">
              Cari
            </button>
            <button type="button" className="btn" onClick={resetAll}>
              Reset
            </button>
          </div>
          <div className="grid grid-cols-2 gap-2 md:col-span-3 md:max-w-xl">
            <div className="fieldset">
              <label className="fieldset-legend" htmlFor={`${id}-jenis`}>
                Jenis
              </label>
              <select
                id={`${id}-jenis`}
                className="select w-full"
                value={search.jenis}
                onChange={(event) => onSearch({ jenis: toJenisFilter(event.target.value), page: 1 })}
              >
                <option value="all">Semua jenis</option>
                <option value="desa">Desa</option>
                <option value="kelurahan">Kelurahan</option>
              </select>
            </div>
            <div className="fieldset">
              <label className="fieldset-legend" htmlFor={`${id}-kecamatan`}>
                Kecamatan
              </label>
              <select
                id={`${id}-kecamatan`}
                className="select w-full"
                value={search.kecamatan ?? ""}
                onChange={(event) =>
                  onSearch({ kecamatan: event.target.value ? Number(event.target.value) : undefined, page: 1 })
                }
              >
                <option value="">Semua kecamatan</option>
                {kecamatan.data?.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.nama}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </form>

        {list.isError && (
          <div role="alert" className="alert alert-error">
            <span>{errorMessage(list.error, { fallback: "Failed to fetch desa-kelurahans" })}</span>
            <button type="button" className="btn btn-sm" onClick={() => list.refetch()}>
              Coba lagi
            </button>
          </div>
        )}

        <div className="overflow-x-auto" aria-busy={list.isFetching}>
          <table className="table table-zebra">
            <caption className="sr-only">Daftar desa dan kelurahan</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Nama</th>
                <th scope="col">Kode</th>
                <th scope="col">Jenis</th>
                <th scope="col">Kecamatan</th>
                <th scope="col">Kode Pos</th>
                <th scope="col" className="text-right">
                  Jumlah Penduduk
                </th>
                <th scope="col">Aksi</th>
              </tr>
            </thead>
            <tbody>
              {list.isPending && (
                <tr>
                  <td colSpan={7} className="text-center">
                    <span className="loading loading-spinner" aria-hidden="true" /> Memuat data...
                  </td>
                </tr>
              )}
              {data && data.rows.length === 0 && (
                <tr>
                  <td colSpan={7} className="text-center">
                    Tidak ada data
                  </td>
                </tr>
              )}
              {data?.rows.map((row) => (
                <tr key={row.id}>
                  <td className="font-medium">{row.nama}</td>
                  <td className="whitespace-nowrap">{row.kode}</td>
                  <td>
                    <span className={`badge ${row.jenis === "desa" ? "badge-accent" : "badge-primary"}`}>
                      {jenisLabel[row.jenis]}
                    </span>
                  </td>
                  <td>{row.kecamatanNama}</td>
                  <td>{row.kodePos ?? "-"}</td>
                  <td className="text-right">{formatNumber(row.jumlahPenduduk)}</td>
                  <td>
                    <div className="flex gap-1">
                      <button
                        type="button"
                        className="btn btn-ghost btn-xs"
                        onClick={() => setEditing(row)}
                        aria-label={`Edit ${row.nama}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-xs text-error"
                        onClick={() => setDeleting(row)}
                        aria-label={`Hapus ${row.nama}`}
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

        {data && (
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm" aria-live="polite">
            <p>{`Menampilkan ${formatNumber(data.rows.length)} dari ${formatNumber(data.total)} data`}</p>
            <p>{`Halaman ${formatNumber(data.page)} dari ${formatNumber(pageCount)}`}</p>
            {pageCount > 1 && (
              <nav aria-label="Halaman tabel" className="join">
                <button
                  type="button"
                  className="join-item btn btn-sm"
                  disabled={data.page <= 1}
                  onClick={() => onSearch({ page: data.page - 1 })}
                >
                  Sebelumnya
                </button>
                <button
                  type="button"
                  className="join-item btn btn-sm"
                  disabled={data.page >= pageCount}
                  onClick={() => onSearch({ page: data.page + 1 })}
                >
                  Berikutnya
                </button>
              </nav>
            )}
          </div>
        )}
      </div>

      <RegionFormDialog target={editing} defaultKecamatanId={search.kecamatan} onClose={() => setEditing(null)} />
      <ConfirmDelete
        name={deleting?.nama ?? null}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}

function toJenisFilter(value: string): JenisFilter {
  return value === "desa" || value === "kelurahan" ? value : "all";
}

import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { PopulationImportReport } from "@shared/schemas/regions.ts";
import { trpc } from "../../lib/trpc.ts";
import { formatNumber } from "./format.ts";
import { useRefreshRegions, useRegionToasts } from "./use-region-mutations.ts";

/** Upload a CSV of figures; the server checks every row first and writes only a fully valid file. */
export function PopulationImport() {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<PopulationImportReport | null>(null);
  const refresh = useRefreshRegions();
  const toasts = useRegionToasts();
  const upload = useMutation(
    trpc.regions.importPopulation.mutationOptions({
      onSuccess: async (result) => {
        setReport(result);
        if (result.applied) {
          toasts.success("Data berhasil diupdate");
          await refresh();
        }
      },
      onError: (error) => toasts.failure(error, "Failed to update desa-kelurahan"),
    }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setReport(null);
    upload.mutate({ csv: await file.text() });
  };

  return (
    <section aria-labelledby={`${id}-judul`} className="card border border-base-300 bg-base-100">
      <form className="card-body gap-3 p-4 sm:p-6" onSubmit={submit}>
        <h2 id={`${id}-judul`} className="card-title">
          Impor Data Penduduk (CSV)
        </h2>
        <p className="text-sm">
          Kolom baris pertama: <code className="break-all">kode,kode_pos,luas_wilayah,jumlah_penduduk</code>. Seluruh
          berkas diperiksa lebih dulu; data hanya disimpan bila semua baris valid. Kode pos atau luas yang dikosongkan
          tidak diubah.
        </p>
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor={`${id}-berkas`}>
            Berkas CSV
          </label>
          <input
            id={`${id}-berkas`}
            type="file"
            accept=".csv,text/csv"
            className="file-input w-full max-w-md"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={!file || upload.isPending}>
            {upload.isPending ? "Memeriksa..." : "Impor"}
          </button>
        </div>
        {report && (
          <div aria-live="polite">
            {report.applied ? (
              <p
                role="status"
                className="alert alert-success"
              >{`${formatNumber(report.rowCount)} baris berhasil disimpan.`}</p>
            ) : (
              <div role="alert" className="grid gap-2">
                <p className="alert alert-error">{`${formatNumber(report.errors.length)} dari ${formatNumber(report.rowCount)} baris tidak valid. Tidak ada data yang disimpan.`}</p>
                <div className="overflow-x-auto">
                  <table className="table table-sm">
                    <caption className="sr-only">Baris yang tidak valid</caption>
                    <thead className="text-base-content">
                      <tr>
                        <th scope="col">Baris</th>
                        <th scope="col">Kode</th>
                        <th scope="col">Kesalahan</th>
                      </tr>
                    </thead>
                    <tbody>
                      {report.errors.map((item) => (
                        <tr key={item.row}>
                          <td>{item.row}</td>
                          <td>{item.kode || "-"}</td>
                          <td>{item.messages.join("; ")}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            )}
          </div>
        )}
      </form>
    </section>
  );
}

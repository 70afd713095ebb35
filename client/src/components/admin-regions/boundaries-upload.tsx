import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { trpc } from "../../lib/trpc.ts";
import { LookupAlert } from "../lookup-alert.tsx";
import { formatNumber } from "./format.ts";

/** Upload the city's region polygons (GeoJSON) for the /statistik maps; the server checks every kode. */
export function BoundariesUpload() {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [level, setLevel] = useState<"kecamatan" | "kelurahan">("kelurahan");
  const upload = useMutation(trpc.regions.uploadBoundaries.mutationOptions());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate({ level, geojson: await file.text() });
  };

  return (
    <section aria-labelledby={`${id}-judul`} className="card border border-base-300 bg-base-100">
      <form className="card-body gap-3 p-4 sm:p-6" onSubmit={submit}>
        <h2 id={`${id}-judul`} className="card-title">
          Unggah Batas Wilayah (GeoJSON)
        </h2>
        <p className="text-sm">
          Poligon untuk peta statistik. Setiap fitur wajib memiliki properti <code>kode</code> berupa kode kecamatan
          atau kelurahan kota ini; wilayah yang belum memiliki poligon akan ditampilkan.
        </p>
        <div className="fieldset">
          <label className="fieldset-legend" htmlFor={`${id}-tingkat`}>
            Tingkat wilayah
          </label>
          <select
            id={`${id}-tingkat`}
            className="select w-full max-w-md"
            value={level}
            onChange={(event) => setLevel(event.target.value === "kecamatan" ? "kecamatan" : "kelurahan")}
          >
            <option value="kecamatan">Kecamatan</option>
            <option value="kelurahan">Desa/Kelurahan</option>
          </select>
          <label className="fieldset-legend" htmlFor={`${id}-berkas`}>
            Berkas GeoJSON
          </label>
          <input
            id={`${id}-berkas`}
            type="file"
            accept=".geojson,.json,application/geo+json,application/json"
            className="file-input w-full max-w-md"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={!file || upload.isPending}>
            {upload.isPending ? "Memeriksa..." : "Unggah"}
          </button>
        </div>
        <div aria-live="polite">
          {upload.isError && (
            <LookupAlert
              error={upload.error}
              fallback="Gagal mengunggah batas wilayah. Periksa koneksi Anda lalu coba lagi."
              onRetry={() => upload.variables && upload.mutate(upload.variables)}
              className=""
            />
          )}
          {upload.data && (
            <div role="status" className="grid gap-2">
              <p className="alert alert-success">{`${formatNumber(upload.data.features)} poligon disimpan.`}</p>
              {upload.data.missing.length > 0 && (
                <p>
                  Belum memiliki poligon ({formatNumber(upload.data.missing.length)}):{" "}
                  {upload.data.missing.map((region) => `${region.nama} (${region.kode})`).join(", ")}
                </p>
              )}
            </div>
          )}
        </div>
      </form>
    </section>
  );
}

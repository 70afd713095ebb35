import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { trpc } from "../../lib/trpc.ts";
import { LookupAlert } from "../lookup-alert.tsx";

interface Props {
  regencyCode: string;
  kecamatanKode: string;
  onRegencyChange: (code: string) => void;
  onKecamatanChange: (kode: string) => void;
  regencyError?: string;
  kecamatanError?: string;
}

/**
 * 'Pilih Lokasi': the regency/city, then the districts *of that regency* (the spec's lookup ignored
 * the regency). The district is cleared by the parent whenever the regency changes.
 */
export function LocationCard({
  regencyCode,
  kecamatanKode,
  onRegencyChange,
  onKecamatanChange,
  regencyError,
  kecamatanError,
}: Props) {
  const id = useId();
  const regencies = useQuery(trpc.regions.regencies.queryOptions());
  const districts = useQuery({
    ...trpc.regions.districtsOfRegency.queryOptions({ regencyCode: regencyCode || "00.00" }),
    enabled: regencyCode !== "",
  });
  const districtPlaceholder =
    regencyCode === ""
      ? "Pilih kabupaten/kota terlebih dahulu"
      : districts.isPending
        ? "Memuat kecamatan..."
        : districts.data?.length === 0
          ? "Tidak ada kecamatan"
          : "Pilih kecamatan";

  return (
    <div className="card border border-base-300 bg-base-200/40">
      <div className="card-body p-4">
        <h3 className="card-title text-base">Pilih Lokasi</h3>
        <div className="grid gap-2 sm:grid-cols-2">
          <div className="fieldset">
            <label className="fieldset-legend" htmlFor={`${id}-regency`}>
              Kabupaten/Kota{" "}
              <span className="text-error" aria-hidden="true">
                *
              </span>
            </label>
            <select
              id={`${id}-regency`}
              className={`select w-full ${regencyError ? "select-error" : ""}`}
              value={regencyCode}
              disabled={regencies.isPending || regencies.isError}
              aria-invalid={regencyError ? true : undefined}
              aria-describedby={regencyError ? `${id}-regency-error` : undefined}
              onChange={(event) => onRegencyChange(event.target.value)}
            >
              <option value="">{regencies.isPending ? "Memuat kabupaten/kota..." : "Pilih kabupaten/kota"}</option>
              {regencies.data?.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.jenis} {item.nama}
                </option>
              ))}
            </select>
            {regencyError && (
              <p id={`${id}-regency-error`} className="label text-error">
                {regencyError}
              </p>
            )}
            {regencies.isError && (
              <LookupAlert
                error={regencies.error}
                fallback="Gagal memuat data kabupaten/kota."
                onRetry={() => regencies.refetch()}
              />
            )}
          </div>
          <div className="fieldset">
            <label className="fieldset-legend" htmlFor={`${id}-district`}>
              Kecamatan{" "}
              <span className="text-error" aria-hidden="true">
                *
              </span>
              {districts.data && districts.data.length > 0 && (
                <span className="badge badge-sm badge-neutral ml-2">{districts.data.length} kecamatan</span>
              )}
            </label>
            <select
              id={`${id}-district`}
              className={`select w-full ${kecamatanError ? "select-error" : ""}`}
              value={kecamatanKode}
              disabled={regencyCode === "" || districts.isPending || districts.isError || districts.data?.length === 0}
              aria-invalid={kecamatanError ? true : undefined}
              aria-describedby={kecamatanError ? `${id}-district-error` : undefined}
              onChange={(event) => onKecamatanChange(event.target.value)}
            >
              <option value="">{districtPlaceholder}</option>
              {districts.data?.map((item) => (
                <option key={item.kode} value={item.kode}>
                  {item.nama}
                </option>
              ))}
            </select>
            {kecamatanError && (
              <p id={`${id}-district-error`} className="label text-error">
                {kecamatanError}
              </p>
            )}
            {regencyCode !== "" && districts.data?.length === 0 && (
              <p className="label text-base-content">Tidak ada data kecamatan</p>
            )}
            {districts.isError && (
              <LookupAlert
                error={districts.error}
                fallback="Failed to fetch kecamatans by kabupaten/kota"
                onRetry={() => districts.refetch()}
              />
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { useId, type Ref } from "react";
import { trpc } from "../lib/trpc.ts";
import { LookupAlert } from "./lookup-alert.tsx";

export interface RegionValue {
  kecamatanId: number | null;
  desaKelurahanId: number | null;
}

interface Props {
  value: RegionValue;
  onChange: (value: RegionValue) => void;
  disabled?: boolean;
  kecamatanError?: string;
  desaKelurahanError?: string;
  /** Marks both selects with the form's '*' (off by default: filters and admin forms may leave them empty). */
  required?: boolean;
  /** Reach the selects, so a form can focus the first invalid one (react-hook-form's field.ref). */
  kecamatanRef?: Ref<HTMLSelectElement>;
  desaKelurahanRef?: Ref<HTMLSelectElement>;
}

function RequiredMark() {
  return (
    <span className="text-error" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

/**
 * Cascading kecamatan → kelurahan selects fed by the server. The kelurahan select stays disabled
 * until a kecamatan is chosen and is cleared whenever the kecamatan changes.
 */
export function RegionSelect({
  value,
  onChange,
  disabled,
  kecamatanError,
  desaKelurahanError,
  required = false,
  kecamatanRef,
  desaKelurahanRef,
}: Props) {
  const id = useId();
  const kecamatan = useQuery(trpc.regions.kecamatan.queryOptions());
  const kelurahan = useQuery({
    ...trpc.regions.desaKelurahan.queryOptions({ kecamatanId: value.kecamatanId ?? 0 }),
    enabled: value.kecamatanId !== null,
  });

  const kecamatanPlaceholder = kecamatan.isPending
    ? "Memuat kecamatan..."
    : kecamatan.data?.length === 0
      ? "Tidak ada data kecamatan"
      : "Pilih kecamatan";
  const kelurahanPlaceholder =
    value.kecamatanId === null
      ? "Pilih kecamatan terlebih dahulu"
      : kelurahan.isPending
        ? "Memuat kelurahan..."
        : kelurahan.data?.length === 0
          ? "Tidak ada data kelurahan"
          : "Pilih kelurahan";

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset className="fieldset">
        <label className="fieldset-legend" htmlFor={`${id}-kecamatan`}>
          Kecamatan
          {required && <RequiredMark />}
        </label>
        <select
          ref={kecamatanRef}
          id={`${id}-kecamatan`}
          className={`select w-full ${kecamatanError ? "select-error" : ""}`}
          disabled={disabled || kecamatan.isPending || kecamatan.isError}
          value={value.kecamatanId ?? ""}
          aria-invalid={kecamatanError ? true : undefined}
          aria-describedby={kecamatanError ? `${id}-kecamatan-error` : undefined}
          onChange={(event) =>
            onChange({ kecamatanId: event.target.value ? Number(event.target.value) : null, desaKelurahanId: null })
          }
        >
          <option value="">{kecamatanPlaceholder}</option>
          {kecamatan.data?.map((item) => (
            <option key={item.id} value={item.id}>
              {item.nama}
            </option>
          ))}
        </select>
        {kecamatanError && (
          <p id={`${id}-kecamatan-error`} className="label text-error">
            {kecamatanError}
          </p>
        )}
        {kecamatan.isError && (
          <LookupAlert
            error={kecamatan.error}
            fallback="Failed to fetch kecamatan options"
            onRetry={() => kecamatan.refetch()}
          />
        )}
      </fieldset>
      <fieldset className="fieldset">
        <label className="fieldset-legend" htmlFor={`${id}-kelurahan`}>
          Kelurahan/Desa
          {required && <RequiredMark />}
        </label>
        <select
          ref={desaKelurahanRef}
          id={`${id}-kelurahan`}
          className={`select w-full ${desaKelurahanError ? "select-error" : ""}`}
          disabled={disabled || value.kecamatanId === null || kelurahan.isPending || kelurahan.isError}
          value={value.desaKelurahanId ?? ""}
          aria-invalid={desaKelurahanError ? true : undefined}
          aria-describedby={desaKelurahanError ? `${id}-kelurahan-error` : undefined}
          onChange={(event) =>
            onChange({ ...value, desaKelurahanId: event.target.value ? Number(event.target.value) : null })
          }
        >
          <option value="">{kelurahanPlaceholder}</option>
          {kelurahan.data?.map((item) => (
            <option key={item.id} value={item.id}>
              {item.nama}
            </option>
          ))}
        </select>
        {desaKelurahanError && (
          <p id={`${id}-kelurahan-error`} className="label text-error">
            {desaKelurahanError}
          </p>
        )}
        {kelurahan.isError && (
          <LookupAlert
            error={kelurahan.error}
            fallback="Failed to fetch desa-kelurahan options"
            onRetry={() => kelurahan.refetch()}
          />
        )}
      </fieldset>
    </div>
  );
}

import { isRtRwFilter, RT_RW_FILTER_MESSAGE } from "@shared/rt-rw.ts";
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { padRtRw } from "@shared/schemas/common.ts";
import { trpc } from "../../lib/trpc.ts";
import { RegionSelect } from "../region-select.tsx";

export interface PlaceFilterValue {
  desaKelurahanId?: number;
  rw?: string;
  rt?: string;
}

/**
 * Kelurahan, RW and RT filters. The cadre's own work area is fixed (shown, not editable); admins and
 * city cadres choose any ward, kecamatan cadres a ward of their kecamatan.
 */
export function PlaceFilter({
  user,
  value,
  onApply,
}: {
  user: PublicUser;
  value: PlaceFilterValue;
  onApply: (value: PlaceFilterValue) => void;
}) {
  const id = useId();
  const wardBound =
    user.role !== "admin" &&
    user.desaKelurahanId !== null &&
    (user.level === "rt" || user.level === "rw" || user.level === "kelurahan");
  const cityWide = user.role === "admin" || user.level === "kota";
  const fixedRw = !cityWide && (user.level === "rt" || user.level === "rw") ? user.rw : null;
  const fixedRt = !cityWide && user.level === "rt" ? user.rt : null;
  const [region, setRegion] = useState<{ kecamatanId: number | null; desaKelurahanId: number | null }>({
    kecamatanId: null,
    desaKelurahanId: value.desaKelurahanId ?? null,
  });
  const [rw, setRw] = useState(fixedRw ?? value.rw ?? "");
  const [rt, setRt] = useState(fixedRt ?? value.rt ?? "");
  const [error, setError] = useState<string | null>(null);
  const wards = useQuery({
    ...trpc.regions.desaKelurahan.queryOptions({ kecamatanId: user.kecamatanId ?? 0 }),
    enabled: !cityWide && user.kecamatanId !== null,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isRtRwFilter(rw) || !isRtRwFilter(rt)) {
      setError(RT_RW_FILTER_MESSAGE);
      return;
    }
    setError(null);
    onApply({
      desaKelurahanId: wardBound ? undefined : (region.desaKelurahanId ?? undefined),
      rw: fixedRw || !rw ? undefined : padRtRw(rw),
      rt: fixedRt || !rt ? undefined : padRtRw(rt),
    });
  };
  const describedBy = error ? `${id}-error` : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label="Filter wilayah" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <h2 className="card-title text-base">Filter Wilayah</h2>
        {cityWide ? (
          <RegionSelect value={region} onChange={setRegion} />
        ) : (
          <fieldset className="fieldset">
            <label className="fieldset-legend" htmlFor={`${id}-kelurahan`}>
              Kelurahan/Desa
            </label>
            <select
              id={`${id}-kelurahan`}
              className="select w-full"
              disabled={wardBound || wards.isPending}
              value={wardBound ? (user.desaKelurahanId ?? "") : (region.desaKelurahanId ?? "")}
              onChange={(event) =>
                setRegion({
                  kecamatanId: null,
                  desaKelurahanId: event.target.value ? Number(event.target.value) : null,
                })
              }
            >
              {!wardBound && <option value="">{wards.isPending ? "Memuat kelurahan..." : "Semua kelurahan"}</option>}
              {(wards.data ?? [])
                .filter((ward) => !wardBound || ward.id === user.desaKelurahanId)
                .map((ward) => (
                  <option key={ward.id} value={ward.id}>
                    {ward.nama}
                  </option>
                ))}
            </select>
          </fieldset>
        )}
        <div className="grid grid-cols-2 gap-3">
          <fieldset className="fieldset">
            <label className="fieldset-legend" htmlFor={`${id}-rw`}>
              RW
            </label>
            <input
              id={`${id}-rw`}
              className="input w-full"
              inputMode="numeric"
              maxLength={3}
              placeholder="Semua"
              value={rw}
              disabled={fixedRw !== null}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => setRw(event.target.value)}
            />
          </fieldset>
          <fieldset className="fieldset">
            <label className="fieldset-legend" htmlFor={`${id}-rt`}>
              RT
            </label>
            <input
              id={`${id}-rt`}
              className="input w-full"
              inputMode="numeric"
              maxLength={3}
              placeholder="Semua"
              value={rt}
              disabled={fixedRt !== null}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => setRt(event.target.value)}
            />
          </fieldset>
        </div>
        {error && (
          <p id={`${id}-error`} className="text-sm text-error">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary">
            Terapkan Filter
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => onApply({})}>
            Reset Filter
          </button>
        </div>
      </div>
    </form>
  );
}

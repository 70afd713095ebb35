import { isRtRwFilter, RT_RW_FILTER_MESSAGE } from "@shared/rt-rw.ts";
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { specialConditionKeys, specialConditionLabels } from "@shared/enums.ts";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { padRtRw } from "@shared/schemas/common.ts";
import type { ConditionFilter, QueueStatusFilter } from "@shared/schemas/workflow.ts";
import { registerStatuses, statusLabel } from "@shared/status.ts";
import { trpc } from "../../lib/trpc.ts";
import { RegionSelect } from "../region-select.tsx";
import { waitingLabel } from "./labels.ts";
import type { ValidasiSearch } from "./search.ts";

interface Props {
  user: PublicUser;
  search: ValidasiSearch;
  onApply: (search: ValidasiSearch) => void;
}

const isStatusFilter = (value: string): value is QueueStatusFilter =>
  value === "waiting" || value === "all" || registerStatuses.some((status) => status === value);
const isConditionFilter = (value: string): value is ConditionFilter =>
  value === "any" || specialConditionKeys.some((key) => key === value);

/**
 * Filters of the queue. A cadre's own work area is fixed (shown, not editable): an RT cadre cannot
 * pick another RT, a kelurahan cadre another ward. Admins and city cadres choose any ward.
 */
export function QueueFilters({ user, search, onApply }: Props) {
  const id = useId();
  const wardBound =
    user.role !== "admin" &&
    user.desaKelurahanId !== null &&
    (user.level === "rt" || user.level === "rw" || user.level === "kelurahan");
  const cityWide = user.role === "admin" || user.level === "kota";
  const fixedRw = user.role !== "admin" && (user.level === "rt" || user.level === "rw") ? user.rw : null;
  const fixedRt = user.role !== "admin" && user.level === "rt" ? user.rt : null;

  const [region, setRegion] = useState({
    kecamatanId: search.kecamatanId ?? null,
    desaKelurahanId: search.desaKelurahanId ?? null,
  });
  const [rw, setRw] = useState(fixedRw ?? search.rw ?? "");
  const [rt, setRt] = useState(fixedRt ?? search.rt ?? "");
  const [status, setStatus] = useState<QueueStatusFilter>(search.status ?? "waiting");
  const [condition, setCondition] = useState<ConditionFilter | "">(search.condition ?? "");
  const [rtRwError, setRtRwError] = useState<string | null>(null);

  const wards = useQuery({
    ...trpc.regions.desaKelurahan.queryOptions({ kecamatanId: user.kecamatanId ?? 0 }),
    enabled: !cityWide && user.kecamatanId !== null,
  });
  const wardOptions = (wards.data ?? []).filter((ward) => !wardBound || ward.id === user.desaKelurahanId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isRtRwFilter(rw) || !isRtRwFilter(rt)) {
      setRtRwError(RT_RW_FILTER_MESSAGE);
      return;
    }
    setRtRwError(null);
    onApply({
      kecamatanId: cityWide ? (region.kecamatanId ?? undefined) : undefined,
      desaKelurahanId: wardBound ? undefined : (region.desaKelurahanId ?? undefined),
      rw: fixedRw || !rw ? undefined : padRtRw(rw),
      rt: fixedRt || !rt ? undefined : padRtRw(rt),
      status: status === "waiting" ? undefined : status,
      condition: condition || undefined,
      page: undefined,
    });
  };

  const reset = () => onApply({});

  return (
    <form onSubmit={submit} noValidate aria-label="Filter antrean" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <h2 className="card-title text-base">Filter</h2>
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
              value={wardBound ? (user.desaKelurahanId ?? "") : (region.desaKelurahanId ?? "")}
              disabled={wardBound || wards.isPending}
              onChange={(event) =>
                setRegion({
                  kecamatanId: null,
                  desaKelurahanId: event.target.value ? Number(event.target.value) : null,
                })
              }
            >
              {!wardBound && <option value="">{wards.isPending ? "Memuat kelurahan..." : "Semua kelurahan"}</option>}
              {wardOptions.map((ward) => (
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
              aria-invalid={rtRwError ? true : undefined}
              aria-describedby={rtRwError ? `${id}-rtrw-error` : undefined}
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
              aria-invalid={rtRwError ? true : undefined}
              aria-describedby={rtRwError ? `${id}-rtrw-error` : undefined}
              onChange={(event) => setRt(event.target.value)}
            />
          </fieldset>
        </div>
        {rtRwError && (
          <p id={`${id}-rtrw-error`} className="text-sm text-error">
            {rtRwError}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <fieldset className="fieldset">
            <label className="fieldset-legend" htmlFor={`${id}-status`}>
              Status
            </label>
            <select
              id={`${id}-status`}
              className="select w-full"
              value={status}
              onChange={(event) => {
                if (isStatusFilter(event.target.value)) setStatus(event.target.value);
              }}
            >
              <option value="waiting">{waitingLabel(user)}</option>
              <option value="all">Semua status</option>
              {registerStatuses.map((value) => (
                <option key={value} value={value}>
                  {statusLabel(value)}
                </option>
              ))}
            </select>
          </fieldset>
          <fieldset className="fieldset">
            <label className="fieldset-legend" htmlFor={`${id}-kondisi`}>
              Kondisi khusus
            </label>
            <select
              id={`${id}-kondisi`}
              className="select w-full"
              value={condition}
              onChange={(event) => setCondition(isConditionFilter(event.target.value) ? event.target.value : "")}
            >
              <option value="">Semua keluarga</option>
              <option value="any">Ada kondisi khusus</option>
              {specialConditionKeys.map((key) => (
                <option key={key} value={key}>
                  {specialConditionLabels[key]}
                </option>
              ))}
            </select>
          </fieldset>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary">
            Terapkan Filter
          </button>
          <button type="button" className="btn btn-ghost" onClick={reset}>
            Reset Filter
          </button>
        </div>
      </div>
    </form>
  );
}

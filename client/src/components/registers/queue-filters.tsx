import { useId, useState, type FormEvent } from "react";
import { specialConditionKeys, specialConditionLabels } from "@shared/enums.ts";
import type { PublicUser } from "@shared/schemas/auth.ts";
import type { ConditionFilter, QueueStatusFilter } from "@shared/schemas/workflow.ts";
import { registerStatuses, statusLabel } from "@shared/status.ts";
import { waitingLabel } from "./labels.ts";
import { PlaceFields, usePlaceFields } from "./place-fields.tsx";
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
  const place = usePlaceFields(user, search);
  const [status, setStatus] = useState<QueueStatusFilter>(search.status ?? "waiting");
  const [condition, setCondition] = useState<ConditionFilter | "">(search.condition ?? "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = place.read();
    if (!read) return;
    onApply({
      ...read,
      status: status === "waiting" ? undefined : status,
      condition: condition || undefined,
      sort: search.sort,
      page: undefined,
    });
  };

  const reset = () => onApply({});

  return (
    <form onSubmit={submit} noValidate aria-label="Filter antrean" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <h2 className="card-title text-base">Filter</h2>
        <PlaceFields id={id} fields={place} />
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

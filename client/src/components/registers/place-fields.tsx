import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { isRtRwFilter, padRtRw, RT_RW_FILTER_MESSAGE } from "@shared/rt-rw.ts";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { placeLimitsOf, workAreaOf, type PlaceLimits } from "@shared/work-area.ts";
import { trpc } from "../../lib/trpc.ts";
import { RegionSelect } from "../region-select.tsx";

/** A place as the filters send it: absent parts are not filtered. */
export interface PlaceValue {
  kecamatanId?: number;
  desaKelurahanId?: number;
  rw?: string;
  rt?: string;
}

interface Draft {
  kecamatanId: number | null;
  desaKelurahanId: number | null;
  rw: string;
  rt: string;
}

/**
 * The place part of a filter form: the user's work area (shared/src/work-area.ts, as the server
 * scopes it) fixes what it covers; the rest is typed or chosen. `read()` checks RT/RW and answers
 * the value to send, or null after showing the error.
 */
export function usePlaceFields(user: PublicUser, initial: PlaceValue) {
  const limits = placeLimitsOf(workAreaOf(user));
  const [draft, setDraft] = useState<Draft>({
    kecamatanId: initial.kecamatanId ?? null,
    desaKelurahanId: initial.desaKelurahanId ?? null,
    rw: limits.rw ?? initial.rw ?? "",
    rt: limits.rt ?? initial.rt ?? "",
  });
  const [error, setError] = useState<string | null>(null);
  const read = (): PlaceValue | null => {
    if (!isRtRwFilter(draft.rw) || !isRtRwFilter(draft.rt)) {
      setError(RT_RW_FILTER_MESSAGE);
      return null;
    }
    setError(null);
    return {
      kecamatanId: limits.cityWide ? (draft.kecamatanId ?? undefined) : undefined,
      desaKelurahanId: limits.ward !== null ? undefined : (draft.desaKelurahanId ?? undefined),
      rw: limits.rw || !draft.rw ? undefined : padRtRw(draft.rw),
      rt: limits.rt || !draft.rt ? undefined : padRtRw(draft.rt),
    };
  };
  return { user, limits, draft, setDraft, error, read };
}

/** Kelurahan (or kecamatan + kelurahan city-wide), RW and RT: the one place filter of every list. */
export function PlaceFields({ id, fields }: { id: string; fields: ReturnType<typeof usePlaceFields> }) {
  const { user, limits, draft, setDraft, error } = fields;
  const wards = useQuery({
    ...trpc.regions.desaKelurahan.queryOptions({ kecamatanId: user.kecamatanId ?? 0 }),
    enabled: !limits.cityWide && user.kecamatanId !== null,
  });
  const describedBy = error ? `${id}-rtrw-error` : undefined;
  return (
    <>
      {limits.cityWide ? (
        <RegionSelect
          value={{ kecamatanId: draft.kecamatanId, desaKelurahanId: draft.desaKelurahanId }}
          onChange={(region) => setDraft({ ...draft, ...region })}
        />
      ) : (
        <WardSelect id={id} limits={limits} wards={wards.data ?? []} pending={wards.isPending} fields={fields} />
      )}
      <div className="grid grid-cols-2 gap-3">
        {(["rw", "rt"] as const).map((part) => (
          <fieldset key={part} className="fieldset">
            <label className="fieldset-legend" htmlFor={`${id}-${part}`}>
              {part.toUpperCase()}
            </label>
            <input
              id={`${id}-${part}`}
              className="input w-full"
              inputMode="numeric"
              maxLength={3}
              placeholder="Semua"
              value={draft[part]}
              disabled={limits[part] !== null}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => setDraft({ ...draft, [part]: event.target.value })}
            />
          </fieldset>
        ))}
      </div>
      {error && (
        <p id={`${id}-rtrw-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </>
  );
}

function WardSelect({
  id,
  limits,
  wards,
  pending,
  fields,
}: {
  id: string;
  limits: PlaceLimits;
  wards: Array<{ id: number; nama: string }>;
  pending: boolean;
  fields: ReturnType<typeof usePlaceFields>;
}) {
  const { draft, setDraft } = fields;
  const fixed = limits.ward !== null;
  return (
    <fieldset className="fieldset">
      <label className="fieldset-legend" htmlFor={`${id}-kelurahan`}>
        Kelurahan/Desa
      </label>
      <select
        id={`${id}-kelurahan`}
        className="select w-full"
        disabled={fixed || pending}
        value={fixed ? (limits.ward ?? "") : (draft.desaKelurahanId ?? "")}
        onChange={(event) =>
          setDraft({
            ...draft,
            kecamatanId: null,
            desaKelurahanId: event.target.value ? Number(event.target.value) : null,
          })
        }
      >
        {!fixed && <option value="">{pending ? "Memuat kelurahan..." : "Semua kelurahan"}</option>}
        {wards
          .filter((ward) => !fixed || ward.id === limits.ward)
          .map((ward) => (
            <option key={ward.id} value={ward.id}>
              {ward.nama}
            </option>
          ))}
      </select>
    </fieldset>
  );
}

import { useId, type FormEvent } from "react";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { PlaceFields, usePlaceFields } from "./place-fields.tsx";

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
  const place = usePlaceFields(user, value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = place.read();
    if (read) onApply({ desaKelurahanId: read.desaKelurahanId, rw: read.rw, rt: read.rt });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Filter wilayah" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <h2 className="card-title text-base">Filter Wilayah</h2>
        <PlaceFields id={id} fields={place} />
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

import { useId } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import {
  communityActivityKeys,
  communityActivityLabels,
  foodTypes,
  houseCriteriaKeys,
  houseCriteriaLabels,
  specialConditionGroups,
  specialConditionLabels,
  waterSources,
  type SpecialConditionKey,
} from "@shared/enums.ts";
import { todayIso, type FamilyRegistrationInput } from "@shared/schemas/family.ts";
import { errorProps, Field } from "../field.tsx";
import { placeLimitsOf, workAreaOf } from "@shared/work-area.ts";
import { useSession } from "../../lib/session.ts";
import { RegionSelect } from "../region-select.tsx";

// The edit panels of the Maker Checker dialog: the same fields and schema (familyRegistrationSchema)
// as the public registration form, read from the dialog's form context.

const useFamilyForm = () => useFormContext<FamilyRegistrationInput>();

export function DataPanel() {
  const id = useId();
  const {
    register,
    control,
    formState: { errors },
  } = useFamilyForm();
  // The parts of the address the cadre's level fixes (its ward, RW, RT) are filled in and locked:
  // the server refuses an address outside the work area anyway.
  const session = useSession();
  const limits = session.data ? placeLimitsOf(workAreaOf(session.data)) : null;
  const wardFixed = limits !== null && limits.ward !== null;
  const fixedHint = "Ditetapkan oleh wilayah kerja Anda";
  const text = (
    name: "namaKepalaKeluarga" | "nikKepalaKeluarga" | "nomorHp" | "alamatEmail" | "nomorKk",
    label: string,
    extra: object = {},
  ) => {
    const error = errors[name]?.message;
    return (
      <Field
        htmlFor={`${id}-${name}`}
        label={label}
        error={error}
        required={name !== "alamatEmail" && name !== "nomorKk"}
      >
        <input
          id={`${id}-${name}`}
          className="input w-full"
          {...extra}
          {...errorProps(`${id}-${name}`, error)}
          {...register(name)}
        />
      </Field>
    );
  };
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      {text("namaKepalaKeluarga", "Nama Kepala Keluarga", { autoComplete: "off" })}
      {text("nikKepalaKeluarga", "NIK Kepala Keluarga", { inputMode: "numeric", maxLength: 16 })}
      {text("nomorHp", "Nomor HP", { inputMode: "tel", maxLength: 15 })}
      {text("alamatEmail", "Email (opsional)", { type: "email" })}
      {text("nomorKk", "Nomor KK (opsional)", { inputMode: "numeric", maxLength: 16 })}
      <Field htmlFor={`${id}-tanggal`} label="Tanggal Pendataan" error={errors.tanggalPendataan?.message} required>
        <input
          id={`${id}-tanggal`}
          type="date"
          max={todayIso()}
          className="input w-full"
          {...errorProps(`${id}-tanggal`, errors.tanggalPendataan?.message)}
          {...register("tanggalPendataan")}
        />
      </Field>
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="address"
          render={({ field }) => (
            <RegionSelect
              value={{
                kecamatanId: field.value.kecamatanId || null,
                desaKelurahanId: field.value.desaKelurahanId || null,
              }}
              onChange={(next) =>
                field.onChange({
                  ...field.value,
                  kecamatanId: next.kecamatanId ?? 0,
                  desaKelurahanId: next.desaKelurahanId ?? 0,
                })
              }
              kecamatanError={errors.address?.kecamatanId?.message}
              desaKelurahanError={errors.address?.desaKelurahanId?.message}
              disabled={wardFixed}
              required
            />
          )}
        />
        {wardFixed && <p className="text-sm">Kecamatan dan kelurahan: {fixedHint.toLowerCase()}.</p>}
      </div>
      <Field htmlFor={`${id}-rw`} label="RW" error={errors.address?.rw?.message} required>
        <input
          id={`${id}-rw`}
          className="input w-full"
          inputMode="numeric"
          maxLength={3}
          readOnly={limits?.rw != null}
          title={limits?.rw != null ? fixedHint : undefined}
          {...errorProps(`${id}-rw`, errors.address?.rw?.message)}
          {...register("address.rw")}
        />
      </Field>
      <Field htmlFor={`${id}-rt`} label="RT" error={errors.address?.rt?.message} required>
        <input
          id={`${id}-rt`}
          className="input w-full"
          inputMode="numeric"
          maxLength={3}
          readOnly={limits?.rt != null}
          title={limits?.rt != null ? fixedHint : undefined}
          {...errorProps(`${id}-rt`, errors.address?.rt?.message)}
          {...register("address.rt")}
        />
      </Field>
    </div>
  );
}

function ConditionField({ conditionKey }: { conditionKey: SpecialConditionKey }) {
  const id = useId();
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = useFamilyForm();
  const on = useWatch({ control, name: `specialConditions.${conditionKey}` });
  // A count appears with the toggle: it starts at 1 when shown and goes back to 0 when hidden.
  const toggle = register(`specialConditions.${conditionKey}`, {
    onChange: (event: { target: { checked: boolean } }) =>
      setValue(`specialConditions.${conditionKey}Count`, event.target.checked ? 1 : 0),
  });
  const countError = errors.specialConditions?.[`${conditionKey}Count`]?.message;
  return (
    <div className="rounded-box border border-base-300 p-3">
      <label className="flex cursor-pointer items-center gap-2">
        <input type="checkbox" className="toggle toggle-primary" {...toggle} />
        {specialConditionLabels[conditionKey]}
      </label>
      {on && (
        <Field htmlFor={`${id}-count`} label={`Jumlah ${specialConditionLabels[conditionKey]}`} error={countError}>
          <input
            id={`${id}-count`}
            type="number"
            min={1}
            max={20}
            className="input w-full"
            {...errorProps(`${id}-count`, countError)}
            {...register(`specialConditions.${conditionKey}Count`, { valueAsNumber: true })}
          />
        </Field>
      )}
    </div>
  );
}

export function ConditionsPanel() {
  return (
    <div className="space-y-4">
      {specialConditionGroups.map((group) => (
        <fieldset key={group.title}>
          <legend className="mb-2 font-semibold">{group.title}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {group.keys.map((key) => (
              <ConditionField key={key} conditionKey={key} />
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

export function HousePanel() {
  const id = useId();
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = useFamilyForm();
  const mck = useWatch({ control, name: "mckFacility" });
  const mckToggle = register("mckFacility", {
    onChange: (event: { target: { checked: boolean } }) => setValue("mckCount", event.target.checked ? 1 : 0),
  });
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <Field htmlFor={`${id}-water`} label="Sumber Air Keluarga" error={errors.waterSource?.message} required>
        <select
          id={`${id}-water`}
          className="select w-full"
          {...errorProps(`${id}-water`, errors.waterSource?.message)}
          {...register("waterSource")}
        >
          <option value="">Pilih sumber air</option>
          {waterSources.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </Field>
      <Field htmlFor={`${id}-food`} label="Makanan Pokok" error={errors.foodType?.message} required>
        <select
          id={`${id}-food`}
          className="select w-full"
          {...errorProps(`${id}-food`, errors.foodType?.message)}
          {...register("foodType")}
        >
          <option value="">Pilih makanan pokok</option>
          {foodTypes.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </Field>
      <div className="py-2">
        <label className="flex cursor-pointer items-center gap-2">
          <input type="checkbox" className="toggle toggle-primary" {...mckToggle} />
          Memiliki MCK
        </label>
        {mck && (
          <Field htmlFor={`${id}-mck`} label="Jumlah MCK" error={errors.mckCount?.message}>
            <input
              id={`${id}-mck`}
              type="number"
              min={1}
              max={10}
              className="input w-full"
              {...errorProps(`${id}-mck`, errors.mckCount?.message)}
              {...register("mckCount", { valueAsNumber: true })}
            />
          </Field>
        )}
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="mb-2 font-semibold">Kriteria Rumah</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {houseCriteriaKeys.map((key) => (
            <label key={key} className="flex cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm border-base-content/70"
                {...register(`houseCriteria.${key}`)}
              />
              {houseCriteriaLabels[key]}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

export function ActivitiesPanel() {
  const { register } = useFamilyForm();
  return (
    <fieldset>
      <legend className="mb-2 font-semibold">Kegiatan yang diikuti keluarga</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {communityActivityKeys.map((key) => (
          <label key={key} className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm border-base-content/70"
              {...register(`communityActivities.${key}`)}
            />
            {communityActivityLabels[key]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Notes; a family entered by a cadre also records the family's consent (stored with the record). */
export function NotesPanel({ isNew }: { isNew: boolean }) {
  const id = useId();
  const {
    register,
    formState: { errors },
  } = useFamilyForm();
  return (
    <div className="space-y-3">
      <Field htmlFor={`${id}-notes`} label="Catatan" error={errors.notes?.message} hint="Maksimal 500 karakter">
        <textarea
          id={`${id}-notes`}
          rows={4}
          maxLength={500}
          className="textarea w-full"
          {...errorProps(`${id}-notes`, errors.notes?.message)}
          {...register("notes")}
        />
      </Field>
      {isNew && (
        <div>
          <label className="flex cursor-pointer items-start gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm mt-1 border-base-content/70"
              {...errorProps(`${id}-agreement`, errors.agreement?.message)}
              {...register("agreement")}
            />
            <span>Keluarga telah menyetujui datanya dicatat dan dikirimkan untuk diverifikasi.</span>
          </label>
          {errors.agreement?.message && (
            <p id={`${id}-agreement-error`} className="mt-1 text-sm text-error">
              {errors.agreement.message}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

import { useId } from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { todayIso } from "@shared/dates.ts";
import { genders } from "@shared/enums.ts";
import {
  deathCategories,
  deathCategoryLabels,
  eventDetailsGaps,
  familyEventsSchema,
} from "@shared/schemas/family-events.ts";
import type { FamilyRegistrationInput } from "@shared/schemas/family.ts";

// Births and deaths by name and date (Lampiran 4.18a), asked by the cadre before RW verification:
// the RW verification refuses a record whose counts have no matching details.

export function FamilyEventsEditor() {
  const id = useId();
  const { control, register, formState } = useFormContext<FamilyRegistrationInput>();
  const births = useFieldArray({ control, name: "events.births" });
  const deaths = useFieldArray({ control, name: "events.deaths" });
  const conditions = useWatch({ control, name: "specialConditions" });
  const events = useWatch({ control, name: "events" });
  const count = (key: "newBirth" | "motherDeath" | "babyDeath" | "toddlerDeath") =>
    conditions?.[key] ? Number(conditions[`${key}Count`] ?? 0) : 0;
  const parsed = familyEventsSchema.safeParse(events ?? {});
  const gaps = eventDetailsGaps(
    {
      newBirth: count("newBirth"),
      motherDeath: count("motherDeath"),
      babyDeath: count("babyDeath"),
      toddlerDeath: count("toddlerDeath"),
    },
    parsed.success ? parsed.data : { births: [], deaths: [] },
  );
  const errors = formState.errors.events;
  const error = (message: string | undefined) =>
    message ? (
      <span role="alert" className="text-sm text-error">
        {message}
      </span>
    ) : null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 space-y-3 border-t border-base-300 pt-4">
      <h4 id={`${id}-title`} className="font-semibold">
        Rincian kelahiran dan kematian (Lampiran 4.18)
      </h4>
      {gaps.length > 0 ? (
        <p role="status" className="alert alert-warning alert-soft text-sm">
          Lengkapi sebelum verifikasi RW (sebaiknya sebelum verifikasi RT, selagi data masih dapat diubah):{" "}
          {gaps.join("; ")}
        </p>
      ) : (
        <p className="text-sm">Rincian sesuai dengan jumlah kelahiran dan kematian.</p>
      )}
      <div className="space-y-2">
        <h5 className="font-medium">Kelahiran</h5>
        {births.fields.map((field, index) => (
          <fieldset key={field.id} className="grid gap-2 rounded-box border border-base-300 p-2 sm:grid-cols-3">
            <legend className="px-1 text-sm">Kelahiran {index + 1}</legend>
            <label className="text-sm">
              Nama ibu
              <input className="input input-sm w-full" {...register(`events.births.${index}.motherName`)} />
              {error(errors?.births?.[index]?.motherName?.message)}
            </label>
            <label className="text-sm">
              Nama bayi
              <input className="input input-sm w-full" {...register(`events.births.${index}.babyName`)} />
              {error(errors?.births?.[index]?.babyName?.message)}
            </label>
            <label className="text-sm">
              Jenis kelamin
              <select className="select select-sm w-full" {...register(`events.births.${index}.sex`)}>
                {genders.map((gender) => (
                  <option key={gender}>{gender}</option>
                ))}
              </select>
            </label>
            <label className="text-sm">
              Tanggal lahir
              <input
                type="date"
                max={todayIso()}
                className="input input-sm w-full"
                {...register(`events.births.${index}.birthDate`)}
              />
              {error(errors?.births?.[index]?.birthDate?.message)}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                {...register(`events.births.${index}.hasBirthCertificate`)}
              />
              Sudah punya akta kelahiran
            </label>
            <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => births.remove(index)}>
              Hapus kelahiran {index + 1}
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() =>
            births.append({ motherName: "", babyName: "", sex: "Laki-laki", birthDate: "", hasBirthCertificate: false })
          }
        >
          + Tambah kelahiran
        </button>
      </div>
      <div className="space-y-2">
        <h5 className="font-medium">Kematian</h5>
        {deaths.fields.map((field, index) => (
          <fieldset key={field.id} className="grid gap-2 rounded-box border border-base-300 p-2 sm:grid-cols-3">
            <legend className="px-1 text-sm">Kematian {index + 1}</legend>
            <label className="text-sm">
              Nama
              <input className="input input-sm w-full" {...register(`events.deaths.${index}.name`)} />
              {error(errors?.deaths?.[index]?.name?.message)}
            </label>
            <label className="text-sm">
              Ibu, bayi atau balita
              <select className="select select-sm w-full" {...register(`events.deaths.${index}.category`)}>
                {deathCategories.map((category) => (
                  <option key={category} value={category}>
                    {deathCategoryLabels[category]}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm">
              Jenis kelamin
              <select className="select select-sm w-full" {...register(`events.deaths.${index}.sex`)}>
                {genders.map((gender) => (
                  <option key={gender}>{gender}</option>
                ))}
              </select>
            </label>
            <label className="text-sm">
              Tanggal meninggal
              <input
                type="date"
                max={todayIso()}
                className="input input-sm w-full"
                {...register(`events.deaths.${index}.deathDate`)}
              />
              {error(errors?.deaths?.[index]?.deathDate?.message)}
            </label>
            <label className="text-sm">
              Sebab meninggal
              <input className="input input-sm w-full" {...register(`events.deaths.${index}.cause`)} />
              {error(errors?.deaths?.[index]?.cause?.message)}
            </label>
            <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => deaths.remove(index)}>
              Hapus kematian {index + 1}
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => deaths.append({ name: "", category: "bayi", sex: "Laki-laki", deathDate: "", cause: "" })}
        >
          + Tambah kematian
        </button>
      </div>
    </section>
  );
}

/** Read-only view of the event details in the record's Kondisi Khusus tab. */
export function FamilyEventsView({ events }: { events: FamilyRegistrationInput["events"] }) {
  const births = events?.births ?? [];
  const deaths = events?.deaths ?? [];
  if (births.length === 0 && deaths.length === 0)
    return <p className="text-sm">Belum ada rincian kelahiran/kematian.</p>;
  return (
    <section className="space-y-1 text-sm">
      <h4 className="font-semibold">Rincian kelahiran dan kematian</h4>
      <ul className="list-disc pl-5">
        {births.map((birth, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: events have no id of their own
          <li key={`b${index}`}>
            Lahir {birth.birthDate}: {birth.babyName} ({birth.sex}), ibu {birth.motherName}, akta{" "}
            {birth.hasBirthCertificate ? "ada" : "belum ada"}
          </li>
        ))}
        {deaths.map((death, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: events have no id of their own
          <li key={`d${index}`}>
            Meninggal {death.deathDate}: {death.name} ({deathCategoryLabels[death.category]}, {death.sex}), sebab{" "}
            {death.cause}
          </li>
        ))}
      </ul>
    </section>
  );
}

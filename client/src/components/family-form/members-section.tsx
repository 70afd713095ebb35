import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { educations, genders, maritalStatuses, occupations, relationships } from "@shared/enums.ts";
import { nikBirthWarning } from "@shared/household-rules.ts";
import { newMember, todayIso } from "@shared/schemas/family.ts";
import { errorProps, Field } from "../field.tsx";
import type { ErrorAt } from "./errors.ts";
import type { FamilyFormValues } from "./form-values.ts";
import { nikInputProps } from "../../lib/nik-input.ts";

interface Props {
  form: UseFormReturn<FamilyFormValues>;
  errorAt: ErrorAt;
}

/** Family members: add and remove; the first member (the head) cannot be removed. */
export function MembersSection({ form, errorAt }: Props) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "members" });
  const { register } = form;
  const listError = errorAt("members") ?? errorAt("members.root");
  return (
    <div className="space-y-4">
      {listError && (
        <p className="text-error" role="alert">
          {listError}
        </p>
      )}
      {fields.map((field, index) => {
        const id = (name: string) => `member-${index}-${name}`;
        const at = (name: string) => errorAt(`members.${index}.${name}`);
        const member = form.watch(`members.${index}`);
        // A warning, not a refusal: real documents sometimes disagree with the NIK.
        const warning = member ? nikBirthWarning(member) : null;
        return (
          <fieldset key={field.id} className="rounded-box border border-base-300 p-4">
            <legend className="px-2 font-semibold">
              Anggota {index + 1}
              {index === 0 ? " (Kepala Keluarga)" : ""}
            </legend>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <Field htmlFor={id("nik")} label={`NIK Anggota ${index + 1}`} error={at("nik")} required>
                <input
                  id={id("nik")}
                  className="input w-full"
                  {...nikInputProps}
                  {...errorProps(id("nik"), at("nik"))}
                  {...register(`members.${index}.nik`)}
                />
              </Field>
              <Field htmlFor={id("name")} label={`Nama Lengkap Anggota ${index + 1}`} error={at("fullName")} required>
                <input
                  id={id("name")}
                  className="input w-full"
                  autoComplete="off"
                  {...errorProps(id("name"), at("fullName"))}
                  {...register(`members.${index}.fullName`)}
                />
              </Field>
              <Field
                htmlFor={id("relationship")}
                label="Hubungan dengan Kepala Keluarga"
                error={at("relationship")}
                required
              >
                <select
                  id={id("relationship")}
                  className="select w-full"
                  {...errorProps(id("relationship"), at("relationship"))}
                  {...register(`members.${index}.relationship`)}
                >
                  {relationships.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </Field>
              <Field htmlFor={id("marital")} label="Status Perkawinan" error={at("maritalStatus")} required>
                <select
                  id={id("marital")}
                  className="select w-full"
                  {...errorProps(id("marital"), at("maritalStatus"))}
                  {...register(`members.${index}.maritalStatus`)}
                >
                  {maritalStatuses.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </Field>
              <Field htmlFor={id("gender")} label="Jenis Kelamin" error={at("gender")} required>
                <select
                  id={id("gender")}
                  className="select w-full"
                  {...errorProps(id("gender"), at("gender"))}
                  {...register(`members.${index}.gender`)}
                >
                  {genders.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </Field>
              <Field htmlFor={id("birth")} label="Tanggal Lahir" error={at("birthDate")} required>
                <input
                  id={id("birth")}
                  type="date"
                  max={todayIso()}
                  className="input w-full"
                  {...errorProps(id("birth"), at("birthDate"))}
                  {...register(`members.${index}.birthDate`)}
                />
              </Field>
              {warning && (
                <p className="rounded-box border-2 border-warning p-2 text-sm sm:col-span-2" role="note">
                  Perhatian: {warning}. Periksa kembali; data tetap dapat dikirim bila memang sesuai dokumen.
                </p>
              )}
              <Field htmlFor={id("occupation")} label="Pekerjaan" error={at("occupation")} required>
                <select
                  id={id("occupation")}
                  className="select w-full"
                  {...errorProps(id("occupation"), at("occupation"))}
                  {...register(`members.${index}.occupation`)}
                >
                  <option value="">Pilih pekerjaan</option>
                  {occupations.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </Field>
              <Field htmlFor={id("education")} label="Pendidikan Terakhir" error={at("education")} required>
                <select
                  id={id("education")}
                  className="select w-full"
                  {...errorProps(id("education"), at("education"))}
                  {...register(`members.${index}.education`)}
                >
                  <option value="">Pilih pendidikan terakhir</option>
                  {educations.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            {index > 0 && (
              <button type="button" className="btn btn-outline btn-error btn-sm mt-3" onClick={() => remove(index)}>
                Hapus Anggota {index + 1}
              </button>
            )}
          </fieldset>
        );
      })}
      <button type="button" className="btn btn-outline btn-primary" onClick={() => append(newMember(false))}>
        + Tambah Anggota Keluarga
      </button>
    </div>
  );
}

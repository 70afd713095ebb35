import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState, type Ref } from "react";
import { useFieldArray, useForm, useFormContext } from "react-hook-form";
import { z } from "zod";
import { educations, genders, maritalStatuses, occupations, relationships } from "@shared/enums.ts";
import {
  familyMemberSchema,
  newMember,
  todayIso,
  type FamilyMember,
  type FamilyRegistrationInput,
  type MemberDraft,
} from "@shared/schemas/family.ts";
import { formatBirthDate } from "./labels.ts";
import { memberRowError } from "./member-error.ts";
import { nikBirthWarning, sameNikFacts, type RuleMember } from "@shared/household-rules.ts";
import { errorProps, Field } from "../field.tsx";
import { nikInputProps } from "../../lib/nik-input.ts";

// The dialog's member form (SPEC §5) validated by the family form's own member schema, so a member
// saved here is one the public form would accept: NIK exactly 16 digits, occupation and education
// required, and the four marital statuses of the family form (the spec's dialog 'Cerai' is split into
// 'Cerai Hidup' and 'Cerai Mati', the values stored for every family).
const shape = familyMemberSchema.shape;
const memberFormSchema = familyMemberSchema.extend({
  relationship: z.string().pipe(shape.relationship),
  maritalStatus: z.string().pipe(shape.maritalStatus),
  gender: z.string().pipe(shape.gender),
  occupation: z.string().pipe(shape.occupation),
  education: z.string().pipe(shape.education),
});
type MemberFormInput = z.input<typeof memberFormSchema>;

function MemberForm({
  initial,
  title,
  onSave,
  onCancel,
  onTyped,
  groupRef,
}: {
  initial: MemberDraft;
  title: string;
  onSave: (member: FamilyMember) => void;
  onCancel: () => void;
  /** Whether this form holds input not yet in the family: the dialog's Simpan and Tutup wait for it. */
  onTyped: (typed: boolean) => void;
  groupRef?: Ref<HTMLDivElement>;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<MemberFormInput, unknown, FamilyMember>({
    resolver: zodResolver(memberFormSchema),
    defaultValues: initial,
  });
  useEffect(() => onTyped(isDirty), [isDirty, onTyped]);
  // Saved, cancelled or the dialog closed: nothing of this form is left to lose.
  useEffect(() => () => onTyped(false), [onTyped]);
  const select = (
    name: "relationship" | "maritalStatus" | "gender" | "occupation" | "education",
    label: string,
    options: readonly string[],
  ) => {
    const error = errors[name]?.message;
    return (
      <Field htmlFor={`${id}-${name}`} label={label} error={error} required>
        <select
          id={`${id}-${name}`}
          className="select w-full"
          {...errorProps(`${id}-${name}`, error)}
          {...register(name)}
        >
          <option value="">Pilih</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </Field>
    );
  };
  // A nested <form> is not allowed inside the dialog's form, so this is a group saved by its button.
  return (
    <div ref={groupRef} role="group" aria-labelledby={`${id}-title`} className="rounded-box border border-primary p-4">
      <h4 id={`${id}-title`} className="font-semibold">
        {title}
      </h4>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field htmlFor={`${id}-nik`} label="NIK" error={errors.nik?.message} required>
          <input
            id={`${id}-nik`}
            className="input w-full"
            {...nikInputProps}
            {...errorProps(`${id}-nik`, errors.nik?.message)}
            {...register("nik")}
          />
        </Field>
        <Field htmlFor={`${id}-name`} label="Nama Lengkap" error={errors.fullName?.message} required>
          <input
            id={`${id}-name`}
            className="input w-full"
            {...errorProps(`${id}-name`, errors.fullName?.message)}
            {...register("fullName")}
          />
        </Field>
        {select("relationship", "Hubungan Keluarga", relationships)}
        {select("maritalStatus", "Status Perkawinan", maritalStatuses)}
        {select("gender", "Jenis Kelamin", genders)}
        <Field htmlFor={`${id}-birth`} label="Tanggal Lahir" error={errors.birthDate?.message} required>
          <input
            id={`${id}-birth`}
            type="date"
            max={todayIso()}
            className="input w-full"
            {...errorProps(`${id}-birth`, errors.birthDate?.message)}
            {...register("birthDate")}
          />
        </Field>
        {select("occupation", "Pekerjaan", occupations)}
        {select("education", "Pendidikan Terakhir", educations)}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" onClick={handleSubmit(onSave)}>
          Simpan Anggota
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          Batal
        </button>
      </div>
    </div>
  );
}

/**
 * Members of the family in edit mode: add, edit and delete in the dialog's form (saved with Simpan).
 * `nikConfirmations`: members a cadre already confirmed although their NIK disagrees.
 * `onTyped` and `draftRef`: the open member form, which the dialog checks before saving or closing.
 */
export function MembersEditor({
  nikConfirmations = [],
  onTyped,
  draftRef,
}: {
  nikConfirmations?: RuleMember[];
  onTyped: (typed: boolean) => void;
  draftRef?: Ref<HTMLDivElement>;
}) {
  const {
    control,
    formState: { errors },
  } = useFormContext<FamilyRegistrationInput>();
  const { fields, append, update, remove } = useFieldArray({ control, name: "members" });
  const [editing, setEditing] = useState<number | "new" | null>(fields.length === 0 ? "new" : null);
  const listError = errors.members?.message ?? errors.members?.root?.message;

  return (
    <div className="space-y-3">
      {listError && (
        <p role="alert" className="text-error">
          {listError}
        </p>
      )}
      <ul className="space-y-2">
        {fields.map((member, index) => {
          const rowError = memberRowError(errors.members?.[index]);
          return (
            <li key={member.id} className={`rounded-box border p-3 ${rowError ? "border-error" : "border-base-300"}`}>
              {editing === index ? (
                <MemberForm
                  title={`Edit Anggota ${index + 1}`}
                  initial={member}
                  onSave={(saved) => {
                    update(index, saved);
                    setEditing(null);
                  }}
                  onCancel={() => setEditing(null)}
                  onTyped={onTyped}
                  groupRef={draftRef}
                />
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium break-words">{member.fullName}</p>
                    <p className="text-sm break-all">NIK {member.nik}</p>
                    <p className="text-sm">
                      {member.relationship} · {member.gender} · {member.maritalStatus} ·{" "}
                      {member.birthDate ? formatBirthDate(member.birthDate) : "-"}
                    </p>
                    {rowError && <p className="text-sm text-error">{rowError}</p>}
                    {!rowError && nikBirthWarning(member) && (
                      <p className="text-sm" role="note">
                        Perhatian: {nikBirthWarning(member)}.{" "}
                        {nikConfirmations.some((item) => sameNikFacts(item, member))
                          ? "Sudah dikonfirmasi kader dengan dokumen keluarga."
                          : "Periksa dokumen keluarga, lalu centang konfirmasi NIK sebelum menyimpan."}
                      </p>
                    )}
                  </div>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className="btn btn-sm"
                      disabled={editing !== null}
                      onClick={() => setEditing(index)}
                      aria-label={`Edit anggota ${member.fullName}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-error btn-outline"
                      disabled={editing !== null || fields.length <= 1}
                      onClick={() => remove(index)}
                      aria-label={`Hapus anggota ${member.fullName}`}
                    >
                      Hapus
                    </button>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {editing === "new" ? (
        <MemberForm
          title="Tambah Anggota"
          initial={newMember(fields.length === 0)}
          onSave={(saved) => {
            append(saved);
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
          onTyped={onTyped}
          groupRef={draftRef}
        />
      ) : (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={editing !== null}
          onClick={() => setEditing("new")}
        >
          + Tambah Anggota
        </button>
      )}
    </div>
  );
}

import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from "react";
import { useController, useForm } from "react-hook-form";
import {
  communityActivityKeys,
  communityActivityLabels,
  foodTypes,
  houseCriteriaKeys,
  houseCriteriaLabels,
  waterSources,
} from "@shared/enums.ts";
import { todayIso, type FamilyRegistration } from "@shared/schemas/family.ts";
import { FAMILY_CONSENT_TEXT } from "@shared/schemas/registration.ts";
import { isTRPCClientError } from "@trpc/client";
import { errorMessage, serverFieldErrors } from "../../lib/errors.ts";
import { onServerClockChange } from "../../lib/server-clock.ts";
import { trpc } from "../../lib/trpc.ts";
import { CaptchaField, useCaptcha } from "../captcha-field.tsx";
import { errorProps, Field } from "../field.tsx";
import { useKeepsDraft } from "../layout/connection-status.tsx";
import { RegionSelect } from "../region-select.tsx";
import { useToast } from "../toast.tsx";
import { ConditionsSection } from "./conditions-section.tsx";
import { clearDraft, loadDraft, saveDraft } from "./draft.ts";
import { messageAt } from "./errors.ts";
import { emptyFamilyForm, familyFormValuesSchema, type FamilyFormValues } from "./form-values.ts";
import { rememberRegistration } from "./last-registration.ts";
import { MembersSection } from "./members-section.tsx";
import { familyResolver } from "./resolver.ts";
import { SummaryPanel } from "./summary-panel.tsx";
import { nikInputProps } from "../../lib/nik-input.ts";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card border border-base-300 bg-base-100">
      <div className="card-body p-4 sm:p-6">
        <h2 id={id} className="card-title text-lg">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A labelled toggle; `ref` reaches the input so react-hook-form can restore a draft's state. */
function Check({
  label,
  ...props
}: { label: string; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex cursor-pointer items-center gap-3 py-1">
      <input type="checkbox" className="toggle toggle-primary" {...props} />
      <span>{label}</span>
    </label>
  );
}

/** 'Perbaiki Data': the family's own record, opened with the three ownership facts. */
export interface CorrectionTarget {
  token: string;
  version: number;
  registrationNumber: string;
  values: FamilyFormValues;
}

/**
 * The public family registration form (SPEC §2): every section in the spec's order. With a
 * `correction` it is the family's own data, sent back as a correction (no draft, no captcha: the
 * ownership proof already passed one).
 */
export function FamilyForm({ correction }: { correction?: CorrectionTarget } = {}) {
  const [initial] = useState(() =>
    correction ? { values: correction.values, idempotencyKey: "", restored: false } : loadDraft(),
  );
  const idempotencyKey = useRef(initial.idempotencyKey);
  const form = useForm<FamilyFormValues, unknown, FamilyRegistration>({
    resolver: familyResolver,
    defaultValues: initial.values,
    // Errors appear after the first submit, then follow every change (no messages jumping in while typing).
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { register, handleSubmit, formState, watch, setValue } = form;
  const values = watch();
  // The region selects are set through setValue, never registered: their field refs let
  // react-hook-form focus (and scroll to) an empty Kecamatan or Kelurahan like any other field.
  const kecamatanRef = useController({ control: form.control, name: "address.kecamatanId" }).field.ref;
  const desaKelurahanRef = useController({ control: form.control, name: "address.desaKelurahanId" }).field.ref;
  const [captchaAnswer, setCaptchaAnswer] = useState("");
  const captcha = useCaptcha("family", () => captchaAnswer.trim() === "");
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // Set when the server could not be reached: the toast fades after seconds, this stays by the button.
  // Why the last send did not go through, kept beside the button until the next try (a toast fades).
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const { toast } = useToast();
  const navigate = useNavigate();
  const submitted = useRef(false);

  useEffect(() => {
    if (initial.restored)
      toast({ title: "Draf dipulihkan", description: "Isian Anda sebelumnya ditampilkan kembali." });
  }, [initial.restored, toast]);

  useKeepsDraft(!correction);

  // A fresh form's survey date follows the server's day once an answer tells it (a phone whose date
  // is wrong, on its first visit); a date the resident chose, a draft's or a correction's stays.
  useEffect(
    () =>
      onServerClockChange(() => {
        if (correction || initial.restored) return;
        if (form.getValues("tanggalPendataan") !== initial.values.tanggalPendataan) return;
        form.setValue("tanggalPendataan", todayIso());
      }),
    [correction, initial, form],
  );

  // Every change is kept as a draft, so a reload or a lost connection never loses what was typed.
  // Member 1 is the head: the head's name and NIK are typed once and copied there as they are typed.
  useEffect(() => {
    const subscription = watch((current, { name }) => {
      const first = current.members?.[0];
      if (first?.relationship === "Kepala Keluarga") {
        if (name === "namaKepalaKeluarga") setValue("members.0.fullName", current.namaKepalaKeluarga ?? "");
        if (name === "nikKepalaKeluarga") setValue("members.0.nik", current.nikKepalaKeluarga ?? "");
      }
      if (submitted.current || correction) return;
      const parsed = familyFormValuesFromWatch(current);
      if (parsed) saveDraft({ values: parsed, idempotencyKey: idempotencyKey.current });
    });
    return () => subscription.unsubscribe();
  }, [watch, setValue, correction]);

  const send = useMutation(trpc.registers.registerFamily.mutationOptions());
  const sendCorrection = useMutation(trpc.registers.submitCorrection.mutationOptions());
  const pending = send.isPending || sendCorrection.isPending;

  const errorAt = (path: string) => messageAt(formState.errors, path) ?? serverErrors[path];

  const afterAttempt = () => {
    setCaptchaAnswer("");
    captcha.refresh();
  };

  const onFailure = (error: unknown) => {
    const fields = serverFieldErrors(error);
    const byPath = Object.fromEntries(fields.map((item) => [item.path.join("."), item.message]));
    const { captcha: captchaMessage, ...rest } = byPath;
    setServerErrors(rest);
    if (captchaMessage) setCaptchaError(captchaMessage);
    setSendProblem(
      unreachable(error)
        ? correction
          ? "Perbaikan belum terkirim karena server tidak dapat dihubungi. Data Anda masih ada di formulir ini; kirim lagi tanpa mengubah isinya."
          : "Registrasi belum terkirim karena server tidak dapat dihubungi. Data Anda masih tersimpan di formulir ini; kirim lagi tanpa mengubah isinya: bila pengiriman tadi ternyata sudah sampai, nomor registrasinya yang akan tampil."
        : // A refusal about one field stands under it; one about the whole send stays here.
          fields.length === 0
          ? errorMessage(error, { fallback: "Terjadi kesalahan saat registrasi" })
          : null,
    );
    toast({
      title: correction ? "Perbaikan gagal dikirim" : "Registrasi gagal",
      description: errorMessage(error, {
        fallback: "Terjadi kesalahan saat registrasi",
        badRequest: "Data yang dimasukkan tidak valid",
      }),
      variant: "destructive",
    });
  };

  /** Shows or clears the captcha's message; true when an answer can be sent. */
  const checkCaptcha = () => {
    // A question that failed to load (server down) is asked again by this attempt.
    if (captcha.isError) captcha.refresh();
    const ready = /^-?\d+$/.test(captchaAnswer.trim()) && captcha.challenge !== null;
    setCaptchaError(ready ? undefined : "Silakan selesaikan captcha");
    return ready;
  };

  const onValid = (data: FamilyRegistration) => {
    setServerErrors({});
    setSendProblem(null);
    if (correction) {
      sendCorrection.mutate(
        { token: correction.token, version: correction.version, form: data },
        {
          onSuccess: (result) => {
            submitted.current = true;
            toast({
              title: "Perbaikan terkirim",
              description: `Status kembali ${result.statusLabel}; data menunggu pemeriksaan kader RT.`,
              variant: "success",
            });
            void navigate({ to: "/search", search: { nomor: result.registrationNumber } });
          },
          onError: onFailure,
        },
      );
      return;
    }
    const answer = captchaAnswer.trim();
    if (!checkCaptcha() || !captcha.challenge) {
      document.querySelector<HTMLInputElement>('input[name="captcha"]')?.focus();
      return;
    }
    send.mutate(
      {
        form: data,
        captcha: { token: captcha.challenge.token, answer: Number(answer) },
        idempotencyKey: idempotencyKey.current,
      },
      {
        onSuccess: (result) => {
          submitted.current = true;
          clearDraft();
          rememberRegistration(result);
          form.reset(emptyFamilyForm());
          toast({
            title: "Registrasi keluarga berhasil!",
            description: "Data tersimpan dan siap dikirim ke kader RT.",
            variant: "success",
          });
          void navigate({ to: "/registrations/success" });
        },
        onError: (error) => {
          onFailure(error);
          afterAttempt();
        },
      },
    );
  };

  const onInvalid = () => {
    setSendProblem(null);
    // The captcha's message joins the others in the same pass, not only on the next try; focus
    // stays with react-hook-form, which moves it to the first invalid field above.
    if (!correction) checkCaptcha();
    toast({
      title: "Registrasi gagal",
      description: "Periksa kembali isian yang ditandai merah.",
      variant: "destructive",
    });
  };

  const notesLength = values.notes.length;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="order-first lg:order-last">
        <SummaryPanel values={values} />
      </div>
      <form
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        className="min-w-0 space-y-6"
        aria-label="Formulir registrasi keluarga"
      >
        <Section id="bagian-kepala" title="Data Kepala Keluarga">
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field htmlFor="head-name" label="Nama Kepala Keluarga" error={errorAt("namaKepalaKeluarga")} required>
              <input
                id="head-name"
                className="input w-full"
                autoComplete="name"
                {...errorProps("head-name", errorAt("namaKepalaKeluarga"))}
                {...register("namaKepalaKeluarga")}
              />
            </Field>
            <Field
              htmlFor="head-nik"
              label="NIK Kepala Keluarga"
              error={errorAt("nikKepalaKeluarga")}
              hint={<span className="text-base-content">16 digit angka sesuai KTP</span>}
              required
            >
              <input
                id="head-nik"
                className="input w-full"
                {...nikInputProps}
                {...errorProps("head-nik", errorAt("nikKepalaKeluarga"))}
                {...register("nikKepalaKeluarga")}
              />
            </Field>
            <Field htmlFor="head-phone" label="Nomor HP" error={errorAt("nomorHp")} required>
              <input
                id="head-phone"
                type="tel"
                className="input w-full"
                inputMode="numeric"
                autoComplete="tel"
                {...errorProps("head-phone", errorAt("nomorHp"))}
                {...register("nomorHp")}
              />
            </Field>
            <Field htmlFor="head-email" label="Alamat Email (opsional)" error={errorAt("alamatEmail")}>
              <input
                id="head-email"
                type="email"
                className="input w-full"
                autoComplete="email"
                {...errorProps("head-email", errorAt("alamatEmail"))}
                {...register("alamatEmail")}
              />
            </Field>
            <Field
              htmlFor="head-kk"
              label="Nomor KK (opsional)"
              error={errorAt("nomorKk")}
              hint={<span className="text-base-content">16 digit nomor Kartu Keluarga</span>}
            >
              <input
                id="head-kk"
                className="input w-full"
                {...nikInputProps}
                {...errorProps("head-kk", errorAt("nomorKk"))}
                {...register("nomorKk")}
              />
            </Field>
            <Field htmlFor="collected-date" label="Tanggal Pendataan" error={errorAt("tanggalPendataan")} required>
              <input
                id="collected-date"
                type="date"
                max={todayIso()}
                className="input w-full"
                {...errorProps("collected-date", errorAt("tanggalPendataan"))}
                {...register("tanggalPendataan")}
              />
            </Field>
          </div>
        </Section>

        <Section id="bagian-alamat" title="Alamat Domisili">
          <RegionSelect
            value={{ kecamatanId: values.address.kecamatanId, desaKelurahanId: values.address.desaKelurahanId }}
            onChange={(next) => {
              setValue("address.kecamatanId", next.kecamatanId, {
                shouldDirty: true,
                shouldValidate: formState.isSubmitted,
              });
              setValue("address.desaKelurahanId", next.desaKelurahanId, {
                shouldDirty: true,
                shouldValidate: formState.isSubmitted,
              });
            }}
            kecamatanError={errorAt("address.kecamatanId")}
            desaKelurahanError={errorAt("address.desaKelurahanId")}
            kecamatanRef={kecamatanRef}
            desaKelurahanRef={desaKelurahanRef}
            required
          />
          <div className="grid grid-cols-2 gap-x-4">
            <Field htmlFor="address-rt" label="RT" error={errorAt("address.rt")} required>
              <input
                id="address-rt"
                className="input w-full"
                inputMode="numeric"
                maxLength={3}
                placeholder="001"
                {...errorProps("address-rt", errorAt("address.rt"))}
                {...register("address.rt")}
              />
            </Field>
            <Field htmlFor="address-rw" label="RW" error={errorAt("address.rw")} required>
              <input
                id="address-rw"
                className="input w-full"
                inputMode="numeric"
                maxLength={3}
                placeholder="005"
                {...errorProps("address-rw", errorAt("address.rw"))}
                {...register("address.rw")}
              />
            </Field>
          </div>
        </Section>

        <Section id="bagian-anggota" title="Anggota Keluarga">
          <MembersSection form={form} errorAt={errorAt} />
        </Section>

        <Section id="bagian-kondisi" title="Kondisi Khusus">
          <ConditionsSection form={form} errorAt={errorAt} />
        </Section>

        <Section id="bagian-air" title="Sumber Air Keluarga">
          <Field htmlFor="water-source" label="Sumber Air" error={errorAt("waterSource")} required>
            <select
              id="water-source"
              className="select w-full sm:w-80"
              {...errorProps("water-source", errorAt("waterSource"))}
              {...register("waterSource")}
            >
              <option value="">Pilih sumber air keluarga</option>
              {waterSources.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </Field>
        </Section>

        <Section id="bagian-mck" title="MCK (Sarana Sanitasi)">
          <Check
            label="Memiliki MCK"
            {...register("mckFacility", {
              onChange: (event: ChangeEvent<HTMLInputElement>) =>
                setValue("mckCount", event.target.checked ? 1 : 0, {
                  shouldDirty: true,
                  shouldValidate: formState.isSubmitted,
                }),
            })}
          />
          {values.mckFacility && (
            <Field htmlFor="mck-count" label="Jumlah MCK" error={errorAt("mckCount")} required>
              <input
                id="mck-count"
                type="number"
                min={1}
                max={10}
                className="input w-28"
                {...errorProps("mck-count", errorAt("mckCount"))}
                {...register("mckCount", { valueAsNumber: true })}
              />
            </Field>
          )}
        </Section>

        <Section id="bagian-rumah" title="Kriteria Rumah">
          <div className="grid gap-1 sm:grid-cols-2">
            {houseCriteriaKeys.map((key) => (
              <Check key={key} label={houseCriteriaLabels[key]} {...register(`houseCriteria.${key}`)} />
            ))}
          </div>
        </Section>

        <Section id="bagian-makanan" title="Makanan Pokok">
          <fieldset aria-describedby={errorAt("foodType") ? "food-error" : undefined}>
            <legend className="fieldset-legend">
              Jenis Makanan Pokok
              <span className="text-error" aria-hidden="true">
                {" "}
                *
              </span>
            </legend>
            <div className="flex flex-wrap gap-6">
              {foodTypes.map((value) => (
                <label key={value} className="flex cursor-pointer items-center gap-2">
                  <input type="radio" className="radio radio-primary" value={value} {...register("foodType")} />
                  <span>{value}</span>
                </label>
              ))}
            </div>
            {errorAt("foodType") && (
              <p id="food-error" className="mt-1 text-sm text-error">
                {errorAt("foodType")}
              </p>
            )}
          </fieldset>
        </Section>

        <Section id="bagian-kegiatan" title="Kegiatan Masyarakat">
          <div className="grid gap-1 sm:grid-cols-2">
            {communityActivityKeys.map((key) => (
              <Check key={key} label={communityActivityLabels[key]} {...register(`communityActivities.${key}`)} />
            ))}
          </div>
        </Section>

        <Section id="bagian-catatan" title="Catatan">
          <Field
            htmlFor="notes"
            label="Catatan Tambahan (opsional)"
            error={errorAt("notes")}
            hint={<span className="text-base-content">{notesLength}/500 karakter</span>}
          >
            <textarea
              id="notes"
              rows={3}
              className="textarea w-full"
              {...errorProps("notes", errorAt("notes"))}
              {...register("notes")}
            />
          </Field>
        </Section>

        <Section id="bagian-kirim" title="Persetujuan dan Verifikasi">
          <label className="flex cursor-pointer items-start gap-3">
            <input
              type="checkbox"
              className="checkbox checkbox-primary mt-1"
              {...errorProps("agreement", errorAt("agreement"))}
              id="agreement"
              {...register("agreement")}
            />
            <span>{FAMILY_CONSENT_TEXT}</span>
          </label>
          {errorAt("agreement") && (
            <p id="agreement-error" className="text-sm text-error">
              {errorAt("agreement")}
            </p>
          )}
          {!correction && (
            <CaptchaField
              captcha={captcha}
              error={captchaError}
              hint={<span className="text-base-content">Jawab soal hitungan di atas</span>}
              inputProps={{
                name: "captcha",
                value: captchaAnswer,
                onChange: (event) => {
                  setCaptchaAnswer(event.target.value);
                  setCaptchaError(undefined);
                },
              }}
            />
          )}
          {sendProblem && (
            <div role="alert" className="alert alert-error alert-soft">
              {sendProblem}
            </div>
          )}
          <button
            type="submit"
            className="btn btn-primary btn-block sm:btn-wide"
            disabled={!values.agreement || pending}
          >
            {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {pending ? "Mengirim..." : correction ? "Kirim Perbaikan" : "Kirim Registrasi"}
          </button>
        </Section>
      </form>
    </div>
  );
}

/**
 * The call never got an answer from the app: the network failed (no HTTP status), or a proxy in front
 * answered that the app is down or unreachable (502/504). The app's own 503 says more in its toast.
 */
function unreachable(error: unknown): boolean {
  if (!isTRPCClientError(error)) return true;
  const status = error.data?.httpStatus;
  return status === undefined || status === 502 || status === 504;
}

/** watch() hands partial values; keep only a complete, well-formed draft. */
function familyFormValuesFromWatch(current: unknown): FamilyFormValues | null {
  const parsed = familyFormValuesSchema.safeParse(current);
  return parsed.success ? parsed.data : null;
}

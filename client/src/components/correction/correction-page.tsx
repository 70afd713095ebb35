// 'Perbaiki Data' (issue 15): the family proves it owns a record (registration number, head NIK and
// the phone on record, plus a captcha); only then is its own data shown in the registration form,
// to be corrected and sent back to the RT queue.
import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { type CorrectionAccess, correctionAccessInput } from "@shared/schemas/correction.ts";
import { formatWib, nextStepText } from "@shared/status-guidance.ts";
import { errorMessage, serverFieldErrors } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { CaptchaField, useCaptcha } from "../captcha-field.tsx";
import { FamilyForm } from "../family-form/family-form.tsx";
import { errorProps, Field } from "../field.tsx";
import { StatusBadge } from "../search/status-badge.tsx";

function ownershipForm(nomor: string) {
  return { registrationNumber: nomor, nikKepalaKeluarga: "", nomorHp: "" };
}

type FactName = keyof ReturnType<typeof ownershipForm>;
const factNames: FactName[] = ["registrationNumber", "nikKepalaKeluarga", "nomorHp"];
const isFactName = (value: unknown): value is FactName => factNames.some((name) => name === value);

// The server's own rules for the three facts, checked before sending: every try counts against the
// 5 an hour and uses up the captcha's question, so a form that cannot pass is never sent.
const ownershipFactsSchema = correctionAccessInput.pick({
  registrationNumber: true,
  nikKepalaKeluarga: true,
  nomorHp: true,
});
const CAPTCHA_MISSING = "Silakan selesaikan captcha";

export function CorrectionPage({ nomor = "" }: { nomor?: string }) {
  const id = useId();
  const [facts, setFacts] = useState(() => ownershipForm(nomor));
  const [answer, setAnswer] = useState("");
  const [factErrors, setFactErrors] = useState<Partial<Record<FactName, string>>>({});
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [access, setAccess] = useState<CorrectionAccess | null>(null);
  const captcha = useCaptcha("search");
  const open = useMutation(trpc.registers.openCorrection.mutationOptions());
  const formRef = useRef<HTMLFormElement>(null);

  /** Shows each message under its field and moves focus to the first one, in the page's order. */
  const showErrors = (errors: Partial<Record<FactName, string>>, captchaMessage: string | undefined) => {
    setFactErrors(errors);
    setCaptchaError(captchaMessage);
    const first = factNames.find((name) => errors[name]);
    const target = first
      ? document.getElementById(`${id}-${first}`)
      : captchaMessage
        ? formRef.current?.querySelector<HTMLInputElement>('input[name="captcha"]')
        : null;
    target?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A question that failed to load is asked again by the next attempt.
    if (captcha.isError) captcha.refresh();
    const parsed = ownershipFactsSchema.safeParse(facts);
    const errors: Partial<Record<FactName, string>> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const name = issue.path[0];
      if (isFactName(name)) errors[name] ??= issue.message;
    }
    const trimmed = answer.trim();
    const captchaMessage = /^-?\d+$/.test(trimmed) && captcha.challenge ? undefined : CAPTCHA_MISSING;
    showErrors(errors, captchaMessage);
    if (!parsed.success || !captcha.challenge || captchaMessage) return;
    setFailure(null);
    open.mutate(
      { ...parsed.data, captcha: { token: captcha.challenge.token, answer: Number(trimmed) } },
      {
        onSuccess: setAccess,
        onError: (error) => {
          // A 400 names its fields: each message goes under its own field, not into one joined alert.
          const fields = serverFieldErrors(error);
          const byField: Partial<Record<FactName, string>> = {};
          let captchaField: string | undefined;
          for (const item of fields) {
            const name = item.path[0];
            if (isFactName(name)) byField[name] ??= item.message;
            else if (name === "captcha") captchaField ??= item.message;
          }
          showErrors(byField, captchaField);
          setFailure(
            fields.length > 0
              ? "Periksa kembali isian yang ditandai merah."
              : errorMessage(error, { fallback: "Terjadi kesalahan. Silakan coba lagi." }),
          );
        },
        onSettled: () => {
          setAnswer("");
          captcha.refresh();
        },
      },
    );
  };

  if (access) {
    const data = access.record.data;
    return (
      <div className="space-y-6">
        <section className="card border border-base-300" aria-label="Status data">
          <div className="card-body p-4">
            <div className="flex flex-wrap items-center gap-3">
              <StatusBadge status={access.status} label={access.statusLabel} />
              <span className="font-mono">{access.record.registrationNumber}</span>
            </div>
            {access.review && (
              <div className="rounded-box border-2 border-warning p-3" role="note">
                <p className="font-semibold">
                  {access.status === "REJECTED" ? "Alasan penolakan dari kader" : "Catatan revisi dari kader"}
                </p>
                <p className="whitespace-pre-line">{access.review.note || "Kader tidak menulis catatan."}</p>
                <p className="text-sm">Ditulis {formatWib(access.review.at)}</p>
              </div>
            )}
            <p className="text-sm">{nextStepText[access.status]}</p>
          </div>
        </section>
        <FamilyForm
          correction={{
            token: access.token,
            version: access.version,
            registrationNumber: access.record.registrationNumber,
            values: {
              ...data,
              nomorKk: data.nomorKk ?? "",
              address: { ...data.address },
              members: data.members.map((member) => ({ ...member })),
              agreement: false,
            },
          }}
        />
      </div>
    );
  }

  const text = (name: FactName, label: string, hint: string, inputMode: "text" | "numeric" | "tel") => (
    <Field
      htmlFor={`${id}-${name}`}
      label={label}
      error={factErrors[name]}
      hint={<span className="text-base-content">{hint}</span>}
      required
    >
      <input
        id={`${id}-${name}`}
        className={`input w-full ${factErrors[name] ? "input-error" : ""}`}
        inputMode={inputMode === "tel" ? "tel" : inputMode}
        autoComplete="off"
        value={facts[name]}
        onChange={(event) => {
          setFacts({ ...facts, [name]: event.target.value });
          setFactErrors({ ...factErrors, [name]: undefined });
        }}
        {...errorProps(`${id}-${name}`, factErrors[name])}
      />
    </Field>
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="card max-w-xl border border-base-300"
      aria-label="Buktikan data Anda"
    >
      <div className="card-body p-4 sm:p-6">
        <p>
          Untuk melindungi data keluarga, isi ketiga data berikut persis seperti saat mendaftar. Data keluarga baru
          ditampilkan setelah ketiganya cocok. Maksimal 5 percobaan per jam.
        </p>
        {text("registrationNumber", "Nomor Registrasi", "Contoh: REG-20261123-ABCD-EFGH", "text")}
        {text("nikKepalaKeluarga", "NIK Kepala Keluarga", "16 digit angka", "numeric")}
        {text("nomorHp", "Nomor HP yang didaftarkan", "Contoh: 081234567890", "tel")}
        <CaptchaField
          captcha={captcha}
          error={captchaError}
          hint={<span className="text-base-content">Jawab soal hitungan di atas</span>}
          inputProps={{
            name: "captcha",
            value: answer,
            onChange: (event) => {
              setAnswer(event.target.value);
              setCaptchaError(undefined);
            },
          }}
        />
        {failure && (
          <div role="alert" className="alert alert-error alert-soft">
            {failure}
          </div>
        )}
        <button type="submit" className="btn btn-primary mt-2 sm:btn-wide" disabled={open.isPending}>
          {open.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {open.isPending ? "Memeriksa..." : "Buka Data Saya"}
        </button>
      </div>
    </form>
  );
}

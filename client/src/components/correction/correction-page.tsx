// 'Perbaiki Data' (issue 15): the family proves it owns a record (registration number, head NIK and
// the phone on record, plus a captcha); only then is its own data shown in the registration form,
// to be corrected and sent back to the RT queue.
import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { CorrectionAccess } from "@shared/schemas/correction.ts";
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

export function CorrectionPage({ nomor = "" }: { nomor?: string }) {
  const id = useId();
  const [facts, setFacts] = useState(() => ownershipForm(nomor));
  const [answer, setAnswer] = useState("");
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [access, setAccess] = useState<CorrectionAccess | null>(null);
  const captcha = useCaptcha("search");
  const open = useMutation(trpc.registers.openCorrection.mutationOptions());

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = answer.trim();
    if (!/^-?\d+$/.test(trimmed) || !captcha.challenge) {
      setCaptchaError("Silakan selesaikan captcha");
      return;
    }
    setFailure(null);
    open.mutate(
      { ...facts, captcha: { token: captcha.challenge.token, answer: Number(trimmed) } },
      {
        onSuccess: setAccess,
        onError: (error) => {
          const captchaMessage = serverFieldErrors(error).find((item) => item.path[0] === "captcha")?.message;
          if (captchaMessage) setCaptchaError(captchaMessage);
          setFailure(errorMessage(error, { fallback: "Terjadi kesalahan. Silakan coba lagi." }));
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

  const text = (name: keyof typeof facts, label: string, hint: string, inputMode: "text" | "numeric" | "tel") => (
    <Field htmlFor={`${id}-${name}`} label={label} hint={<span className="text-base-content">{hint}</span>} required>
      <input
        id={`${id}-${name}`}
        className="input w-full"
        inputMode={inputMode === "tel" ? "tel" : inputMode}
        autoComplete="off"
        value={facts[name]}
        onChange={(event) => setFacts({ ...facts, [name]: event.target.value })}
        {...errorProps(`${id}-${name}`, undefined)}
      />
    </Field>
  );

  return (
    <form
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

import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import type { CaptchaChallenge, CaptchaKind } from "@shared/schemas/captcha.ts";
import { trpc } from "../lib/trpc.ts";
import { errorProps, Field } from "./field.tsx";

export interface CaptchaState {
  challenge: CaptchaChallenge | null;
  isLoading: boolean;
  isError: boolean;
  refresh: () => void;
}

/** Fetches a server-issued captcha of `kind`; call refresh() after every submission (it is single use). */
export function useCaptcha(kind: CaptchaKind): CaptchaState {
  const issue = useMutation(trpc.captcha.issue.mutationOptions());
  const { mutate } = issue;
  const refresh = useCallback(() => mutate({ kind }), [mutate, kind]);
  useEffect(() => refresh(), [refresh]);
  return { challenge: issue.data ?? null, isLoading: issue.isPending, isError: issue.isError, refresh };
}

interface Props {
  captcha: CaptchaState;
  /** The answer input's props (e.g. from react-hook-form's register). */
  inputProps: InputHTMLAttributes<HTMLInputElement>;
  error?: string;
  label?: string;
  hint?: ReactNode;
}

export function CaptchaField({ captcha, inputProps, error, label = "Verifikasi keamanan", hint }: Props) {
  const id = useId();
  const [announce, setAnnounce] = useState(false);
  return (
    <Field htmlFor={id} label={label} error={error} hint={hint} required>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-box bg-base-200 px-3 py-2 font-mono text-lg" aria-live={announce ? "polite" : "off"}>
          {captcha.isLoading
            ? "Memuat soal..."
            : captcha.isError
              ? "Gagal memuat soal"
              : (captcha.challenge?.question ?? "")}
        </span>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => {
            setAnnounce(true);
            captcha.refresh();
          }}
          disabled={captcha.isLoading}
        >
          Muat ulang soal
        </button>
      </div>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        className={`input w-40 ${error ? "input-error" : ""}`}
        {...errorProps(id, error)}
        {...inputProps}
      />
    </Field>
  );
}

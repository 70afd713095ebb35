import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import type { CaptchaChallenge, CaptchaKind } from "@shared/schemas/captcha.ts";
import { trpc } from "../lib/trpc.ts";
import { errorProps, Field } from "./field.tsx";

export interface CaptchaState {
  challenge: CaptchaChallenge | null;
  isLoading: boolean;
  isError: boolean;
  refresh: () => void;
}

/** How long the server accepts a question (server/src/services/public/captcha.ts LIFETIME_MS). */
export const CAPTCHA_LIFETIME_MS = 10 * 60_000;
/** A question is renewed this long before the server stops accepting it. */
export const CAPTCHA_RENEW_BEFORE_MS = 60_000;

/**
 * Fetches a server-issued captcha of `kind`; call refresh() after every submission (it is single use).
 * A long form outlives its question: shortly before it expires a new one is fetched, but only while
 * `isAnswerEmpty()` says nothing is typed, so a question is never swapped under an answer (without it,
 * as on the short login and search forms, the question is kept). The time is
 * counted from the question's arrival, not from its `expiresAt`, so a device clock that is wrong
 * cannot make it renew early or in a loop.
 */
export function useCaptcha(kind: CaptchaKind, isAnswerEmpty: () => boolean = () => false): CaptchaState {
  const issue = useMutation(trpc.captcha.issue.mutationOptions());
  const { mutate } = issue;
  const refresh = useCallback(() => mutate({ kind }), [mutate, kind]);
  useEffect(() => refresh(), [refresh]);
  const answerEmpty = useRef(isAnswerEmpty);
  useEffect(() => {
    answerEmpty.current = isAnswerEmpty;
  });
  const token = issue.data?.token;
  useEffect(() => {
    if (!token) return;
    const renew = () => {
      if (answerEmpty.current()) refresh();
    };
    const timer = setTimeout(renew, CAPTCHA_LIFETIME_MS - CAPTCHA_RENEW_BEFORE_MS);
    return () => clearTimeout(timer);
  }, [token, refresh]);
  // A question that failed to load (server or network down) is asked again once the device is back
  // online or the resident returns to the tab, instead of 'Gagal memuat soal' staying until a click.
  const failed = issue.isError;
  useEffect(() => {
    if (!failed) return;
    window.addEventListener("online", refresh);
    window.addEventListener("focus", refresh);
    return () => {
      window.removeEventListener("online", refresh);
      window.removeEventListener("focus", refresh);
    };
  }, [failed, refresh]);
  return { challenge: issue.data ?? null, isLoading: issue.isPending, isError: issue.isError, refresh };
}

/** 'Berapa hasil dari 28 - 10?' with '28 - 10' kept on one line: a narrow phone broke it after '-'. */
function Question({ text }: { text: string }) {
  const match = /\d+ \S \d+/.exec(text);
  if (!match) return text;
  return (
    <>
      {text.slice(0, match.index)}
      <span className="whitespace-nowrap">{match[0]}</span>
      {text.slice(match.index + match[0].length)}
    </>
  );
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
              : captcha.challenge && <Question text={captcha.challenge.question} />}
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

import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  isNikQuery,
  isRegistrationNumberQuery,
  nameSearchNeedsWardMessage,
  searchQuerySchema,
  type StatusSearchAnswer,
} from "@shared/schemas/search.ts";
import { errorMessage, serverFieldErrors } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { CaptchaField, useCaptcha } from "../captcha-field.tsx";
import { errorProps, Field } from "../field.tsx";
import { RegionSelect, type RegionValue } from "../region-select.tsx";
import { useToast } from "../toast.tsx";
import { ResultCard } from "./result-card.tsx";

const FAILURE = "Terjadi kesalahan: Gagal melakukan pencarian. Silakan coba lagi.";
const tips = [
  "Masukkan 16 digit NIK kepala keluarga atau salah satu anggota keluarga untuk hasil yang tepat.",
  "Atau masukkan nomor registrasi dari halaman sukses, misalnya REG-20261123-ABCD-EFGH.",
  "Pencarian nama hanya untuk nama lengkap kepala keluarga (bukan potongan nama) di kelurahan yang Anda pilih; huruf besar/kecil, spasi, dan aksen diabaikan. Hanya registrasi keluarga, paling banyak 10 data.",
  "Data yang baru dikirim berstatus Menunggu Persetujuan sampai ditinjau kader RT.",
  "Demi perlindungan data pribadi, NIK dan nomor HP ditampilkan sebagian.",
];

type Hint = "unknown" | "checking" | "right" | "wrong";

/** The status search (SPEC §2, §5): NIK or name, a server captcha with a live hint, masked cards. */
export function StatusSearch({ initialQuery = "" }: { initialQuery?: string }) {
  const inputId = useId();
  const [query, setQuery] = useState(initialQuery);
  const [region, setRegion] = useState<RegionValue>({ kecamatanId: null, desaKelurahanId: null });
  const [regionError, setRegionError] = useState<string | undefined>();
  const [queryError, setQueryError] = useState<string | undefined>();
  const [answer, setAnswer] = useState("");
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const [hint, setHint] = useState<Hint>("unknown");
  const [answerState, setAnswerState] = useState<StatusSearchAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const captcha = useCaptcha("search");
  const check = useMutation(trpc.captcha.check.mutationOptions());
  const search = useMutation(trpc.registers.searchStatus.mutationOptions());
  const { toast } = useToast();
  const token = captcha.challenge?.token;
  const { mutate: checkAnswer } = check;
  const queryRef = useRef<HTMLInputElement>(null);
  const kecamatanRef = useRef<HTMLSelectElement>(null);
  const kelurahanRef = useRef<HTMLSelectElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A refused search leaves focus on what to fix (a screen reader then reads its message), not on Cari.
  const focusCaptcha = () => formRef.current?.querySelector<HTMLInputElement>('input[name="captcha"]')?.focus();

  // The live hint, asked once typing pauses (the server allows only a few hints per captcha), and
  // asked again when the captcha arrives after the answer was typed.
  useEffect(() => {
    const value = answer.trim();
    if (!/^-?\d+$/.test(value) || !token) {
      setHint("unknown");
      return;
    }
    setHint("checking");
    let current = true;
    const timer = setTimeout(() => {
      checkAnswer(
        { kind: "search", token, answer: Number(value) },
        {
          // An answer to an older question or an older answer says nothing of the current one.
          onSuccess: (result) => current && setHint(result.correct ? "right" : "wrong"),
          onError: () => current && setHint("unknown"),
        },
      );
    }, 500);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [answer, token, checkAnswer]);

  const resetCaptcha = () => {
    setAnswer("");
    captcha.refresh();
  };

  const onAnswer = (value: string) => {
    setAnswer(value);
    setCaptchaError(undefined);
  };

  const byName = query.trim() !== "" && !isNikQuery(query) && !isRegistrationNumberQuery(query);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = searchQuerySchema.safeParse(query);
    const trimmed = answer.trim();
    const queryProblem = parsed.success ? undefined : (parsed.error.issues[0]?.message ?? "Input tidak valid");
    // The search has one captcha message in the spec (§5, §8), also for an answer left empty.
    const captchaProblem =
      !/^-?\d+$/.test(trimmed) || hint === "wrong" || !captcha.challenge ? "Captcha belum benar" : undefined;
    const regionProblem = byName && region.desaKelurahanId === null ? nameSearchNeedsWardMessage : undefined;
    setQueryError(queryProblem);
    setCaptchaError(captchaProblem);
    setRegionError(regionProblem);
    if (captcha.isError) captcha.refresh();
    if (queryProblem) queryRef.current?.focus();
    else if (regionProblem) (region.kecamatanId === null ? kecamatanRef : kelurahanRef).current?.focus();
    else if (captchaProblem) focusCaptcha();
    if (queryProblem || captchaProblem || regionProblem || !parsed.success || !captcha.challenge) return;
    setFailure(null);
    search.mutate(
      {
        query: parsed.data,
        desaKelurahanId: byName ? (region.desaKelurahanId ?? undefined) : undefined,
        captcha: { token: captcha.challenge.token, answer: Number(trimmed) },
      },
      {
        onSuccess: (result) => {
          setAnswerState(result);
          if (result.results.length === 0)
            toast({
              title: "Data tidak ditemukan",
              description: "Periksa kembali NIK, nomor registrasi, atau nama yang Anda masukkan.",
            });
          else
            toast({
              title: "Pencarian berhasil",
              description: `Ditemukan ${result.results.length} data.`,
              variant: "success",
            });
        },
        onError: (error) => {
          setAnswerState(null);
          const fields = serverFieldErrors(error);
          const queryMessage = fields.find((item) => item.path[0] === "query")?.message;
          const captchaMessage = fields.find((item) => item.path[0] === "captcha")?.message;
          if (queryMessage) setQueryError(queryMessage);
          if (captchaMessage) setCaptchaError(captchaMessage);
          if (queryMessage) queryRef.current?.focus();
          else if (captchaMessage) focusCaptcha();
          const message = errorMessage(error, { fallback: FAILURE });
          setFailure(message);
          toast({ title: "Pencarian gagal", description: message, variant: "destructive" });
        },
        onSettled: resetCaptcha,
      },
    );
  };

  const kindHint =
    query.trim() === ""
      ? ""
      : isNikQuery(query)
        ? "Pencarian berdasarkan NIK"
        : isRegistrationNumberQuery(query)
          ? "Pencarian berdasarkan nomor registrasi"
          : "Pencarian berdasarkan nama lengkap kepala keluarga — pilih kelurahan";
  const results = answerState?.results ?? [];

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 space-y-6">
        <form
          ref={formRef}
          noValidate
          onSubmit={onSubmit}
          className="card border border-base-300"
          aria-label="Cari status registrasi"
        >
          <div className="card-body p-4 sm:p-6">
            <Field
              htmlFor={inputId}
              label="NIK, Nomor Registrasi, atau Nama Lengkap Kepala Keluarga"
              error={queryError}
              hint={
                <span className="text-base-content">
                  {kindHint || "16 digit NIK, nomor registrasi (REG-…), atau nama lengkap"}
                </span>
              }
              required
            >
              <input
                ref={queryRef}
                id={inputId}
                type="search"
                className={`input w-full ${queryError ? "input-error" : ""}`}
                autoComplete="off"
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setQueryError(undefined);
                }}
                {...errorProps(inputId, queryError)}
              />
            </Field>
            {byName && (
              <RegionSelect
                value={region}
                onChange={(value) => {
                  setRegion(value);
                  setRegionError(undefined);
                }}
                desaKelurahanError={regionError}
                required
                kecamatanRef={kecamatanRef}
                desaKelurahanRef={kelurahanRef}
              />
            )}
            <CaptchaField
              captcha={captcha}
              error={captchaError}
              hint={
                <span aria-live="polite" className="text-base-content">
                  {hint === "right"
                    ? "✓ Jawaban benar"
                    : hint === "wrong"
                      ? "✗ Jawaban belum benar"
                      : hint === "checking"
                        ? "Memeriksa jawaban..."
                        : "Jawab soal hitungan di atas"}
                </span>
              }
              inputProps={{ name: "captcha", value: answer, onChange: (event) => onAnswer(event.target.value) }}
            />
            <button type="submit" className="btn btn-primary mt-2 sm:btn-wide" disabled={search.isPending}>
              {search.isPending ? "Mencari..." : "Cari"}
            </button>
          </div>
        </form>

        <section aria-labelledby="hasil-judul" aria-live="polite" className="space-y-4">
          <h2 id="hasil-judul" className="text-xl font-bold">
            Hasil Pencarian
          </h2>
          {search.isPending && (
            <p className="flex items-center gap-2">
              <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Mencari data...
            </p>
          )}
          {failure && !search.isPending && (
            <div role="alert" className="alert alert-error alert-soft">
              {failure}
            </div>
          )}
          {!search.isPending && !failure && answerState === null && (
            <p>Masukkan NIK, nomor registrasi, atau nama lalu tekan Cari.</p>
          )}
          {!search.isPending && answerState !== null && results.length === 0 && (
            <div className="rounded-box border border-dashed border-base-300 p-6 text-center">
              <p className="font-semibold">Data tidak ditemukan</p>
              <p className="text-sm">
                Pastikan NIK atau nama sudah benar, atau daftarkan keluarga Anda di halaman Registrasi Warga.
              </p>
            </div>
          )}
          {results.length > 0 && (
            <>
              <p>Ditemukan {results.length} data.</p>
              {results.map((result) => (
                <ResultCard key={result.id} result={result} />
              ))}
            </>
          )}
        </section>
      </div>
      <aside aria-labelledby="tips-judul" className="card h-fit border border-base-300 bg-base-200">
        <div className="card-body p-4">
          <h2 id="tips-judul" className="card-title text-lg">
            Tips Pencarian
          </h2>
          <ul className="list-disc space-y-2 pl-5 text-sm">
            {tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}

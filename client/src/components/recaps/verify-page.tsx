import { useQuery } from "@tanstack/react-query";
import { useId, useState, type ChangeEvent } from "react";
import { isTRPCClientError } from "@trpc/client";
import { errorMessage } from "../../lib/errors.ts";
import { LookupAlert } from "../lookup-alert.tsx";
import { trpc } from "../../lib/trpc.ts";

const wib = (iso: string) =>
  `${new Intl.DateTimeFormat("id-ID", { dateStyle: "long", timeStyle: "short", timeZone: "Asia/Jakarta" }).format(new Date(iso))} WIB`;

const levelNames: Record<string, string> = { rt: "RT", rw: "RW", kelurahan: "Kelurahan", dasawisma: "Dasawisma" };

/** SHA-256 of a file, in the browser (SubtleCrypto): the file never leaves the device. */
async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

type Check =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "unsupported" }
  | { state: "match" | "mismatch"; name: string; hash: string };

/** The public page behind a recap PDF's QR code: what was signed, and a check of a file against it. */
export function VerifyPage({ documentId }: { documentId: string }) {
  const id = useId();
  const info = useQuery(trpc.recaps.document.queryOptions({ id: documentId }));
  const [check, setCheck] = useState<Check>({ state: "idle" });
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file || !info.data) return;
    // SubtleCrypto exists only on HTTPS (and localhost) pages.
    if (!globalThis.crypto?.subtle) {
      setCheck({ state: "unsupported" });
      return;
    }
    setCheck({ state: "checking" });
    const hash = await sha256Hex(file);
    setCheck({ state: hash === info.data.sha256 ? "match" : "mismatch", name: file.name, hash });
  };
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Verifikasi Dokumen Rekap PKK</h1>
        <p className="mt-1">Kode dokumen: {documentId}</p>
      </header>
      {info.isPending && <p role="status">Memuat data dokumen...</p>}
      {info.isError &&
        // Only the server's own "not found" says the code is unknown: a fault or a lost connection says
        // nothing about the document, so the reader is told the check did not happen and may retry.
        (isTRPCClientError(info.error) && info.error.data?.code === "NOT_FOUND" ? (
          <div role="alert" className="alert alert-error alert-soft">
            {errorMessage(info.error, { fallback: "Dokumen tidak ditemukan" })}
          </div>
        ) : (
          <LookupAlert
            error={info.error}
            fallback="Gagal memeriksa dokumen. Periksa koneksi Anda lalu coba lagi."
            onRetry={() => void info.refetch()}
            className=""
          />
        ))}
      {info.data && (
        <>
          <section aria-labelledby={`${id}-info`} className="card border border-base-300 bg-base-100">
            <div className="card-body p-4">
              <h2 id={`${id}-info`} className="card-title text-base">
                {info.data.code}
              </h2>
              <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
                <dt className="font-semibold">Tingkat</dt>
                <dd>{levelNames[info.data.level] ?? info.data.level}</dd>
                <dt className="font-semibold">Wilayah</dt>
                <dd>{info.data.areaLabel}</dd>
                <dt className="font-semibold">Periode</dt>
                <dd>{info.data.periodLabel}</dd>
                <dt className="font-semibold">Penanda tangan</dt>
                <dd>
                  {info.data.signerName
                    ? `${info.data.signerName} (${info.data.signerPosition ?? ""})`
                    : "Belum ditandatangani tingkatnya (draf)"}
                </dd>
                <dt className="font-semibold">Waktu tanda tangan</dt>
                <dd>{info.data.signedAt ? wib(info.data.signedAt) : "-"}</dd>
                <dt className="font-semibold">Dibuat</dt>
                <dd>
                  {info.data.createdByName}, {wib(info.data.createdAt)}
                </dd>
                <dt className="font-semibold">Sertifikat elektronik</dt>
                <dd>
                  {info.data.certificateSubject}
                  {info.data.selfSigned ? " — sertifikat pengembangan (self-signed), bukan sertifikat resmi" : ""}
                </dd>
                <dt className="font-semibold">Sidik jari berkas (SHA-256)</dt>
                <dd className="break-all font-mono text-sm">{info.data.sha256}</dd>
              </dl>
            </div>
          </section>
          <section aria-labelledby={`${id}-check`} className="space-y-3">
            <h2 id={`${id}-check`} className="text-lg font-semibold">
              Periksa berkas PDF
            </h2>
            <p>Pilih berkas PDF yang Anda terima. Berkas diperiksa di perangkat Anda dan tidak diunggah.</p>
            <div className="fieldset">
              <label className="fieldset-legend" htmlFor={`${id}-file`}>
                Berkas PDF
              </label>
              <input
                id={`${id}-file`}
                type="file"
                accept="application/pdf,.pdf"
                className="file-input"
                onChange={onFile}
              />
            </div>
            {check.state === "checking" && <p role="status">Memeriksa...</p>}
            {check.state === "unsupported" && (
              <div role="alert" className="alert alert-warning">
                Peramban ini tidak dapat menghitung sidik jari berkas di halaman tanpa HTTPS. Bandingkan sidik jari di
                atas dengan hasil perintah <code>sha256sum</code> pada berkas Anda.
              </div>
            )}
            {check.state === "match" && (
              <div role="status" className="alert alert-success">
                Berkas ASLI: {check.name} sama persis dengan dokumen yang diterbitkan.
              </div>
            )}
            {check.state === "mismatch" && (
              <div role="alert" className="alert alert-error">
                Berkas TIDAK COCOK: {check.name} berbeda dari dokumen yang diterbitkan (sidik jari{" "}
                {check.hash.slice(0, 16)}…). Berkas mungkin telah diubah.
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}

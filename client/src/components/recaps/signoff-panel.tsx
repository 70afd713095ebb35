import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { periodLabel, signLevelLabels, type RecapPlace } from "@shared/recaps.ts";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { LookupAlert } from "../lookup-alert.tsx";
import { useToast } from "../toast.tsx";
import { Modal } from "../registers/modal.tsx";

const wib = (iso: string) =>
  `${new Intl.DateTimeFormat("id-ID", { dateStyle: "long", timeStyle: "short", timeZone: "Asia/Jakarta" }).format(new Date(iso))} WIB`;

/** The signature of the shown level for the month: sign, reopen with a reason, and what is signed below. */
export function SignoffPanel({
  period,
  place,
  onDrill,
}: {
  period: string;
  place: RecapPlace;
  onDrill: (place: RecapPlace) => void;
}) {
  const id = useId();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.recaps.status.queryOptions({ period, place }));
  const [confirming, setConfirming] = useState(false);
  const [reopening, setReopening] = useState(false);
  const [reason, setReason] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.recaps.pathKey() });
  const fail = (fallback: string) => (error: unknown) =>
    toast({ variant: "destructive", title: "Gagal", description: errorMessage(error, { fallback }) });
  const sign = useMutation(
    trpc.recaps.sign.mutationOptions({
      onSuccess: () => {
        toast({ title: "Berhasil", description: "Rekap bulan ini sudah ditandatangani" });
        setConfirming(false);
        void refresh();
      },
      onError: fail("Gagal menandatangani rekap"),
    }),
  );
  const reopen = useMutation(
    trpc.recaps.reopen.mutationOptions({
      onSuccess: () => {
        toast({ title: "Berhasil", description: "Rekap dibuka kembali; data bulan ini dapat diubah lagi" });
        setReopening(false);
        setReason("");
        void refresh();
      },
      onError: fail("Gagal membuka kembali rekap"),
    }),
  );
  if (status.isPending) return <p role="status">Memuat status tanda tangan...</p>;
  if (status.isError)
    return (
      <LookupAlert
        error={status.error}
        fallback="Gagal memuat status tanda tangan"
        onRetry={() => void status.refetch()}
        className=""
      />
    );
  const data = status.data;
  const standing = data.standing;
  return (
    <section aria-labelledby={`${id}-title`} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4">
        <h2 id={`${id}-title`} className="card-title text-base">
          Tanda tangan rekap {signLevelLabels[data.level]} · {periodLabel(period)}
        </h2>
        {standing ? (
          <div className="space-y-1">
            <p>
              <span className="badge badge-success">Sudah ditandatangani</span> oleh{" "}
              <strong>{standing.signerName}</strong> ({standing.signerPosition}) pada {wib(standing.signedAt)}.
            </p>
            <p className="break-all text-xs">Sidik jari angka (SHA-256): {standing.figuresHash}</p>
            {standing.changedSinceSigning && (
              <p role="alert" className="alert alert-warning alert-soft">
                Data berubah sejak rekap ditandatangani. Yang tampil dan diunduh adalah angka saat ditandatangani; buka
                kembali lalu tandatangani ulang untuk memakai data terbaru.
              </p>
            )}
            <p className="text-sm">Data keluarga bulan ini di wilayah ini terkunci sampai rekap dibuka kembali.</p>
          </div>
        ) : (
          <p>
            <span className="badge badge-warning">Belum ditandatangani</span>
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {data.canSign && (
            <button type="button" className="btn btn-primary" onClick={() => setConfirming(true)}>
              Tandatangani Rekap
            </button>
          )}
          {data.canReopen && standing && (
            <button type="button" className="btn btn-outline btn-warning" onClick={() => setReopening(true)}>
              Buka Kembali
            </button>
          )}
        </div>
        {data.below.length > 0 && (
          <div>
            <h3 className="font-semibold">Tanda tangan tingkat di bawahnya</h3>
            <ul className="mt-1 space-y-1">
              {data.below.map((child) => (
                <li key={child.label} className="flex flex-wrap items-center gap-2">
                  <button type="button" className="link" onClick={() => onDrill(child.place)}>
                    {child.label}
                  </button>
                  {child.signoff ? (
                    <span className="badge badge-success badge-sm">
                      Sudah · {child.signoff.signerName}, {wib(child.signoff.signedAt)}
                    </span>
                  ) : (
                    <span className="badge badge-error badge-sm">Belum ditandatangani</span>
                  )}
                  {child.changedSinceSigning && (
                    <span className="badge badge-warning badge-sm">
                      Angka berubah sejak ditandatangani: buka kembali agar ditandatangani ulang
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        {data.history.length > 0 && (
          <details>
            <summary className="cursor-pointer">Riwayat pembukaan kembali ({data.history.length})</summary>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {data.history.map((entry) => (
                <li key={entry.id}>
                  Ditandatangani {entry.signerName} ({wib(entry.signedAt)}); dibuka kembali oleh {entry.reopenedByName}
                  {entry.reopenedAt ? ` (${wib(entry.reopenedAt)})` : ""}: “{entry.reopenReason}”
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
      {confirming && (
        <Modal titleId={`${id}-sign`} onClose={() => setConfirming(false)}>
          {(close) => (
            <div className="space-y-3">
              <h3 id={`${id}-sign`} className="text-lg font-bold">
                Tandatangani rekap {periodLabel(period)}?
              </h3>
              <p>
                Angka 4.16 dan 4.18 yang tampil akan dibekukan bersama tanda tangan Anda, dan data keluarga bulan ini di
                wilayah Anda terkunci sampai rekap dibuka kembali.
              </p>
              <div className="modal-action">
                <button type="button" className="btn" onClick={close}>
                  Batal
                </button>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={sign.isPending}
                  onClick={() => sign.mutate({ period })}
                >
                  Tandatangani
                </button>
              </div>
            </div>
          )}
        </Modal>
      )}
      {reopening && standing && (
        <Modal titleId={`${id}-reopen`} onClose={() => setReopening(false)}>
          {(close) => (
            <form
              className="space-y-3"
              onSubmit={(event) => {
                event.preventDefault();
                reopen.mutate({ signoffId: standing.id, reason });
              }}
            >
              <h3 id={`${id}-reopen`} className="text-lg font-bold">
                Buka kembali rekap
              </h3>
              <div className="fieldset">
                <label className="fieldset-legend" htmlFor={`${id}-reason`}>
                  Alasan (wajib, tercatat)
                </label>
                <textarea
                  id={`${id}-reason`}
                  className="textarea w-full"
                  value={reason}
                  minLength={5}
                  required
                  onChange={(event) => setReason(event.target.value)}
                />
              </div>
              <div className="modal-action">
                <button type="button" className="btn" onClick={close}>
                  Batal
                </button>
                <button type="submit" className="btn btn-warning" disabled={reopen.isPending}>
                  Buka Kembali
                </button>
              </div>
            </form>
          )}
        </Modal>
      )}
    </section>
  );
}

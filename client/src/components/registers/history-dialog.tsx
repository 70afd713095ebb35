import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { statusLabel } from "@shared/status.ts";
import { trpc } from "../../lib/trpc.ts";
import { eventLevelLabel, formatDateTime } from "./labels.ts";
import { Modal } from "./modal.tsx";
import type { QueueItem } from "./queue-types.ts";

/** The validation history of one record: who, level, from → to, note, when. */
export function HistoryDialog({ item, onClose }: { item: QueueItem; onClose: () => void }) {
  const titleId = `${useId()}-title`;
  return (
    <Modal titleId={titleId} onClose={onClose}>
      {(close) => (
        <>
          <h2 id={titleId} className="text-lg font-bold">
            Riwayat Validasi
          </h2>
          <p className="text-sm">
            {item.namaKepalaKeluarga} ({item.registrationNumber})
          </p>
          <div className="mt-4">
            <HistoryList registerId={item.id} />
          </div>
          <div className="modal-action">
            <button type="button" className="btn" onClick={close}>
              Tutup
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

/** Who moved the record, at which level, from → to, with the note and when (oldest first). */
export function HistoryList({ registerId }: { registerId: number }) {
  const history = useQuery(trpc.registers.history.queryOptions({ registerId }));
  return (
    <div aria-live="polite" aria-busy={history.isPending}>
      {history.isPending && (
        <p className="flex items-center gap-2">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Memuat riwayat...
        </p>
      )}
      {history.isError && (
        <div role="alert" className="alert alert-error alert-soft">
          <span>Gagal memuat riwayat.</span>
          <button type="button" className="btn btn-sm" onClick={() => history.refetch()}>
            Coba lagi
          </button>
        </div>
      )}
      {history.data?.length === 0 && <p>Belum ada riwayat.</p>}
      {history.data && history.data.length > 0 && (
        <ol className="space-y-3 border-l-2 border-base-300 pl-4">
          {history.data.map((entry) => {
            const level = eventLevelLabel(entry.level);
            return (
              <li key={entry.id}>
                <p className="font-medium">
                  {entry.fromStatus
                    ? `${statusLabel(entry.fromStatus)} → ${statusLabel(entry.toStatus)}`
                    : statusLabel(entry.toStatus)}
                </p>
                <p className="text-sm">
                  {entry.actorName ?? "Sistem"}
                  {level && ` · ${level}`} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </p>
                {entry.note && <p className="text-sm break-words">Catatan: {entry.note}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { QueueSort } from "@shared/deadlines.ts";
import { ConfirmDialog } from "../confirm-dialog.tsx";
import { RecordDialog } from "./record-dialog.tsx";
import { canReopen, type WorkflowAction } from "@shared/status.ts";
import { errorMessage } from "../../lib/errors.ts";
import { useSession } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";
import { useToast } from "../toast.tsx";
import { ActionDialog } from "./action-dialog.tsx";
import { HistoryDialog } from "./history-dialog.tsx";
import { QueueCard } from "./queue-card.tsx";
import { ReopenDialog } from "./reopen-panel.tsx";
import { queueInputFrom, type ValidasiSearch } from "./search.ts";
import type { QueueItem } from "./queue-types.ts";

interface Props {
  search: ValidasiSearch;
  onPage: (page: number) => void;
  onSort: (sort: QueueSort) => void;
}

/** The queue itself: selection with bulk verify, per-row moves, history, paging. */
export function ValidationQueue({ search, onPage, onSort }: Props) {
  const input = queueInputFrom(search);
  const queue = useQuery(trpc.registers.queue.queryOptions(input));
  const queryClient = useQueryClient();
  const { toast } = useToast();
  // The selection belongs to the filtered page it was made on.
  const pageKey = JSON.stringify(input);
  const [selection, setSelection] = useState<{ pageKey: string; ids: number[] }>({ pageKey, ids: [] });
  const [acting, setActing] = useState<{ item: QueueItem; action: WorkflowAction } | null>(null);
  const [historyOf, setHistoryOf] = useState<QueueItem | null>(null);
  const [reopening, setReopening] = useState<QueueItem | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const [confirmBulk, setConfirmBulk] = useState(false);
  const session = useSession();

  const items = queue.data?.items ?? [];
  // The next record after `id` in the queue as the cadre saw it (the list refreshes after each move).
  const order = useRef<number[]>([]);
  if (items.length > 0) order.current = items.map((item) => item.id);
  const nextAfter = (id: number): number | null => {
    const ids = order.current;
    const at = ids.indexOf(id);
    return at >= 0 && at + 1 < ids.length ? (ids[at + 1] ?? null) : null;
  };
  const verifiable = items.filter((item) => item.actions.includes("verify"));
  const selectedIds =
    selection.pageKey === pageKey ? selection.ids.filter((id) => verifiable.some((item) => item.id === id)) : [];
  const setSelected = (ids: number[]) => setSelection({ pageKey, ids });

  const bulk = useMutation(
    trpc.registers.bulkVerify.mutationOptions({
      onSuccess: async (result) => {
        const skipped = result.skipped.length;
        toast({
          variant: "success",
          title: "Berhasil",
          description: `${result.verified.length} data diverifikasi${skipped > 0 ? `, ${skipped} dilewati karena sudah diubah atau diproses pengguna lain` : ""}.`,
        });
        setSelected([]);
        setConfirmBulk(false);
        await queryClient.invalidateQueries({ queryKey: trpc.registers.pathKey() });
      },
      onError: (error) => {
        setConfirmBulk(false);
        toast({
          variant: "destructive",
          title: "Error",
          description: errorMessage(error, { fallback: "Failed to update register status" }),
        });
      },
    }),
  );

  // The versions the cadre saw: a record changed since (say the family corrected it) is skipped.
  const verifySelected = () =>
    bulk.mutate({
      registerIds: selectedIds,
      expectedVersions: Object.fromEntries(
        verifiable.filter((item) => selectedIds.includes(item.id)).map((item) => [item.id, item.version]),
      ),
    });

  if (queue.isPending) {
    return (
      <div className="flex items-center gap-2 py-8" role="status">
        <span className="loading loading-spinner" aria-hidden="true" /> Memuat antrean validasi...
      </div>
    );
  }
  if (queue.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{errorMessage(queue.error, { fallback: "Gagal memuat antrean validasi." })}</span>
        <button type="button" className="btn btn-sm" onClick={() => queue.refetch()}>
          Coba lagi
        </button>
      </div>
    );
  }

  const { total, page, pageCount } = queue.data;
  const allSelected = verifiable.length > 0 && selectedIds.length === verifiable.length;

  return (
    <section aria-labelledby="judul-antrean" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="judul-antrean" className="text-lg font-semibold">
            Antrean ({total.toLocaleString("id-ID")} data)
          </h2>
          <label className="flex items-center gap-2 text-sm">
            Urutkan
            <select
              className="select select-sm w-auto"
              value={search.sort ?? "newest"}
              onChange={(event) => onSort(event.target.value === "overdue" ? "overdue" : "newest")}
            >
              <option value="newest">Terbaru dulu</option>
              <option value="overdue">Terlambat dulu</option>
            </select>
          </label>
        </div>
        {verifiable.length > 0 && (
          <div className="flex flex-wrap items-center gap-3">
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm border-base-content/70"
                checked={allSelected}
                onChange={(event) => setSelected(event.target.checked ? verifiable.map((item) => item.id) : [])}
              />
              Pilih semua di halaman ini
            </label>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={selectedIds.length === 0 || bulk.isPending}
              onClick={() => setConfirmBulk(true)}
            >
              {bulk.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              Verifikasi Terpilih{selectedIds.length > 0 ? ` (${selectedIds.length})` : ""}
            </button>
          </div>
        )}
      </div>

      {items.length === 0 ? (
        <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
          <p className="font-medium">Tidak ada data yang perlu divalidasi.</p>
          <p className="text-sm">Ubah filter untuk melihat data dengan status lain.</p>
        </div>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {items.map((item) => (
            <QueueCard
              key={item.id}
              item={item}
              selected={selectedIds.includes(item.id)}
              onSelect={(checked) =>
                setSelected(checked ? [...selectedIds, item.id] : selectedIds.filter((id) => id !== item.id))
              }
              onAction={(action) => setActing({ item, action })}
              onHistory={() => setHistoryOf(item)}
              onOpen={() => setOpened(item.id)}
              onReopen={canReopen(item.status, session.data ?? null) ? () => setReopening(item) : undefined}
            />
          ))}
        </ul>
      )}

      {total > 0 && (
        <nav aria-label="Halaman antrean" className="flex flex-wrap items-center justify-between gap-2">
          <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Sebelumnya
          </button>
          <span className="text-sm">
            Halaman {page} dari {pageCount}
          </span>
          <button type="button" className="btn btn-sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
            Berikutnya
          </button>
        </nav>
      )}

      {opened !== null && (
        <RecordDialog
          key={opened}
          registerId={opened}
          onClose={() => setOpened(null)}
          queue={{ hasNext: nextAfter(opened) !== null, onNext: () => setOpened(nextAfter(opened)) }}
        />
      )}
      {confirmBulk && (
        <ConfirmDialog
          title="Verifikasi data terpilih?"
          text={`${selectedIds.length} data keluarga akan diverifikasi sekaligus. Pastikan Anda sudah memeriksa datanya.`}
          confirmLabel={`Ya, verifikasi ${selectedIds.length} data`}
          pending={bulk.isPending}
          onConfirm={verifySelected}
          onClose={() => setConfirmBulk(false)}
        />
      )}
      {acting && <ActionDialog item={acting.item} action={acting.action} onClose={() => setActing(null)} />}
      {historyOf && <HistoryDialog item={historyOf} onClose={() => setHistoryOf(null)} />}
      {reopening && (
        <ReopenDialog
          registerId={reopening.id}
          version={reopening.version}
          name={reopening.namaKepalaKeluarga}
          onClose={() => setReopening(null)}
        />
      )}
      <p className="sr-only" aria-live="polite">
        {selectedIds.length} data dipilih
      </p>
    </section>
  );
}

// Feedback a phone user needs (issue 15): a banner while the device is offline, and a visible
// loading line whenever a page waits for data or a form is being sent. Calls made offline are paused by
// TanStack Query and sent when the connection returns, but only while the tab stays open (nothing is
// persisted), and what is typed stays on screen only as long as the page does: the banner says that and
// no more. A page that keeps a draft on the device (the public family form) says so with useKeepsDraft.
import { onlineManager, useIsFetching, useIsMutating } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";

export const OFFLINE_MESSAGE =
  "Tidak ada koneksi — jangan tutup halaman ini; isian Anda tetap di layar dan yang Anda kirim diteruskan saat koneksi kembali.";
export const DRAFT_NOTE = "Isian formulir ini juga tersimpan sebagai draf di tab ini sampai tab ditutup.";

// How many mounted forms keep a draft on the device.
let draftKeepers = 0;
const draftListeners = new Set<() => void>();
const notifyDrafts = () => {
  for (const listener of draftListeners) listener();
};

/** A form that saves a draft on the device (it survives a reload) calls this so the banner may say so. */
export function useKeepsDraft(keeps: boolean): void {
  useEffect(() => {
    if (!keeps) return;
    draftKeepers += 1;
    notifyDrafts();
    return () => {
      draftKeepers -= 1;
      notifyDrafts();
    };
  }, [keeps]);
}

function useDraftKept(): boolean {
  return useSyncExternalStore(
    (notify) => {
      draftListeners.add(notify);
      return () => draftListeners.delete(notify);
    },
    () => draftKeepers > 0,
    () => false,
  );
}

function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => onlineManager.subscribe(notify),
    () => onlineManager.isOnline(),
    () => true,
  );
}

export function ConnectionStatus() {
  const online = useOnline();
  const draftKept = useDraftKept();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const busy = fetching + mutating > 0;
  return (
    <>
      {!online && (
        <div role="alert" className="alert alert-warning rounded-none justify-center text-center text-sm">
          {draftKept ? `${OFFLINE_MESSAGE} ${DRAFT_NOTE}` : OFFLINE_MESSAGE}
        </div>
      )}
      {busy && (
        <div className="fixed inset-x-0 top-0 z-50">
          <progress className="progress progress-primary block h-1 w-full rounded-none" aria-label="Memuat data" />
        </div>
      )}
    </>
  );
}

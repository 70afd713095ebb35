// Feedback a phone user needs (issue 15): a banner while the device is offline, and a visible
// loading line whenever a page waits for data or a form is being sent. Mutations made offline are
// paused by TanStack Query and sent when the connection returns, which is what the banner promises.
import { onlineManager, useIsFetching, useIsMutating } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

export const OFFLINE_MESSAGE = "Tidak ada koneksi — data Anda aman dan akan dikirim saat koneksi kembali";

function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => onlineManager.subscribe(notify),
    () => onlineManager.isOnline(),
    () => true,
  );
}

export function ConnectionStatus() {
  const online = useOnline();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const busy = fetching + mutating > 0;
  return (
    <>
      {!online && (
        <div role="alert" className="alert alert-warning rounded-none justify-center text-center text-sm">
          {OFFLINE_MESSAGE}
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

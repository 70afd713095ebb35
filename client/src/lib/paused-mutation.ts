import type { QueryClient } from "@tanstack/react-query";

/**
 * Takes back a call still waiting for the connection, so it is never sent. Offline, TanStack Query
 * pauses a mutation and sends it when the connection returns: a validation move the cadre cancelled
 * meanwhile would otherwise be applied later, over the move the cadre chose instead. A call already
 * on its way is not paused and cannot be taken back. Returns whether one was taken back.
 */
export function discardPausedCall(queryClient: QueryClient, variables: unknown): boolean {
  if (variables === undefined) return false;
  const cache = queryClient.getMutationCache();
  const waiting = cache.findAll({
    predicate: (mutation) => mutation.state.isPaused && mutation.state.variables === variables,
  });
  for (const mutation of waiting) cache.remove(mutation);
  return waiting.length > 0;
}

export const waitingForConnectionText =
  "Menunggu koneksi: tindakan ini dikirim otomatis saat koneksi kembali. Pilih Batal agar tidak dikirim.";

import { isTRPCClientError } from "@trpc/client";

// The server answers 503 while its database is down or frozen. Any failing call reports it here
// (from the query and mutation caches); the root layout shows it once as a toast.
type Listener = (message: string) => void;
const listeners = new Set<Listener>();
let lastNotice = 0;
const quietMs = 10_000;

export function onUnavailable(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportUnavailable(error: unknown, now = Date.now()): void {
  if (!isTRPCClientError(error) || error.data?.httpStatus !== 503) return;
  // Several calls fail together during an outage: one notice every few seconds is enough.
  if (now - lastNotice < quietMs) return;
  lastNotice = now;
  for (const listener of listeners) listener(error.message);
}

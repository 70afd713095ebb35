// The server's clock, learned from the Date header of its tRPC answers. A phone whose date is wrong
// (common after a flat battery) would otherwise default the survey date, and limit birth dates and
// recap months, by its own day; the server judges them by its own and would refuse or misfile them.
import { clockOffset, setClockOffset } from "@shared/dates.ts";

const STORAGE_KEY = "pkk:server-clock-offset-ms";

/**
 * A device this close to the server keeps its own clock: the header counts whole seconds and a slow
 * answer adds its trip, and only the day matters here.
 */
export const IGNORED_SKEW_MS = 10 * 60 * 1000;

type OffsetStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const listeners = new Set<() => void>();

function browserStorage(): OffsetStorage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    // Storage refused (a private window's policy): the offset lives for this page only.
    return undefined;
  }
}

/** How far the device's clock is behind the server's, from one answer; null when the header says nothing. */
export function offsetFrom(dateHeader: string | null, sentAt: number, receivedAt: number): number | null {
  if (!dateHeader) return null;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return null;
  // The header was written between sending and receiving, truncated to its second.
  const offset = Math.round(server + 500 - (sentAt + receivedAt) / 2);
  return Math.abs(offset) < IGNORED_SKEW_MS ? 0 : offset;
}

function adopt(offset: number, storage: OffsetStorage | undefined): void {
  // Every answer measures a slightly different offset: only a new day-scale skew is a change.
  if (Math.abs(offset - clockOffset()) < IGNORED_SKEW_MS) return;
  setClockOffset(offset);
  try {
    if (offset === 0) storage?.removeItem(STORAGE_KEY);
    else storage?.setItem(STORAGE_KEY, String(offset));
  } catch {
    // A full or refused storage only means the next visit learns the offset again.
  }
  for (const listener of listeners) listener();
}

/** The offset the last visit learned, so the first screen already uses the server's day. */
export function restoreServerClock(storage: OffsetStorage | undefined = browserStorage()): void {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  const offset = Number(stored);
  setClockOffset(stored !== null && Number.isFinite(offset) ? offset : 0);
}

/** Called whenever the offset changes, e.g. a fresh form moving its default date; returns the unsubscribe. */
export function onServerClockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** `fetch` that learns the server's clock from every answer it passes on. */
export function withServerClock(
  fetchFn: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
  storage: () => OffsetStorage | undefined = browserStorage,
) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const sentAt = Date.now();
    const response = await fetchFn(input, init);
    const offset = offsetFrom(response.headers.get("date"), sentAt, Date.now());
    if (offset !== null) adopt(offset, storage());
    return response;
  };
}

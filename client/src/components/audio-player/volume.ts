// The player's volume survives reloads (SPEC §9: default 0.7, step 0.1, remembered locally).
export const VOLUME_KEY = "pkk-audio-volume";
export const DEFAULT_VOLUME = 0.7;
export const VOLUME_STEP = 0.1;

/** Clamps to 0..1 on the 0.1 grid; anything unreadable gives the default. */
export function normaliseVolume(value: unknown): number {
  const number =
    typeof value === "string" && value.trim() !== "" ? Number(value) : typeof value === "number" ? value : Number.NaN;
  if (!Number.isFinite(number)) return DEFAULT_VOLUME;
  return Math.round(Math.min(1, Math.max(0, number)) * 10) / 10;
}

export function readVolume(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): number {
  try {
    return normaliseVolume(storage?.getItem(VOLUME_KEY) ?? undefined);
  } catch {
    // Private mode or storage disabled: the default is fine.
    return DEFAULT_VOLUME;
  }
}

export function storeVolume(
  volume: number,
  storage: Pick<Storage, "setItem"> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(VOLUME_KEY, String(normaliseVolume(volume)));
  } catch {
    // Not remembering is acceptable; the player still works.
  }
}

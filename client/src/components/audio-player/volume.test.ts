import { describe, expect, test } from "bun:test";
import { DEFAULT_VOLUME, normaliseVolume, readVolume, storeVolume, VOLUME_KEY } from "./volume.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe("the player's remembered volume", () => {
  test("defaults to 70% and keeps to the 0.1 grid between 0 and 1", () => {
    expect(DEFAULT_VOLUME).toBe(0.7);
    expect(normaliseVolume(undefined)).toBe(0.7);
    expect(normaliseVolume("abc")).toBe(0.7);
    expect(normaliseVolume("0.34")).toBe(0.3);
    expect(normaliseVolume(2)).toBe(1);
    expect(normaliseVolume(-1)).toBe(0);
    expect(normaliseVolume("0")).toBe(0);
  });

  test("what is stored is read back", () => {
    const storage = memoryStorage();
    expect(readVolume(storage)).toBe(0.7);
    storeVolume(0.3, storage);
    expect(storage.items.get(VOLUME_KEY)).toBe("0.3");
    expect(readVolume(storage)).toBe(0.3);
  });

  test("a storage that throws falls back to the default", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(readVolume(broken)).toBe(0.7);
    expect(() => storeVolume(0.5, broken)).not.toThrow();
  });
});

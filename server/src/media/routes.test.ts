import { describe, expect, test } from "bun:test";
import { useTestApp } from "../../test/helpers.ts";
import { SAMPLE_RATE } from "./instrumental.ts";
import { parseRange } from "./routes.ts";

describe("the generated instrumental at /media/mars-pkk.wav", () => {
  const t = useTestApp({ seed: false });

  test("is a playable 8-bit mono WAV of a few seconds, cacheable", async () => {
    const response = await t.app.request("/media/mars-pkk.wav");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/wav");
    expect(response.headers.get("cache-control")).toContain("max-age=");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const view = new DataView(bytes.buffer);
    const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
    expect([ascii(0, 4), ascii(8, 12), ascii(36, 40)]).toEqual(["RIFF", "WAVE", "data"]);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(SAMPLE_RATE);
    const seconds = view.getUint32(40, true) / SAMPLE_RATE;
    expect(seconds).toBeGreaterThan(10);
    expect(seconds).toBeLessThan(30);
    expect(bytes.length).toBeLessThan(300_000);
    // Not silence: the samples move well away from the 8-bit midpoint.
    const samples = bytes.slice(44);
    expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(150);
  });

  test("answers byte ranges so the player can seek", async () => {
    const response = await t.app.request("/media/mars-pkk.wav", { headers: { Range: "bytes=0-99" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toMatch(/^bytes 0-99\/\d+$/);
    expect((await response.arrayBuffer()).byteLength).toBe(100);
    const bad = await t.app.request("/media/mars-pkk.wav", { headers: { Range: "bytes=999999999-" } });
    expect(bad.status).toBe(416);
  });

  test("range parsing covers open ends and suffixes", () => {
    expect(parseRange("bytes=10-", 100)).toEqual({ start: 10, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=0-500", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=50-10", 100)).toBeNull();
    expect(parseRange("items=0-1", 100)).toBeNull();
  });
});

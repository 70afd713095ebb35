import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { instrumentalWav } from "./instrumental.ts";

/** `bytes=start-end` (either side optional) within a body of `size` bytes, or null when unusable. */
export function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

/** Media the portal makes itself: the landing page's instrumental (AUDIO_URL's default). */
export function mediaRoutes(): Hono<AppEnv> {
  const media = new Hono<AppEnv>();
  media.get("/mars-pkk.wav", (c) => {
    const body = instrumentalWav();
    c.header("Content-Type", "audio/wav");
    c.header("Accept-Ranges", "bytes");
    c.header("Cache-Control", "public, max-age=86400");
    const rangeHeader = c.req.header("Range");
    if (!rangeHeader) {
      c.header("Content-Length", String(body.length));
      return c.body(body, 200);
    }
    const range = parseRange(rangeHeader, body.length);
    if (!range) {
      c.header("Content-Range", `bytes */${body.length}`);
      return c.body(null, 416);
    }
    c.header("Content-Range", `bytes ${range.start}-${range.end}/${body.length}`);
    c.header("Content-Length", String(range.end - range.start + 1));
    return c.body(body.subarray(range.start, range.end + 1), 206);
  });
  return media;
}

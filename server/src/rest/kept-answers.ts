// A list answer made from a kept page (page-cache.ts) is the same bytes every time the page is read
// again whole at its version: the same rows, presented for the same view, under the same pagination
// and total. So the answer is kept with the page (and goes with it): encoded once, and gzipped once
// for the clients that accept gzip. Making the 67 KB answer again on every read (its JSON text, its
// UTF-8 bytes, its gzip) was ~0.14 ms of the ~1.1 ms of server CPU a kept read cost on the slow VM
// of 2026-12-02. Nothing is skipped that decides who may read: the database proves the page in the
// caller's scope, at its version, audits the read and stamps the token before a kept page is used.
import { gzipSync } from "node:zlib";
import { parseAccept } from "hono/utils/accept";

export interface KeptAnswer {
  body: Uint8Array<ArrayBuffer>;
  /** The answer's Content-Encoding; null: sent as is (the compress middleware may still encode it). */
  encoding: "gzip" | null;
}

interface Answers {
  /** What the answer shows besides the page's rows (view, pagination, total), as text. */
  shape: string;
  plain: Uint8Array<ArrayBuffer>;
  gzipped?: Uint8Array<ArrayBuffer>;
}

/** Gone with their page: at most page-cache.ts's 32 pages, ~75 KB each with its gzip (~2.4 MB). */
const answers = new WeakMap<object, Answers>();

/** Whether an Accept-Encoding header takes gzip (named, or `*`, with a quality above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const named = accepts.find((accept) => accept.type.toLowerCase() === "gzip");
  const quality = named ? named.q : accepts.find((accept) => accept.type === "*")?.q;
  return quality !== undefined && quality > 0;
}

/**
 * The answer kept with `page` for `shape`, made by `make` when there is none yet (or it was made for
 * another shape: an official and a cadre never share a page, but `?pagination[start]=0` and
 * `?pagination[page]=1` do, with other metadata).
 */
export function keptAnswer(
  page: object,
  shape: string,
  acceptEncoding: string | undefined,
  make: () => string,
): KeptAnswer {
  let kept = answers.get(page);
  if (!kept || kept.shape !== shape) {
    kept = { shape, plain: new TextEncoder().encode(make()) };
    answers.set(page, kept);
  }
  if (!acceptsGzip(acceptEncoding)) return { body: kept.plain, encoding: null };
  // Copied out of the Buffer zlib gives (possibly a slice of a shared pool): a plain array to send.
  kept.gzipped ??= new Uint8Array(gzipSync(kept.plain));
  return { body: kept.gzipped, encoding: "gzip" };
}

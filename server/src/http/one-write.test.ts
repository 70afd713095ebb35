// Large JSON answers leave as one-chunk streams (one-write.ts), so Bun sends their headers with the
// body instead of one segment per header. What a client gets must not change otherwise: the same
// JSON, status and headers, small answers with their length, gzipped answers as before. Checked on a
// real socket, where Transfer-Encoding and Content-Length are what Bun put on the wire.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { useTestApp } from "../../test/helpers.ts";
import { ONE_WRITE_FROM_BYTES } from "./one-write.ts";

describe("large JSON answers sent in one write", () => {
  const t = useTestApp();
  let server: ReturnType<typeof Bun.serve> | undefined;
  let base = "";
  beforeAll(() => {
    server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => t.app.fetch(request) });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.stop(true);
  });

  // Public region lists: every ward with its kecamatan is ~30 KB, the kecamatan list alone ~2 KB.
  const large = "/api/desa-kelurahans?pagination[pageSize]=100&populate=*";
  const small = "/api/kecamatans";
  const plain = { "accept-encoding": "identity" };

  test("a large answer arrives whole and chunked, with the headers of the app's answer", async () => {
    const inApp = await t.app.request(large);
    const expected = await inApp.text();
    expect(new TextEncoder().encode(expected).byteLength).toBeGreaterThan(ONE_WRITE_FROM_BYTES);

    const response = await fetch(`${base}${large}`, { headers: plain });
    expect(response.status).toBe(200);
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("content-encoding")).toBeNull();
    const body = await response.text();
    expect(body).toBe(expected);
    for (const name of ["content-type", "vary", "x-content-type-options", "content-security-policy"]) {
      expect(response.headers.get(name)).toBe(inApp.headers.get(name));
    }
    expect(response.headers.get("content-type")).toStartWith("application/json");
  });

  test("a small answer keeps its Content-Length", async () => {
    const response = await fetch(`${base}${small}`, { headers: plain });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(response.headers.get("content-length")).toBe(String(new TextEncoder().encode(body).byteLength));
    expect(JSON.parse(body).data.length).toBeGreaterThan(0);
  });

  test("a client that accepts gzip gets the large answer gzipped as before", async () => {
    const expected = await (await t.app.request(large)).text();
    const response = await fetch(`${base}${large}`, { headers: { "accept-encoding": "gzip" }, decompress: false });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(new Uint8Array(await response.arrayBuffer())).toString()).toBe(expected);
  });

  test("HEAD of a large answer has its headers and no body; an error answer is untouched", async () => {
    const head = await fetch(`${base}${large}`, { method: "HEAD", headers: plain });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toStartWith("application/json");
    expect(await head.text()).toBe("");

    const missing = await fetch(`${base}/api/kecamatans/999999`, { headers: plain });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ data: null, error: { status: 404 } });
  });
});

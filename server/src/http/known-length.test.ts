import { describe, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { useTestApp } from "../../test/helpers.ts";

describe("tRPC answers and compression", () => {
  const t = useTestApp();
  const accepting = { "accept-encoding": "gzip, deflate, br" };

  test("a small answer goes out whole with its length, not gzipped", async () => {
    const response = await t.app.request("/trpc/auth.me", { headers: accepting });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBeNull();
    const body = await response.text();
    expect(response.headers.get("content-length")).toBe(String(new TextEncoder().encode(body).byteLength));
    expect(JSON.parse(body)).toEqual({ result: { data: null } });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("an answer of 1 KB or more is still gzipped for a client that accepts it", async () => {
    // The browser's batch link: two answers in one, 1.4 KB of JSON.
    const batch = "/trpc/regions.kecamatan,regions.regencies?batch=1";
    const response = await t.app.request(batch, { headers: accepting });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const [kecamatan] = JSON.parse(gunzipSync(new Uint8Array(await response.arrayBuffer())).toString());
    expect(kecamatan.result.data).toHaveLength(12);
    expect((await (await t.app.request(batch)).text()).length).toBeGreaterThanOrEqual(1024);
    // Caches between keep the gzipped and the plain answer apart; private answers are never kept.
    const vary = (response.headers.get("vary") ?? "").split(",").map((name) => name.trim().toLowerCase());
    expect(vary.filter((name) => name === "accept-encoding")).toHaveLength(1);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("a REST answer names Origin and Accept-Encoding in Vary once each, gzipped or not", async () => {
    const path = "/api/desa-kelurahans?pagination[pageSize]=100";
    for (const [headers, encoding] of [
      [accepting, "gzip"],
      [{}, null],
    ] as const) {
      const response = await t.app.request(path, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      const vary = (response.headers.get("vary") ?? "").split(",").map((name) => name.trim().toLowerCase());
      expect(vary.sort()).toEqual(["accept-encoding", "origin"]);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });
});

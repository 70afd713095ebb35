import { describe, expect, test } from "bun:test";
import { useTestApp } from "../../test/helpers.ts";

describe("GET /geo: the configured city's boundaries", () => {
  const t = useTestApp({ seed: false });

  test("serves Kota Bekasi's 12 kecamatan and 56 kelurahan, public and cacheable", async () => {
    const kecamatan = await t.app.request("/geo/kecamatan.geojson");
    expect(kecamatan.status).toBe(200);
    expect(kecamatan.headers.get("cache-control")).toBe("public, max-age=3600");
    const kecamatanBody: { features: Array<{ properties: { kode: string } }> } = await kecamatan.json();
    expect(kecamatanBody.features).toHaveLength(12);
    expect(kecamatanBody.features.every((feature) => feature.properties.kode.startsWith("32.75."))).toBe(true);
    const kelurahan = await t.app.request("/geo/kelurahan.geojson");
    const kelurahanBody: { features: unknown[] } = await kelurahan.json();
    expect(kelurahanBody.features).toHaveLength(56);
  });

  test("an unknown level is 404", async () => {
    expect((await t.app.request("/geo/rumah.geojson")).status).toBe(404);
  });
});

describe("MAP_TILE_URL", () => {
  const osm = useTestApp({ seed: false });
  const none = useTestApp({ seed: false, env: { MAP_TILE_URL: "none" } });

  test("by default the maps use OpenStreetMap with its attribution, and the CSP lets its tiles in", async () => {
    const response = await osm.app.request("/trpc/config.public");
    const body = await response.json();
    expect(body.result.data.mapTiles.url).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(body.result.data.mapTiles.attribution).toContain("OpenStreetMap");
    expect(response.headers.get("content-security-policy")).toContain(
      "img-src 'self' data: https://tile.openstreetmap.org",
    );
  });

  test("none: no tile layer and no third-party image host", async () => {
    const response = await none.app.request("/trpc/config.public");
    const body = await response.json();
    expect(body.result.data.mapTiles).toBeNull();
    expect(response.headers.get("content-security-policy")).not.toContain("openstreetmap");
  });
});

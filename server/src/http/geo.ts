// The configured city's region polygons for the maps. Public and cacheable: boundaries only, no
// figures and nothing personal (the figures come from the `statistics` tRPC router).
import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { boundaryGeoJson, boundaryLevels, type BoundaryLevel } from "../services/boundaries/boundaries.ts";

const isLevel = (value: string): value is BoundaryLevel => boundaryLevels.some((level) => level === value);

export function geoRoutes(): Hono<AppEnv> {
  const geo = new Hono<AppEnv>();
  geo.get("/:file{[a-z]+\\.geojson}", async (c) => {
    const level = c.req.param("file").replace(/\.geojson$/, "");
    if (!isLevel(level)) return c.json({ message: "Batas wilayah tidak ditemukan" }, 404);
    const { env } = c.get("deps");
    const body = await boundaryGeoJson(env.CITY_CODE, level, env.DATA_DIR);
    if (body === null) return c.json({ message: "Batas wilayah kota ini belum tersedia" }, 404);
    c.header("Content-Type", "application/geo+json; charset=utf-8");
    // An admin may upload new polygons: an hour's cache, then revalidate.
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(body, 200);
  });
  return geo;
}

// The configured city's region polygons (server/data/boundaries, MIT, cahyadsn/wilayah_boundaries).
// An admin's upload for another city (DATA_DIR/boundaries) takes precedence over the shipped files.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";

export const boundaryLevels = ["kecamatan", "kelurahan"] as const;
export type BoundaryLevel = (typeof boundaryLevels)[number];

export const shippedBoundariesDir = resolve(import.meta.dir, "../../../data/boundaries");

export const boundaryFileName = (cityCode: string, level: BoundaryLevel) => `${cityCode}-${level}.geojson`;

/** The path of a city's polygons for a level, or null when the portal has none. */
export function boundaryPath(cityCode: string, level: BoundaryLevel, dataDir: string): string | null {
  const name = boundaryFileName(cityCode, level);
  for (const dir of [resolve(dataDir, "boundaries"), shippedBoundariesDir]) {
    const path = resolve(dir, name);
    if (existsSync(path)) return path;
  }
  return null;
}

/** The GeoJSON text of a city's polygons, or null when none are shipped or uploaded. */
export async function boundaryGeoJson(cityCode: string, level: BoundaryLevel, dataDir: string): Promise<string | null> {
  const path = boundaryPath(cityCode, level, dataDir);
  return path ? readFile(path, "utf8") : null;
}

// An admin's GeoJSON of region polygons for the configured city (issue 19: a city the portal ships no
// boundaries for). Every feature's `kode` must be a kecamatan or kelurahan of this city, so the maps
// match the figures; the regions without a polygon are listed. Stored under DATA_DIR/boundaries,
// which takes precedence over the shipped files (boundaries.ts).
import { mkdir, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { z } from "zod";
import type { DbOrTx } from "../../db/client.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import type { Actor } from "../accounts/actor.ts";
import { requireAdmin } from "../common/access.ts";
import { audit } from "../audit/audit-log.ts";
import { DomainError } from "../common/errors.ts";
import { boundaryFileName, type BoundaryLevel } from "./boundaries.ts";

const featureCollection = z.object({
  type: z.literal("FeatureCollection"),
  features: z
    .array(
      z.object({
        type: z.literal("Feature"),
        properties: z.object({ kode: z.string(), nama: z.string().optional() }).passthrough(),
        geometry: z.object({ type: z.enum(["Polygon", "MultiPolygon"]), coordinates: z.array(z.unknown()) }),
      }),
    )
    .min(1),
});

export interface BoundaryUploadReport {
  features: number;
  /** Regions of the city with no polygon in the file (the map leaves them blank). */
  missing: Array<{ kode: string; nama: string }>;
}

export async function uploadBoundaries(
  db: DbOrTx,
  actor: Actor,
  input: { level: BoundaryLevel; geojson: string },
  config: { dataDir: string; cityCode: string },
): Promise<BoundaryUploadReport> {
  requireAdmin(actor);
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.geojson);
  } catch {
    throw new DomainError("BAD_REQUEST", "Berkas bukan GeoJSON yang valid");
  }
  const collection = featureCollection.safeParse(parsed);
  if (!collection.success) {
    throw new DomainError(
      "BAD_REQUEST",
      "GeoJSON harus berupa FeatureCollection dengan Polygon/MultiPolygon dan properti 'kode' pada setiap fitur",
    );
  }
  const regions =
    input.level === "kecamatan"
      ? await db.select({ kode: kecamatan.kode, nama: kecamatan.nama }).from(kecamatan)
      : await db.select({ kode: desaKelurahan.kode, nama: desaKelurahan.nama }).from(desaKelurahan);
  const known = new Set(regions.map((region) => region.kode));
  const codes = collection.data.features.map((feature) => feature.properties.kode);
  const unknown = [...new Set(codes.filter((kode) => !known.has(kode)))];
  if (unknown.length > 0) {
    throw new DomainError(
      "BAD_REQUEST",
      `Kode berikut bukan ${input.level === "kecamatan" ? "kecamatan" : "kelurahan"} kota ini: ${unknown.slice(0, 20).join(", ")}${unknown.length > 20 ? ", …" : ""}`,
    );
  }
  const present = new Set(codes);
  const missing = regions.filter((region) => !present.has(region.kode)).sort((a, b) => a.kode.localeCompare(b.kode));
  const dir = resolve(config.dataDir, "boundaries");
  await mkdir(dir, { recursive: true });
  await writeFile(resolve(dir, boundaryFileName(config.cityCode, input.level)), JSON.stringify(collection.data));
  await audit(db, actor, {
    action: "region.boundaries",
    entity: "boundaries",
    details: { level: input.level, features: codes.length, missing: missing.length },
  });
  return { features: codes.length, missing };
}

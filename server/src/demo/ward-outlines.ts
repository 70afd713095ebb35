// The wards' polygons the bulk generator places houses in: the configured city's kelurahan
// boundaries (an admin's upload, else the shipped file), by official code. A city without them gets
// families without house locations.
import { z } from "zod";
import { boundaryGeoJson } from "../services/boundaries/boundaries.ts";

const position = z.tuple([z.number(), z.number()]).rest(z.number());
const ring = z.array(position);
export const wardOutlineSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("Polygon"), coordinates: z.array(ring) }),
  z.object({ type: z.literal("MultiPolygon"), coordinates: z.array(z.array(ring)) }),
]);

export type WardOutline = z.infer<typeof wardOutlineSchema>;

const kelurahanCollection = z.object({
  features: z.array(z.object({ properties: z.object({ kode: z.string() }), geometry: wardOutlineSchema })),
});

/** Each ward's polygon by its code (empty when the city has no kelurahan boundaries). */
export async function wardOutlines(cityCode: string, dataDir: string): Promise<Record<string, WardOutline>> {
  const text = await boundaryGeoJson(cityCode, "kelurahan", dataDir);
  if (!text) return {};
  const { features } = kelurahanCollection.parse(JSON.parse(text));
  return Object.fromEntries(features.map((feature) => [feature.properties.kode, feature.geometry]));
}

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { useTempDirs } from "../../../test/temp-dirs.ts";
import { boundaryPath, shippedBoundariesDir } from "./boundaries.ts";
import { uploadBoundaries } from "./upload.ts";

const t = useTestApp();
const geoDir = useTempDirs("pkk-geo-");
const shipped = readFileSync(resolve(shippedBoundariesDir, "32.75-kecamatan.geojson"), "utf8");

describe("uploading a city's GeoJSON", () => {
  test("every kode must be a region of the configured city; missing regions are listed", async () => {
    const admin = await createCadre(t.db, "kota", {}, { role: "admin" });
    const actor = { user: admin, ip: "127.0.0.1" };
    const dataDir = geoDir();
    const config = { dataDir, cityCode: "32.75" };
    const collection = JSON.parse(shipped);
    const withoutFirst = { ...collection, features: collection.features.slice(1) };
    const report = await uploadBoundaries(
      t.db,
      actor,
      { level: "kecamatan", geojson: JSON.stringify(withoutFirst) },
      config,
    );
    expect(report.features).toBe(11);
    expect(report.missing.map((region) => region.kode)).toEqual(["32.75.01"]);
    expect(boundaryPath("32.75", "kecamatan", dataDir)).toBe(resolve(dataDir, "boundaries", "32.75-kecamatan.geojson"));

    const bandung = readFileSync(resolve(shippedBoundariesDir, "32.73-kecamatan.geojson"), "utf8");
    const refused = await refusal(uploadBoundaries(t.db, actor, { level: "kecamatan", geojson: bandung }, config));
    expect(refused.message).toContain("32.73.01");
    expect((await refusal(uploadBoundaries(t.db, actor, { level: "kecamatan", geojson: "{" }, config))).code).toBe(
      "BAD_REQUEST",
    );
  });

  test("only an admin may upload", async () => {
    const cadre = await createCadre(t.db, "kelurahan");
    const dataDir = geoDir();
    const answer = await refusal(
      uploadBoundaries(
        t.db,
        { user: cadre, ip: "127.0.0.1" },
        { level: "kecamatan", geojson: shipped },
        {
          dataDir,
          cityCode: "32.75",
        },
      ),
    );
    expect(answer.code).toBe("FORBIDDEN");
  });
});

// An admin's changes to who may reach the data (API tokens) and to the areas everything is filed
// under (districts, wards, their population figures, the map's boundaries) are on the audit record,
// written in the change's own transaction: a refused change leaves no row.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { AuditAction } from "@shared/audit-actions.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { kecamatan } from "../../db/schema/regions.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { callerFor, createUser, useTestApp } from "../../../test/helpers.ts";
import { useTempDirs } from "../../../test/temp-dirs.ts";
import { shippedBoundariesDir } from "../boundaries/boundaries.ts";
import { uploadBoundaries } from "../boundaries/upload.ts";

const t = useTestApp();
const geoDir = useTempDirs("pkk-audit-geo-");

const rowsOf = (actions: AuditAction[]) =>
  t.db.select().from(auditLog).where(inArray(auditLog.action, actions)).orderBy(desc(auditLog.id));

describe("the audit record of an admin's changes", () => {
  test("an API token's creation and revocation name the token by its prefix, never the token", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const caller = callerFor(t, admin);
    const created = await caller.users.createApiToken({ name: "Dinas Sosial", access: "full-access" });
    await caller.users.revokeApiToken({ tokenId: created.apiToken.id });
    const rows = await rowsOf(["api-token.create", "api-token.revoke"]);
    expect(rows.map((row) => [row.action, row.entity, row.entityId, row.actorId])).toEqual([
      ["api-token.revoke", "api_tokens", created.apiToken.id, admin.id],
      ["api-token.create", "api_tokens", created.apiToken.id, admin.id],
    ]);
    expect(rows[1]?.details).toEqual({ name: "Dinas Sosial", access: "full-access", prefix: created.apiToken.prefix });
    expect(JSON.stringify(rows)).not.toContain(created.token);
    // A second revocation is refused and recorded nowhere.
    await expect(caller.users.revokeApiToken({ tokenId: created.apiToken.id })).rejects.toThrow();
    expect(await rowsOf(["api-token.revoke"])).toHaveLength(1);
  });

  test("a ward and a district created, changed and deleted: each with what it was and became", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const caller = callerFor(t, admin);
    const district = await caller.regions.createKecamatan({ nama: "Kecamatan Audit", kode: "32.75.91" });
    const place = { kode: "32.75.91.1001", jenis: "kelurahan" as const, kodePos: "17111", luasWilayah: 2.5 };
    const fields = { ...place, jumlahPenduduk: 1200, kecamatanId: district.id };
    const created = await caller.regions.createDesaKelurahan({ nama: "Kelurahan Audit", ...fields });
    await caller.regions.updateDesaKelurahan({
      id: created.id,
      version: created.version,
      data: { nama: "Kelurahan Audit Baru", ...fields },
    });
    await caller.regions.deleteDesaKelurahan({ id: created.id });
    const [stored] = await t.db.select().from(kecamatan).where(eq(kecamatan.id, district.id));
    await caller.regions.updateKecamatan({
      id: district.id,
      version: stored?.version ?? 0,
      data: { nama: "Kecamatan Audit Baru", kode: "32.75.91" },
    });
    await caller.regions.deleteKecamatan({ id: district.id });

    const rows = (await rowsOf(["region.create", "region.update", "region.delete"])).reverse();
    expect(rows.map((row) => [row.action, row.entity, row.entityId, row.actorId])).toEqual([
      ["region.create", "kecamatan", district.id, admin.id],
      ["region.create", "desa_kelurahan", created.id, admin.id],
      ["region.update", "desa_kelurahan", created.id, admin.id],
      ["region.delete", "desa_kelurahan", created.id, admin.id],
      ["region.update", "kecamatan", district.id, admin.id],
      ["region.delete", "kecamatan", district.id, admin.id],
    ]);
    expect(rows[0]?.details).toEqual({ after: { kode: "32.75.91", nama: "Kecamatan Audit" } });
    expect(rows[1]?.details).toMatchObject({ after: { nama: "Kelurahan Audit", kode: "32.75.91.1001" } });
    // Only what changed.
    expect(rows[2]?.details).toEqual({ before: { nama: "Kelurahan Audit" }, after: { nama: "Kelurahan Audit Baru" } });
    expect(rows[3]?.details).toMatchObject({ before: { nama: "Kelurahan Audit Baru", kode: "32.75.91.1001" } });
    expect(rows[4]?.details).toEqual({ before: { nama: "Kecamatan Audit" }, after: { nama: "Kecamatan Audit Baru" } });
    expect(rows[5]?.details).toEqual({ before: { kode: "32.75.91", nama: "Kecamatan Audit Baru" } });
  });

  test("a refused delete (a ward with families) records nothing", async () => {
    const caller = callerFor(t, await createUser(t.db, { role: "admin" }));
    await createFamilyRegister(t.db, { wardIndex: 3 });
    const home = await ward(t.db, 3);
    await expect(caller.regions.deleteDesaKelurahan({ id: home.id })).rejects.toThrow("tidak dapat dihapus");
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "region.delete"), eq(auditLog.entityId, home.id))),
    ).toEqual([]);
  });

  test("a population import and a boundary upload are recorded with what they changed", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const caller = callerFor(t, admin);
    await caller.regions.importPopulation({
      csv: "kode,kode_pos,luas_wilayah,jumlah_penduduk\n32.75.01.1001,17111,2.5,40123\n32.75.01.1002,17113,,38000\n",
    });
    const shipped = readFileSync(resolve(shippedBoundariesDir, "32.75-kecamatan.geojson"), "utf8");
    await uploadBoundaries(
      t.db,
      { user: admin, ip: "127.0.0.1" },
      { level: "kecamatan", geojson: shipped },
      { dataDir: geoDir(), cityCode: "32.75" },
    );
    const [boundaries, imported] = await rowsOf(["region.import", "region.boundaries"]);
    expect(imported).toMatchObject({
      action: "region.import",
      actorId: admin.id,
      details: { rows: 2, kode: ["32.75.01.1001", "32.75.01.1002"] },
    });
    expect(boundaries).toMatchObject({
      action: "region.boundaries",
      actorId: admin.id,
      details: { level: "kecamatan", features: 12, missing: 0 },
    });
  });
});

// A REST list page written by PostgreSQL is kept with the registers' change version it was read at
// (rest/kept-pages.ts): answered again, and audited again, while no write commits; read again after
// any write. Officials (masked) and other readers' areas never receive a page kept for someone else.
import { describe, expect, test } from "bun:test";
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { StrapiEntry } from "@shared/strapi.ts";
import { auditLog } from "../db/schema/audit.ts";
import { registers } from "../db/schema/registers.ts";
import { createCadre } from "../../test/cadres.ts";
import { createFamilyRegister, ward as wardAt } from "../../test/factories.ts";
import { createUser, useTestApp } from "../../test/helpers.ts";
import { apiToken, cookieOf, restCall, type RestAuth } from "../../test/rest.ts";

const t = useTestApp();

const list = "/registers?pagination[pageSize]=3&sort=id:asc";

async function page(
  auth: RestAuth,
  path = list,
): Promise<{ data: StrapiEntry[]; meta: { pagination: { total: number } } }> {
  const answer = await restCall(t, "GET", path, auth);
  expect(answer.status).toBe(200);
  return answer.json;
}

async function readAudits(): Promise<unknown[]> {
  const rows = await t.db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.action, "register.read"))
    .orderBy(desc(auditLog.id));
  return rows.map((row) => row.details);
}

describe("REST register list: a page kept until a write commits", () => {
  test("answered and audited again while nothing changed; a write is seen at once", async () => {
    const families = [];
    for (let index = 0; index < 4; index += 1)
      families.push(await createFamilyRegister(t.db, { wardIndex: index % 2 }));
    const token = await apiToken(t, "read-only");
    const first = await page(token);
    expect(first.data.map((entry) => entry.id)).toEqual(families.slice(0, 3).map((family) => family.id));
    const auditsBefore = (await readAudits()).length;
    const again = await page(token);
    expect(again).toEqual(first);
    // Every read is audited, the kept ones too, with the ids they returned.
    const audits = await readAudits();
    expect(audits.length).toBe(auditsBefore + 1);
    expect(audits[0]).toEqual(expect.objectContaining({ via: "rest", ids: first.data.map((entry) => entry.id) }));

    // A rename with the triggers off leaves no change behind: the kept page is answered, unchanged.
    const [head] = families;
    if (!head) throw new Error("no family");
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(registers).set({ namaKepalaKeluarga: "Tak Tercatat" }).where(eq(registers.id, head.id));
    });
    expect(await page(token)).toEqual(first);

    // A committed write (any register) moves the version: the page is read again, rename included.
    await t.db.update(registers).set({ rt: "009" }).where(eq(registers.id, head.id));
    const fresh = await page(token);
    expect(fresh.data[0]?.attributes.nama_kepala_keluarga).toBe("Tak Tercatat");
    expect(fresh.data[0]?.attributes.rt).toBe("009");
    expect(await page(token)).toEqual(fresh);

    // A soft delete drops the row from the kept page's place.
    await t.db.update(registers).set({ deletedAt: new Date() }).where(eq(registers.id, head.id));
    const afterDelete = await page(token);
    expect(afterDelete.data.map((entry) => entry.id)).toEqual(families.slice(1, 4).map((family) => family.id));
    expect(afterDelete.meta.pagination.total).toBe(first.meta.pagination.total - 1);
  });

  test("an official and a ward cadre never get the page kept for a city-wide reader", async () => {
    for (let index = 0; index < 3; index += 1) await createFamilyRegister(t.db, { wardIndex: index % 2 });
    const admin = await cookieOf(t, await createUser(t.db, { role: "admin" }));
    const official = await cookieOf(t, await createCadre(t.db, "kota", {}, { role: "aparat" }));
    const cadre = await cookieOf(t, await createCadre(t.db, "kelurahan", { wardIndex: 1 }));
    const full = await page(admin);
    expect(await page(admin)).toEqual(full);
    const masked = await page(official);
    expect(masked.data.map((entry) => entry.id)).toEqual(full.data.map((entry) => entry.id));
    for (const entry of masked.data) {
      expect(String(entry.attributes.nik_kepala_keluarga)).toContain("*");
      expect(entry.attributes.pregnant_count).toBeUndefined();
    }
    const ward = await page(cadre);
    expect(ward.data.length).toBeGreaterThan(0);
    const wardOf = await t.db
      .select({ id: registers.id, desaKelurahanId: registers.desaKelurahanId })
      .from(registers)
      .where(
        inArray(
          registers.id,
          ward.data.map((entry) => entry.id),
        ),
      );
    const cadreWard = (await wardAt(t.db, 1)).id;
    expect(wardOf.every((row) => row.desaKelurahanId === cadreWard)).toBe(true);
    expect(ward.data.map((entry) => entry.id)).not.toEqual(full.data.map((entry) => entry.id));
  });
});

// The REST register list's unfiltered total comes from the rollups (plus cadre registrations for
// readers who see them); it must equal what a filter that matches everything counts from the rows.
import { describe, expect, test } from "bun:test";
import { and, eq, ilike, ne, sql } from "drizzle-orm";
import { registers } from "../db/schema/registers.ts";
import { desaKelurahan, kecamatan } from "../db/schema/regions.ts";
import { createCadre } from "../../test/cadres.ts";
import { createFamilyRegister } from "../../test/factories.ts";
import { useTestApp } from "../../test/helpers.ts";
import { apiToken, cookieOf, restCall } from "../../test/rest.ts";

const t = useTestApp();

describe("REST register list totals", () => {
  test("the unfiltered total equals a row count, for a city-wide token and a ward cadre", async () => {
    for (let index = 0; index < 4; index += 1) await createFamilyRegister(t.db, { wardIndex: index % 2 });
    const deleted = await createFamilyRegister(t.db, { wardIndex: 0 });
    await t.db.update(registers).set({ deletedAt: new Date() }).where(eq(registers.id, deleted.id));
    const cadreForm = await createFamilyRegister(t.db, { wardIndex: 1 });
    await t.db.update(registers).set({ formType: "kader_registration" }).where(eq(registers.id, cadreForm.id));

    const token = await apiToken(t, "read-only");
    const cadre = await cookieOf(t, await createCadre(t.db, "kelurahan", { wardIndex: 0 }));
    for (const auth of [token, cadre]) {
      const total = async (filter: string) =>
        (await restCall(t, "GET", `/registers?pagination[pageSize]=1${filter}`, auth)).json.meta.pagination.total;
      // id > 0 matches every row the reader sees, and is counted from the rows.
      expect(await total("")).toBe(await total("&filters[id][$gt]=0"));
    }
    const all = await restCall(t, "GET", "/registers?pagination[pageSize]=1", token);
    expect(all.json.meta.pagination.total).toBe(5);
  });
});

describe("REST register list: a filtered total is kept until a write commits", () => {
  const name = "Tersimpan";
  const filtered = `/registers?pagination[pageSize]=1&filters[nama_kepala_keluarga][$containsi]=${name}`;
  const named = (wardIndex: number) =>
    createFamilyRegister(t.db, {
      wardIndex,
      change: (form) => ({ ...form, namaKepalaKeluarga: `${name} ${wardIndex}` }),
    });

  test("answered again while nothing changed, counted again after any register write", async () => {
    const token = await apiToken(t, "read-only");
    const total = async () => (await restCall(t, "GET", filtered, token)).json.meta.pagination.total;
    await named(0);
    await named(1);
    const other = await createFamilyRegister(t.db, { wardIndex: 1 });
    expect(await total()).toBe(2);
    expect(await total()).toBe(2);

    // A rename with the triggers off (as a bulk load writes) leaves no change behind: the kept total
    // is answered, which shows that it is not counted again.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(registers)
        .set({ namaKepalaKeluarga: `${name} lain` })
        .where(eq(registers.id, other.id));
    });
    expect(await total()).toBe(2);

    // Any committed register write moves the version: the renamed row and the new one are counted.
    await named(2);
    expect(await total()).toBe(4);
    const { id } = await named(1);
    expect(await total()).toBe(5);
    await t.db.update(registers).set({ deletedAt: new Date() }).where(eq(registers.id, id));
    expect(await total()).toBe(4);
    // The same filter in another reader's area is a total of its own.
    const cadre = await cookieOf(t, await createCadre(t.db, "kelurahan", { wardIndex: 0 }));
    expect((await restCall(t, "GET", filtered, cadre)).json.meta.pagination.total).toBe(1);
    expect(await total()).toBe(4);
  });

  test("a ward moved to another district changes a district reader's total", async () => {
    const cadreUser = await createCadre(t.db, "kecamatan", { wardIndex: 0 });
    const cadre = await cookieOf(t, cadreUser);
    const before = (await restCall(t, "GET", filtered, cadre)).json.meta.pagination.total;
    expect(before).toBeGreaterThan(0);
    expect((await restCall(t, "GET", filtered, cadre)).json.meta.pagination.total).toBe(before);
    const [moved] = await t.db
      .select({ id: desaKelurahan.id, kecamatanId: desaKelurahan.kecamatanId })
      .from(desaKelurahan)
      .innerJoin(registers, eq(registers.desaKelurahanId, desaKelurahan.id))
      .where(
        and(eq(desaKelurahan.kecamatanId, cadreUser.kecamatanId ?? 0), ilike(registers.namaKepalaKeluarga, `${name}%`)),
      )
      .limit(1);
    const [elsewhere] = await t.db
      .select({ id: kecamatan.id })
      .from(kecamatan)
      .where(ne(kecamatan.id, cadreUser.kecamatanId ?? 0))
      .limit(1);
    if (!moved || !elsewhere) throw new Error("no ward or district to move to");
    await t.db.update(desaKelurahan).set({ kecamatanId: elsewhere.id }).where(eq(desaKelurahan.id, moved.id));
    const after = (await restCall(t, "GET", filtered, cadre)).json.meta.pagination.total;
    expect(after).toBeLessThan(before);
    await t.db.update(desaKelurahan).set({ kecamatanId: moved.kecamatanId }).where(eq(desaKelurahan.id, moved.id));
    expect((await restCall(t, "GET", filtered, cadre)).json.meta.pagination.total).toBe(before);
  });
});

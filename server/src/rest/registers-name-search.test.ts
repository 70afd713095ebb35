// A REST list with a text filter (a name search) reads its page in two statements (resource.ts
// pageByIds): the ids and the total, planned for the pattern, then the rows by those ids with the
// audit row and the token's stamp, planned once. What a caller sees must be what one statement
// gave: every match in order, page by page, the total, the masks of its view, the audit of what it
// read, and never a row that left its area in between.
import { describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import type { StrapiEntry } from "@shared/strapi.ts";
import { maskNik } from "@shared/mask.ts";
import { registers } from "../db/schema/registers.ts";
import { isPlannedOnce } from "../db/statement-plans.ts";
import { createCadre } from "../../test/cadres.ts";
import { createFamilyRegister, ward } from "../../test/factories.ts";
import { useTestApp } from "../../test/helpers.ts";
import { apiToken, cookieOf, lastAuditId, registerReadsSince, restCall, type RestAuth } from "../../test/rest.ts";
import { appOn, watchedDb } from "../../test/watched-db.ts";

const t = useTestApp();

const ids = (json: { data: StrapiEntry[] }) => json.data.map((entry) => entry.id);

/** Families named `${name} 1…n` in ward 0 (RW 005, RT 001), in id order. */
async function named(name: string, n: number): Promise<number[]> {
  const made: number[] = [];
  for (let index = 1; index <= n; index += 1) {
    const family = await createFamilyRegister(t.db, {
      change: (form) => ({ ...form, namaKepalaKeluarga: `${name} ${index}` }),
    });
    made.push(family.id);
  }
  return made;
}

describe("REST name search", () => {
  test("pages through every match in order, with the total, to a page past the end; sorted by name too", async () => {
    const found = await named("Telusur", 5);
    await named("Lain", 2);
    const reader = await apiToken(t, "read-only");
    const search = "/registers?filters[nama_kepala_keluarga][$containsi]=telusur&pagination[pageSize]=2";
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const answer = await restCall(t, "GET", `${search}&pagination[page]=${page}`, reader);
      expect(answer.status).toBe(200);
      expect(answer.json.meta.pagination).toEqual({ page, pageSize: 2, pageCount: 3, total: 5 });
      pages.push(ids(answer.json));
    }
    expect(pages).toEqual([found.slice(0, 2), found.slice(2, 4), found.slice(4), []]);

    const byName = await restCall(t, "GET", `${search}&sort=nama_kepala_keluarga:desc&pagination[page]=1`, reader);
    expect(byName.json.data.map((entry: StrapiEntry) => entry.attributes.nama_kepala_keluarga)).toEqual([
      "Telusur 5",
      "Telusur 4",
    ]);
    const unknown = await restCall(t, "GET", "/registers?filters[nama_kepala_keluarga][$containsi]=tiada", reader);
    expect(unknown.json).toMatchObject({ data: [], meta: { pagination: { total: 0 } } });
  });

  test("the audit row names the page's ids in the page's order; a search that finds nothing writes none", async () => {
    const found = await named("Jejak", 3);
    const reader = await apiToken(t, "read-only");
    const since = await lastAuditId(t);
    const answer = await restCall(
      t,
      "GET",
      "/registers?filters[nama_kepala_keluarga][$containsi]=jejak&sort=id:desc",
      reader,
    );
    expect(ids(answer.json)).toEqual([...found].reverse());
    await restCall(t, "GET", "/registers?filters[nama_kepala_keluarga][$containsi]=tidakada", reader);
    const rows = await registerReadsSince(t, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toMatchObject({ via: "rest", ids: [...found].reverse() });
  });

  test("an official's search is masked and without health data, with its relations populated", async () => {
    const [id = 0] = await named("Samaran", 1);
    const [row] = await t.db.select().from(registers).where(eq(registers.id, id));
    const home = await ward(t.db, 0);
    const aparat = await cookieOf(t, await createCadre(t.db, "kelurahan", {}, { role: "aparat" }));
    const answer = await restCall(
      t,
      "GET",
      "/registers?filters[nama_kepala_keluarga][$containsi]=samaran&populate=desa_kelurahan",
      aparat,
    );
    expect(answer.status).toBe(200);
    const [entry] = answer.json.data;
    expect(entry?.id).toBe(id);
    expect(entry?.attributes.nik_kepala_keluarga).toBe(maskNik(row?.nikKepalaKeluarga ?? ""));
    expect(entry?.attributes).not.toHaveProperty("pregnant_count");
    expect(entry?.attributes.desa_kelurahan.data.id).toBe(home.id);
  });

  test("reads the ids planned for the pattern, then the rows planned once without it", async () => {
    await named("Rencana", 2);
    const texts: string[] = [];
    const watched = appOn(
      t,
      watchedDb(t.db, async () => {}, texts),
    );
    const reader = await apiToken(t, "read-only");
    const answer = await restCall(
      watched,
      "GET",
      "/registers?filters[nama_kepala_keluarga][$containsi]=rencana",
      reader,
    );
    expect(answer.json.data).toHaveLength(2);
    const pattern = texts.filter((text) => /\bilike\b/i.test(text));
    const once = texts.filter(isPlannedOnce);
    expect(pattern).toHaveLength(1);
    expect(once).toHaveLength(1);
    expect(once[0]).not.toMatch(/\bilike\b/i);
    expect(once[0]).toContain("audit_log");
  });

  test("a family that leaves the reader's area, or is deleted, between the two statements is not shown nor audited", async () => {
    const [stays = 0, moves = 0, deleted = 0] = await named("Antara", 3);
    const elsewhere = await ward(t.db, 1);
    const between = async () => {
      await t.db
        .update(registers)
        .set({ desaKelurahanId: elsewhere.id, kecamatanId: elsewhere.kecamatanId })
        .where(eq(registers.id, moves));
      await t.db.update(registers).set({ deletedAt: new Date() }).where(eq(registers.id, deleted));
    };
    let runs = 0;
    const watched = appOn(
      t,
      watchedDb(t.db, async () => {
        runs += 1;
        if (runs === 1) await between();
      }, []),
    );
    const cadre: RestAuth = await cookieOf(t, await createCadre(t.db, "kelurahan"));
    const since = await lastAuditId(t);
    const answer = await restCall(watched, "GET", "/registers?filters[nama_kepala_keluarga][$containsi]=antara", cadre);
    expect(answer.status).toBe(200);
    expect(ids(answer.json)).toEqual([stays]);
    const rows = await registerReadsSince(t, since);
    expect(rows.map((row) => row.details)).toEqual([expect.objectContaining({ ids: [stays] })]);
    // Read afterwards, the moved and the deleted family are gone from the cadre's search as well.
    const again = await restCall(t, "GET", "/registers?filters[nama_kepala_keluarga][$containsi]=antara", cadre);
    expect(ids(again.json)).toEqual([stays]);
    const left = await t.db
      .select({ id: registers.id })
      .from(registers)
      .where(inArray(registers.id, [moves, deleted]));
    expect(left).toHaveLength(2);
  });
});

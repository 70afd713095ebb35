// How partners keep a copy of the registers over REST, at a city's size. An incremental sync, the way
// Strapi clients keep a copy up to date: the families changed since its last run, oldest change first
// (`filters[updatedAt][$gt]=…&sort=updatedAt:asc`), page by page. It must see each changed family
// once, a family edited since, and nothing older, and its page must come from the live registers'
// updated_at index instead of reading every live register (440 ms a page at 1,000,000 families
// before registers_live_updated). A ward's copy (`filters[desa_kelurahan][id][$eq]=…`) is read from
// the live registers' ward index, whatever page (page 400: ~400 ms before registers_live_ward_id),
// and a status's copy (`filters[status][$eq]=…`) from the live registers' status index (page 3,500
// of the rejected families: ~400 ms before registers_live_status_id).
import { describe, expect, test } from "bun:test";
import { eq, sql, type SQL } from "drizzle-orm";
import type { StrapiEntry } from "@shared/strapi.ts";
import type { Db } from "../db/client.ts";
import { desaKelurahan } from "../db/schema/regions.ts";
import { registers } from "../db/schema/registers.ts";
import { createCadre } from "../../test/cadres.ts";
import { createFamilyRegister, ward, withHeadNik } from "../../test/factories.ts";
import { useTestApp } from "../../test/helpers.ts";
import { copyFamilies, planOf } from "../../test/query-plan.ts";
import { apiToken, cookieOf, type RestAuth, restCall } from "../../test/rest.ts";
import { appOn, type SentQuery, watchedDb } from "../../test/watched-db.ts";

const t = useTestApp();

const ids = (json: { data: StrapiEntry[] }) => json.data.map((entry) => entry.id);

/** Sets a family's last change to `iso` (as if its last write had been then). */
async function changedAt(id: number, iso: string) {
  await t.db
    .update(registers)
    .set({ updatedAt: new Date(iso) })
    .where(eq(registers.id, id));
}

/** Every page of the families changed after `since`, oldest change first, `pageSize` at a time. */
async function syncSince(since: string, reader: RestAuth, pageSize = 2): Promise<number[]> {
  const seen: number[] = [];
  for (let page = 1; ; page += 1) {
    const path = `/registers?filters[updatedAt][$gt]=${since}&sort=updatedAt:asc&pagination[page]=${page}&pagination[pageSize]=${pageSize}`;
    const answer = await restCall(t, "GET", path, reader);
    expect(answer.status).toBe(200);
    seen.push(...ids(answer.json));
    if (page >= answer.json.meta.pagination.pageCount) return seen;
  }
}

describe("a partner's incremental sync by updatedAt", () => {
  test("reads the families changed since its last run, oldest change first, and a family edited since", async () => {
    const families = [];
    for (let n = 0; n < 6; n += 1) families.push((await createFamilyRegister(t.db)).id);
    const [a, b, c, d, e, f] = families as [number, number, number, number, number, number];
    // Changed out of id order, two at the same instant (the id breaks the tie).
    await changedAt(a, "2026-10-05T01:00:00Z");
    await changedAt(b, "2026-11-20T08:00:00Z");
    await changedAt(c, "2026-11-02T03:00:00Z");
    await changedAt(d, "2026-11-20T08:00:00Z");
    await changedAt(e, "2026-10-31T16:59:59Z");
    await changedAt(f, "2026-11-10T00:00:00Z");
    const partner = await apiToken(t, "read-only");

    expect(await syncSince("2026-11-01T00:00:00Z", partner)).toEqual([c, f, b, d]);

    // A cadre edits a family the partner read before: its next run picks it up, and only it.
    const rt = await cookieOf(t, await createCadre(t.db, "rt"));
    const [row] = await t.db.select({ version: registers.version }).from(registers).where(eq(registers.id, a));
    const edited = await restCall(t, "PUT", `/registers/${a}`, rt, {
      data: { nomor_hp: "081299990042", version: row?.version },
    });
    expect(edited.status).toBe(200);
    expect(await syncSince("2026-11-20T08:00:00Z", partner)).toEqual([a]);

    // Newest change first, as a partner looking at what moved last would ask.
    const newest = await restCall(
      t,
      "GET",
      "/registers?filters[updatedAt][$gt]=2026-11-01T00:00:00Z&sort=updatedAt:desc",
      partner,
    );
    expect(ids(newest.json)).toEqual([a, b, d, f, c]);
  });

  test("at size, its page is read from the live registers' updated_at index instead of every live register", async () => {
    const template = await createFamilyRegister(t.db);
    const partner = await apiToken(t, "read-only");
    const path =
      "/registers?filters[updatedAt][$gt]=2026-11-01T00:00:00Z&sort=updatedAt:asc&pagination[withCount]=false";
    const plan = await planAtSize(await pageStatement(path, partner, '"updated_at" asc'), template.id);
    expect(plan).toContain("registers_live_updated");
    expect(plan).not.toContain("Seq Scan on registers");
  });
});

describe("a partner's copy of one ward", () => {
  test("its pages and total are read from the live registers' ward index in id order, not sorted", async () => {
    const template = await createFamilyRegister(t.db);
    const partner = await apiToken(t, "read-only");
    const path = `/registers?filters[desa_kelurahan][id][$eq]=${await thirdWard(t.db)}&pagination[page]=20`;
    const statement = await pageStatement(path, partner, '"desa_kelurahan_id" in');
    // Rows copied inside the plan's rolled-back transaction are never vacuumed, so PostgreSQL takes
    // none of them for all-visible and, for a ward of 600, plans a bitmap heap scan and a sort. A
    // city's ward (17,700 families at 1,000,000, vacuumed) is read from the index: page 400 in
    // ~15 ms against ~400 (README, "A partner's copy of one ward"). Without bitmap scans, this
    // plan shows whether the ward index can serve the statement: its partial condition and order.
    const plan = await planAtSize(statement, template.id, sql`set local enable_bitmapscan = off`);
    expect(plan).toContain("registers_live_ward_id");
    expect(plan).not.toContain("Sort Key: registers.id");
    expect(plan).not.toContain("Seq Scan on registers");
  });
});

describe("a partner's copy of a ward by its name", () => {
  test("a new ward without families reads the ward index, a name no ward has reads no register", async () => {
    const template = await createFamilyRegister(t.db);
    const home = await ward(t.db, 0);
    const [created] = await t.db
      .insert(desaKelurahan)
      .values({ kecamatanId: home.kecamatanId, kode: "99.99.99.9999", nama: "Kelurahan Baru", jenis: "kelurahan" })
      .returning({ id: desaKelurahan.id });
    if (!created) throw new Error("no ward created");
    const partner = await apiToken(t, "read-only");
    const named = (name: string) => `/registers?filters[desa_kelurahan][nama][$eq]=${encodeURIComponent(name)}`;
    // As one sub-select, PostgreSQL walked every live register in id order looking for the ward's
    // (0.65–0.86 s a request at 1,000,000 families); read as its keys first (relation-keys.ts), the
    // ward's index answers. Bitmap scans off, as for the ward's copy by id above.
    const newWard = await pageStatement(named("Kelurahan Baru"), partner, '"desa_kelurahan_id" in');
    const plan = await planAtSize(newWard, template.id, sql`set local enable_bitmapscan = off`);
    // The ward's own key, not each ward's in turn from a join (the page's rows are then read by id).
    expect(plan).toMatch(
      new RegExp(`registers_live_ward_id on registers .*\\n +Index Cond: \\(desa_kelurahan_id = ${created.id}\\)`),
    );
    expect(plan).not.toContain("Memoize");
    const unknown = await pageStatement(named("Tidak Ada"), partner, "false");
    // Its ids come from a constant false: no register is read to find them.
    const none = await planAtSize(unknown, template.id);
    expect(none).toContain("One-Time Filter: false");
    expect(none).not.toContain("Memoize");
    expect(none).not.toContain("Seq Scan on registers");
  });
});

describe("a partner's copy of one status", () => {
  test("its deep pages are read from the live registers' status index in id order, not from the heap", async () => {
    const template = await createFamilyRegister(t.db);
    const partner = await apiToken(t, "read-only");
    const path = "/registers?filters[status][$eq]=RT_VERIFIED&pagination[page]=30";
    const statement = await pageStatement(path, partner, '"status" =');
    // Bitmap scans off, as for the ward's copy above: the copied rows are never vacuumed.
    const plan = await planAtSize(statement, template.id, sql`set local enable_bitmapscan = off`);
    expect(plan).toContain("registers_live_status_id");
    expect(plan).not.toContain("Sort Key: registers.id");
    expect(plan).not.toContain("Seq Scan on registers");
  });
});

describe("a partner's lookup by the head's NIK prefix", () => {
  test("answers the families whose head NIK starts with the digits, read from a NIK index, not every register", async () => {
    const made = [];
    for (const nik of ["3275019900000001", "3275019900000002", "3275019800000001"])
      made.push((await createFamilyRegister(t.db, { change: (form) => withHeadNik(form, nik) })).id);
    const partner = await apiToken(t, "read-only");
    const found = await restCall(t, "GET", "/registers?filters[nik_kepala_keluarga][$startsWith]=32750199", partner);
    expect(found.status).toBe(200);
    expect(ids(found.json)).toEqual(made.slice(0, 2));
    // The NIK columns compare byte by byte (COLLATE "C", migration 0056): with the database's locale
    // collation a prefix could not use the btree index, and each lookup read every register
    // (0.34-0.82 s at 1,000,000 families).
    const template = made[2] ?? 0;
    const path = "/registers?filters[nik_kepala_keluarga][$startsWith]=8800000001";
    const plan = await planAtSize(await pageStatement(path, partner, '"nik_kepala_keluarga"::text like'), template);
    expect(plan).toMatch(/registers_(nik_kepala_keluarga_index|family_head_nik_unique)/);
    expect(plan).not.toContain("Seq Scan on registers");
  });
});

/** The third ward by code: one copyFamilies fills (it spreads the copies over the first ten). */
async function thirdWard(db: Db): Promise<number> {
  const [ward] = await db
    .select({ id: desaKelurahan.id })
    .from(desaKelurahan)
    .orderBy(desaKelurahan.kode)
    .offset(2)
    .limit(1);
  if (!ward) throw new Error("no third ward seeded");
  return ward.id;
}

/**
 * The statement's plan over 6,000 families copied from `templateId` (rolled back afterwards), with
 * `setting` made first when given.
 */
function planAtSize(statement: SentQuery, templateId: number, setting?: SQL): Promise<string> {
  return planOf(t.db, statement, {
    addRows: async (tx) => {
      if (setting) await tx.execute(setting);
      // Triggers off (rollups, the ward's foreign key): only the plan is wanted, and it is rolled back.
      await tx.execute(sql`set local session_replication_role = replica`);
      await copyFamilies(tx, templateId);
      // Their last changes spread over the same two years as their creation.
      await tx.execute(sql`update registers set updated_at = created_at + interval '3 days'`);
    },
  });
}

/**
 * The statement (text and values) the REST list runs for the page at `path`: its ids, rows and
 * audit row (or, for a page with no rows, its ids and total); the one whose text has `marker`.
 */
async function pageStatement(path: string, reader: RestAuth, marker: string): Promise<SentQuery> {
  const sent: SentQuery[] = [];
  const answer = await restCall(
    appOn(
      t,
      watchedDb(t.db, async () => {}, [], sent),
    ),
    "GET",
    path,
    reader,
  );
  expect(answer.status).toBe(200);
  const page = sent.find(
    (query) =>
      (query.sql.startsWith("with page_ids as") || query.sql.startsWith("select array(")) && query.sql.includes(marker),
  );
  if (!page) throw new Error(`no page statement among ${sent.length} run`);
  return page;
}

// A partner walking the REST register list page by page in id order (a sync): each page after the
// first starts from where an earlier one ended (walk-anchors.ts) instead of skipping every row
// before it. What the partner sees must be exactly what a fresh read of that page gives: every
// write committed in between is seen, other readers' scopes are their own, offsets that are not
// whole pages land where they should, and a name search walks the same way.
import { describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import type { StrapiEntry } from "@shared/strapi.ts";
import { registers } from "../db/schema/registers.ts";
import { createCadre } from "../../test/cadres.ts";
import { createFamilyRegister } from "../../test/factories.ts";
import { type TestContext, useTestApp } from "../../test/helpers.ts";
import { apiToken, cookieOf, type RestAuth, restCall } from "../../test/rest.ts";
import { appOn, watchedDb } from "../../test/watched-db.ts";

const t = useTestApp();

const ids = (json: { data: StrapiEntry[] }) => json.data.map((entry) => entry.id);

/** `n` families in ward `wardIndex`, in id order; `name` as every head's name when given. */
async function families(n: number, wardIndex = 0, name?: string): Promise<number[]> {
  const made: number[] = [];
  for (let count = 0; count < n; count += 1) {
    const change =
      name === undefined ? undefined : (form: FamilyRegistration) => ({ ...form, namaKepalaKeluarga: name });
    made.push((await createFamilyRegister(t.db, { wardIndex, change })).id);
  }
  return made;
}

/** The app on a database handle of its own: it keeps its own anchors, and writes down what it sends. */
function freshApp(): { app: TestContext; texts: string[] } {
  const texts: string[] = [];
  return {
    app: appOn(
      t,
      watchedDb(t.db, async () => {}, texts),
    ),
    texts,
  };
}

/**
 * The app on a database handle of its own, `readers` known to it: it keeps its own anchors and
 * writes down what it sends. A token's first read on a handle is proven by a statement of its own,
 * its later reads inside their page's (another condition, so another walk).
 */
async function walkingApp(...readers: RestAuth[]): Promise<{ app: TestContext; texts: string[] }> {
  const walking = freshApp();
  for (const reader of readers) {
    expect((await restCall(walking.app, "GET", "/registers?pagination[pageSize]=1", reader)).status).toBe(200);
  }
  return walking;
}

/** What a reader with no anchor at all is shown at `path` (a new handle: the reference). */
async function freshRead(path: string, reader: RestAuth): Promise<number[]> {
  const response = await restCall(freshApp().app, "GET", path, reader);
  expect(response.status).toBe(200);
  return ids(response.json);
}

/** The page statements a request sent that start from an anchor (its guard in their text). */
const anchored = (texts: string[]) => texts.filter((text) => /[<>] \(case when .* then .*::integer else/s.test(text));

const page = (n: number, size: number, extra = "") =>
  `/registers?pagination[page]=${n}&pagination[pageSize]=${size}${extra}`;

describe("REST list walked page by page in id order", () => {
  test("every family once, each page as a fresh read gives it, the later pages from where the last ended", async () => {
    await families(23);
    const reader = await apiToken(t, "read-only");
    const { app, texts } = await walkingApp(reader);
    const seen: number[] = [];
    for (let n = 1; ; n += 1) {
      const sentBefore = texts.length;
      const response = await restCall(app, "GET", page(n, 5), reader);
      expect(response.status).toBe(200);
      const shown = ids(response.json);
      expect(shown).toEqual(await freshRead(page(n, 5), reader));
      // Page 1 has nothing to start from; every later page starts where the one before ended.
      expect(anchored(texts.slice(sentBefore))).toHaveLength(n === 1 ? 0 : 1);
      if (shown.length === 0) break;
      seen.push(...shown);
    }
    const live = await t.db
      .select({ id: registers.id })
      .from(registers)
      .where(sql`${registers.deletedAt} is null`)
      .orderBy(registers.id);
    expect(seen).toEqual(live.map((row) => row.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  test("newest first (sort=id:desc) walks the same way, down the ids, beside an oldest-first walk, with a deletion seen", async () => {
    await families(11);
    const reader = await apiToken(t, "read-only");
    const { app, texts } = await walkingApp(reader);
    const newestFirst = "&sort=id:desc";
    const all = await freshRead(page(1, 100, newestFirst), reader);
    const seen: number[] = [];
    for (let n = 1; n <= 4; n += 1) {
      // The same reader walking oldest first meanwhile: its anchors are another walk's.
      const oldest = ids((await restCall(app, "GET", page(n, 3), reader)).json);
      expect(oldest).toEqual(await freshRead(page(n, 3), reader));
      const sentBefore = texts.length;
      const shown = ids((await restCall(app, "GET", page(n, 3, newestFirst), reader)).json);
      expect(shown).toEqual(await freshRead(page(n, 3, newestFirst), reader));
      expect(anchored(texts.slice(sentBefore))).toHaveLength(n === 1 ? 0 : 1);
      seen.push(...shown);
    }
    expect(seen).toEqual(all.slice(0, 12));
    const gone = all[1] ?? 0;
    await t.db.update(registers).set({ deletedAt: new Date(), deleteReason: "uji" }).where(eq(registers.id, gone));
    const fifth = ids((await restCall(app, "GET", page(5, 3, newestFirst), reader)).json);
    expect(fifth).toEqual(all.filter((id) => id !== gone).slice(12, 15));
  });

  test("a family deleted, restored or added between two pages moves the next page as a fresh read does", async () => {
    await families(12);
    const reader = await apiToken(t, "read-only");
    const { app } = await walkingApp(reader);
    const walk = async (n: number) => ids((await restCall(app, "GET", page(n, 4), reader)).json);
    const all = await freshRead(page(1, 100), reader);
    const first = await walk(1);
    await walk(2);
    // A family of page 1 deleted: page 3 now starts one family later than page 2 ended.
    const [gone = 0] = first;
    await t.db.update(registers).set({ deletedAt: new Date(), deleteReason: "uji" }).where(eq(registers.id, gone));
    const third = await walk(3);
    expect(third).toEqual(all.filter((id) => id !== gone).slice(8, 12));
    expect(third).not.toEqual(all.slice(8, 12));
    // Restored, it counts again: page 3 is back where it was, and the walk goes on from there.
    await t.db.update(registers).set({ deletedAt: null, deleteReason: null }).where(eq(registers.id, gone));
    expect(await walk(3)).toEqual(all.slice(8, 12));
    expect(await walk(4)).toEqual(all.slice(12, 16));
    // A family added meanwhile has the highest id: the walk's last page ends with it.
    const [added = 0] = await families(1);
    const rest: number[] = [];
    for (let n = 5; ; n += 1) {
      const shown = await walk(n);
      expect(shown).toEqual(await freshRead(page(n, 4), reader));
      if (shown.length === 0) break;
      rest.push(...shown);
    }
    expect(rest.at(-1)).toBe(added);
  });

  test("a kelurahan cadre's walk is their own: another ward's reader and a city-wide token walk theirs", async () => {
    // Two wards' families made in turn, so each ward's walk passes over the other's ids.
    for (let count = 0; count < 7; count += 1) {
      await families(1, 1);
      await families(1, 2);
    }
    const here = await cookieOf(t, await createCadre(t.db, "kelurahan", { wardIndex: 1 }));
    const there = await cookieOf(t, await createCadre(t.db, "kelurahan", { wardIndex: 2 }));
    const city = await apiToken(t, "read-only");
    const { app } = await walkingApp(here, there, city);
    // Readers in turn on one handle, each a page further: none may start from another's anchor.
    for (let n = 1; n <= 4; n += 1) {
      for (const reader of [here, there, city]) {
        const shown = ids((await restCall(app, "GET", page(n, 3, "&sort=id:asc"), reader)).json);
        expect(shown).toEqual(await freshRead(page(n, 3, "&sort=id:asc"), reader));
      }
    }
  });

  test("offsets that are not whole pages (start and limit) land on the same rows as a fresh read", async () => {
    await families(15);
    const reader = await apiToken(t, "read-only");
    const { app, texts } = await walkingApp(reader);
    const at = (start: number, limit: number) => `/registers?pagination[start]=${start}&pagination[limit]=${limit}`;
    for (const [start, limit] of [
      [3, 4],
      [11, 4],
      [9, 2],
      [7, 1],
      [14, 5],
      [0, 2],
      [40, 3],
    ] as const) {
      const sentBefore = texts.length;
      const shown = ids((await restCall(app, "GET", at(start, limit), reader)).json);
      expect(shown).toEqual(await freshRead(at(start, limit), reader));
      // From the second read on, any offset at or past an earlier page's end starts from it.
      expect(anchored(texts.slice(sentBefore))).toHaveLength(start >= 7 ? 1 : 0);
    }
  });

  test("a name search walks the same way, its pages as a fresh read gives them", async () => {
    await families(9, 0, "Sitinurbaya Walker");
    await families(3);
    const reader = await apiToken(t, "read-only");
    const { app } = await walkingApp(reader);
    const search = "&filters[nama_kepala_keluarga][$containsi]=nurbaya walk";
    const seen: number[] = [];
    for (let n = 1; n <= 4; n += 1) {
      const shown = ids((await restCall(app, "GET", page(n, 2, search), reader)).json);
      expect(shown).toEqual(await freshRead(page(n, 2, search), reader));
      seen.push(...shown);
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
  });
});

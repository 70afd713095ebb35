// A partner's incremental sync over REST, the way Strapi clients keep a copy up to date: the
// families changed since its last run, oldest change first (`filters[updatedAt][$gt]=…&sort=updatedAt:asc`),
// page by page. It must see each changed family once, a family edited since, and nothing older; and
// at a city's size the page must come from the live registers' updated_at index instead of reading
// every live register (440 ms a page at 1,000,000 families before registers_live_updated).
import { describe, expect, test } from "bun:test";
import { eq, sql, type SQL } from "drizzle-orm";
import type { StrapiEntry } from "@shared/strapi.ts";
import type { Db } from "../db/client.ts";
import { registers } from "../db/schema/registers.ts";
import { createCadre } from "../../test/cadres.ts";
import { createFamilyRegister } from "../../test/factories.ts";
import { useTestApp } from "../../test/helpers.ts";
import { copyFamilies, planOf } from "../../test/query-plan.ts";
import { apiToken, cookieOf, type RestAuth, restCall } from "../../test/rest.ts";
import { appOn } from "../../test/watched-db.ts";

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
    const page = await pageStatement(path, partner);
    const plan = await planOf(t.db, page, {
      addRows: async (tx) => {
        // Triggers off (rollups, the ward's foreign key): only the plan is wanted, and it is rolled back.
        await tx.execute(sql`set local session_replication_role = replica`);
        await copyFamilies(tx, template.id);
        // Their last changes spread over the same two years as their creation.
        await tx.execute(sql`update registers set updated_at = created_at + interval '3 days'`);
      },
    });
    expect(plan).toContain("registers_live_updated");
    expect(plan).not.toContain("Seq Scan on registers");
  });
});

/** The statement (text and values) the REST list sends for the page at `path`: its ids, rows and audit row. */
async function pageStatement(path: string, reader: RestAuth): Promise<{ sql: string; params: unknown[] }> {
  const sent: Array<{ sql: string; params: unknown[] }> = [];
  const recording = new Proxy(t.db, {
    get(target, property, receiver) {
      if (property !== "execute") return Reflect.get(target, property, receiver);
      return (statement: SQL) => {
        sent.push(target.execute(statement).getQuery());
        return target.execute(statement);
      };
    },
  }) satisfies Db;
  const answer = await restCall(appOn(t, recording), "GET", path, reader);
  expect(answer.status).toBe(200);
  // (The page's cache key is worked out from the same select, never sent: its text ends in "; null".)
  const page = sent.find(
    (query) => query.sql.startsWith("with page_ids as") && query.sql.includes('order by "registers"."updated_at" asc'),
  );
  if (!page) throw new Error(`no page statement among ${sent.length} sent`);
  return page;
}

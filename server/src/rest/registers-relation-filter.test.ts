// A REST list filtered through a relation by anything but its id (`filters[desa_kelurahan][nama]…`)
// reads the related keys first (rest/relation-keys.ts). It must select exactly the rows the same
// filter by id selects, under $not and $or too, for every reader, and a ward named by its name
// takes its total from the rollups as a ward given by its id does.
import { describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import type { StrapiEntry } from "@shared/strapi.ts";
import { kecamatan } from "../db/schema/regions.ts";
import { registers } from "../db/schema/registers.ts";
import { createCadre } from "../../test/cadres.ts";
import { createFamilyRegister, ward } from "../../test/factories.ts";
import { useTestApp } from "../../test/helpers.ts";
import { apiToken, cookieOf, type RestAuth, restCall } from "../../test/rest.ts";

const t = useTestApp();

/** Every id the list at `filter` answers, page by page, and its total. */
async function listed(filter: string, reader: RestAuth): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await restCall(
      t,
      "GET",
      `/registers?${filter}&pagination[page]=${page}&pagination[pageSize]=2`,
      reader,
    );
    expect({ filter, status: answer.status }).toEqual({ filter, status: 200 });
    ids.push(...answer.json.data.map((entry: StrapiEntry) => entry.id));
    const { pageCount, total } = answer.json.meta.pagination;
    if (page >= pageCount) return { ids, total };
  }
}

describe("REST register list filtered through a relation", () => {
  test("by a ward's or kecamatan's name selects the rows its id selects, for every reader", async () => {
    for (const [index, wardIndex] of [0, 0, 1, 1, 2].entries()) {
      await createFamilyRegister(t.db, { wardIndex, rw: index % 2 === 0 ? "005" : "006" });
    }
    const [home, sibling, other] = [await ward(t.db, 0), await ward(t.db, 1), await ward(t.db, 2)];
    const [district] = await t.db.select().from(kecamatan).where(eq(kecamatan.id, home.kecamatanId));
    if (!district) throw new Error("no kecamatan");
    const name = encodeURIComponent;
    // Each filter by name beside the same selection by id, which is compiled as it always was.
    const pairs: [string, string][] = [
      [`filters[desa_kelurahan][nama][$eq]=${name(home.nama)}`, `filters[desa_kelurahan][id][$eq]=${home.id}`],
      [
        `filters[desa_kelurahan][kode][$in][0]=${home.kode}&filters[desa_kelurahan][kode][$in][1]=${other.kode}`,
        `filters[$or][0][desa_kelurahan][id][$eq]=${home.id}&filters[$or][1][desa_kelurahan][id][$eq]=${other.id}`,
      ],
      [
        `filters[$not][desa_kelurahan][nama][$eq]=${name(home.nama)}`,
        `filters[$not][desa_kelurahan][id][$eq]=${home.id}`,
      ],
      [
        `filters[$or][0][desa_kelurahan][nama][$eq]=${name(sibling.nama)}&filters[$or][1][rw][$eq]=005`,
        `filters[$or][0][desa_kelurahan][id][$eq]=${sibling.id}&filters[$or][1][rw][$eq]=005`,
      ],
      [`filters[kecamatan][nama][$eq]=${name(district.nama)}`, `filters[kecamatan][id][$eq]=${district.id}`],
      // Relations read first together: each keeps its own keys.
      [
        `filters[desa_kelurahan][nama][$eq]=${name(home.nama)}&filters[kecamatan][nama][$eq]=${name(district.nama)}`,
        `filters[desa_kelurahan][id][$eq]=${home.id}&filters[kecamatan][id][$eq]=${district.id}`,
      ],
      [
        `filters[$or][0][desa_kelurahan][nama][$eq]=${name(other.nama)}&filters[$or][1][kecamatan][nama][$eq]=Tidak%20Ada&filters[$or][2][desa_kelurahan][kode][$eq]=${home.kode}`,
        `filters[$or][0][desa_kelurahan][id][$eq]=${other.id}&filters[$or][1][desa_kelurahan][id][$eq]=${home.id}`,
      ],
      [
        `filters[desa_kelurahan][kecamatan][nama][$eq]=${name(district.nama)}`,
        `filters[kecamatan][id][$eq]=${district.id}`,
      ],
      // A name no ward has: nothing, and under $not everything.
      ["filters[desa_kelurahan][nama][$eq]=Tidak%20Ada", "filters[desa_kelurahan][id][$eq]=0"],
      ["filters[$not][desa_kelurahan][nama][$eq]=Tidak%20Ada", "filters[$not][desa_kelurahan][id][$eq]=0"],
    ];
    const readers = {
      token: await apiToken(t, "read-only"),
      kecamatan: await cookieOf(t, await createCadre(t.db, "kecamatan", { wardIndex: 0 })),
      official: await cookieOf(t, await createCadre(t.db, "kelurahan", { wardIndex: 1 }, { role: "aparat" })),
    };
    const sizes = new Set<number>();
    for (const [reader, auth] of Object.entries(readers)) {
      for (const [byName, byId] of pairs) {
        const expected = await listed(byId, auth);
        expect({ reader, byName, ...(await listed(byName, auth)) }).toEqual({ reader, byName, ...expected });
        sizes.add(expected.total);
      }
    }
    // The pairs are not all empty or all alike: they tell selections apart.
    expect(sizes.size).toBeGreaterThan(3);
  });

  test("by a ward's name takes the ward's total from the rollups, as by its id", async () => {
    const family = await createFamilyRegister(t.db, { wardIndex: 0 });
    await createFamilyRegister(t.db, { wardIndex: 0 });
    const home = await ward(t.db, 0);
    const token = await apiToken(t, "read-only");
    const total = async (filter: string) =>
      (await restCall(t, "GET", `/registers?pagination[pageSize]=1&${filter}`, token)).json.meta.pagination.total;
    const named = `filters[desa_kelurahan][nama][$eq]=${encodeURIComponent(home.nama)}&filters[status][$eq]=SUBMITTED`;
    const before = await total(named);
    expect(before).toBe(await total(`filters[desa_kelurahan][id][$eq]=${home.id}&filters[status][$eq]=SUBMITTED`));
    expect(before).toBeGreaterThanOrEqual(2);
    // As a bulk load writes: the rows change, the trigger-kept rollups do not.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(registers).set({ status: "APPROVED" }).where(eq(registers.id, family.id));
    });
    expect(await total(`${named}&filters[id][$gt]=0`)).toBe(before - 1);
    expect(await total(named)).toBe(before);
  });
});

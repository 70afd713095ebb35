// A relation filter that asks for absence ($null, or $notNull false) on the related rows: Strapi v4
// left-joins the relation, so an entry without any related row meets it as a row of nulls (a
// district without wards is found by `filters[kelurahans][id][$null]=true`). Every other relation
// filter is unchanged: it needs a related row that meets it.
import { describe, expect, test } from "bun:test";
import type { StrapiEntry } from "@shared/strapi.ts";
import { kecamatan } from "../db/schema/regions.ts";
import { useTestApp } from "../../test/helpers.ts";

describe("REST relation filters on absent related rows", () => {
  const t = useTestApp();
  const ids = async (query: string) => {
    const response = await t.app.request(`/api/kecamatans?${query}&pagination[pageSize]=100`);
    const body = await response.json();
    expect({ query, status: response.status }).toEqual({ query, status: 200 });
    return body.data.map((entry: StrapiEntry) => entry.id).sort((a: number, b: number) => a - b);
  };

  test("a district without wards is found by $null on its wards, and only it; $notNull keeps the others", async () => {
    const [empty] = await t.db
      .insert(kecamatan)
      .values({ kode: "32.75.90", nama: "Kecamatan Baru Tanpa Kelurahan" })
      .returning({ id: kecamatan.id });
    if (!empty) throw new Error("no district");
    const everyone = await ids("filters[id][$notNull]=true");
    const withWards = everyone.filter((id: number) => id !== empty.id);
    expect(withWards).toHaveLength(12);

    for (const query of [
      "filters[kelurahans][id][$null]=true",
      // Strapi reads an operator straight on a relation as one on the related id.
      "filters[kelurahans][$null]=true",
      "filters[kelurahans][id][$notNull]=false",
      "filters[kelurahans][nama][$null]=true",
      "filters[$or][0][kelurahans][id][$null]=true&filters[$or][1][id][$eq]=0",
    ]) {
      expect({ query, ids: await ids(query) }).toEqual({ query, ids: [empty.id] });
    }
    for (const query of [
      "filters[kelurahans][id][$notNull]=true",
      "filters[kelurahans][id][$null]=false",
      "filters[$not][kelurahans][id][$null]=true",
    ]) {
      expect({ query, ids: await ids(query) }).toEqual({ query, ids: withWards });
    }
    // Filters that need a related row still never match the district without one.
    expect(await ids("filters[kelurahans][jenis][$eq]=kelurahan")).toEqual(withWards);
    expect(await ids("filters[$not][kelurahans][jenis][$eq]=kelurahan")).toEqual([empty.id]);
    // Across a to-one relation: every ward has its district, so none is without.
    const wards = await t.app.request("/api/desa-kelurahans?filters[kecamatan][id][$null]=true");
    expect((await wards.json()).meta.pagination.total).toBe(0);
  });
});

import { describe, expect, test } from "bun:test";
import { useTestApp } from "../../test/helpers.ts";

describe("REST /api/kecamatans and /api/desa-kelurahans (Strapi v4 envelope)", () => {
  const t = useTestApp();
  const get = async (path: string) => {
    const response = await t.app.request(path);
    return { status: response.status, body: await response.json() };
  };

  test("paginates with meta like Strapi", async () => {
    const { status, body } = await get("/api/kecamatans?pagination[pageSize]=5");
    expect(status).toBe(200);
    expect(body.meta.pagination).toEqual({ page: 1, pageSize: 5, pageCount: 3, total: 12 });
    expect(body.data).toHaveLength(5);
    expect(body.data[0]).toHaveProperty("id");
    expect(body.data[0].attributes).toHaveProperty("nama_kecamatan");
  });

  test("defaults to 25 per page and clamps page and size", async () => {
    expect((await get("/api/desa-kelurahans")).body.meta.pagination).toEqual({
      page: 1,
      pageSize: 25,
      pageCount: 3,
      total: 56,
    });
    expect((await get("/api/desa-kelurahans?pagination[pageSize]=500")).body.meta.pagination.pageSize).toBe(100);
    expect((await get("/api/desa-kelurahans?pagination[page]=0")).body.meta.pagination.page).toBe(1);
    expect((await get("/api/desa-kelurahans?pagination[pageSize]=0")).body.meta.pagination.pageSize).toBe(1);
    const past = await get("/api/kecamatans?pagination[page]=9");
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.pagination.total).toBe(12);
  });

  test("start/limit and withCount", async () => {
    const offset = await get("/api/kecamatans?pagination[start]=10&pagination[limit]=5");
    expect(offset.body.meta.pagination).toEqual({ start: 10, limit: 5, total: 12 });
    expect(offset.body.data).toHaveLength(2);
    expect((await get("/api/kecamatans?pagination[limit]=-1")).body.data).toHaveLength(12);
    expect((await get("/api/kecamatans?pagination[withCount]=false")).body.meta.pagination).toEqual({
      page: 1,
      pageSize: 25,
    });
    const mixed = await get("/api/kecamatans?pagination[page]=1&pagination[start]=0");
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.message).toBe(
      "Invalid pagination parameters. Expected either start/limit or page/pageSize",
    );
    expect((await get("/api/kecamatans?pagination[page]=abc")).status).toBe(400);
  });

  test("sorts by any attribute, both directions", async () => {
    const ascending = (await get("/api/kecamatans?sort=nama:asc&pagination[pageSize]=100")).body.data.map(
      (row: { attributes: { nama: string } }) => row.attributes.nama,
    );
    expect(ascending).toEqual([...ascending].sort((a, b) => (a < b ? -1 : 1)));
    const descending = (await get("/api/kecamatans?sort[0]=kode:desc")).body.data;
    expect(descending[0].attributes.kode).toBe("32.75.12");
  });

  test("selects fields but always keeps id", async () => {
    const { body } = await get("/api/kecamatans?fields[0]=nama&fields[1]=kode");
    expect(Object.keys(body.data[0].attributes).sort()).toEqual(["kode", "nama"]);
    expect(typeof body.data[0].id).toBe("number");
  });

  test("filters with operators, relations and logic", async () => {
    const contains = await get("/api/desa-kelurahans?filters[nama][$containsi]=jaya&pagination[pageSize]=100");
    expect(contains.body.data.length).toBeGreaterThan(0);
    expect(
      contains.body.data.every((row: { attributes: { nama: string } }) =>
        row.attributes.nama.toLowerCase().includes("jaya"),
      ),
    ).toBe(true);
    const caseSensitive = await get("/api/desa-kelurahans?filters[nama][$contains]=JAYA");
    expect(caseSensitive.body.meta.pagination.total).toBe(0);
    const byDistrict = await get("/api/desa-kelurahans?filters[kecamatan][kode][$eq]=32.75.01");
    expect(byDistrict.body.meta.pagination.total).toBe(4);
    const single = await get("/api/kecamatans?filters[kode][$in]=32.75.02");
    expect(single.body.meta.pagination.total).toBe(1);
    const either = await get("/api/kecamatans?filters[$or][0][kode][$eq]=32.75.01&filters[$or][1][kode][$eq]=32.75.02");
    expect(either.body.meta.pagination.total).toBe(2);
    const notNull = await get("/api/desa-kelurahans?filters[kode_pos][$null]=true");
    expect(notNull.body.meta.pagination.total).toBe(56);
  });

  test("populates relations inside attributes", async () => {
    const { body } = await get("/api/desa-kelurahans?populate=kecamatan&pagination[pageSize]=1&sort=kode:asc");
    expect(body.data[0].attributes.kecamatan.data.attributes.kode).toBe("32.75.01");
    const district = await get("/api/kecamatans/1?populate[kelurahans][fields][0]=nama");
    expect(district.body.data.attributes.kelurahans.data.length).toBeGreaterThan(0);
    expect(Object.keys(district.body.data.attributes.kelurahans.data[0].attributes)).toEqual(["nama"]);
  });

  test("refuses unknown fields and operators, bad ids; 404 for missing", async () => {
    const unknownField = await get("/api/kecamatans?filters[password][$eq]=x");
    expect(unknownField.status).toBe(400);
    expect(unknownField.body).toEqual({
      data: null,
      error: { status: 400, name: "ValidationError", message: "Invalid parameter password", details: {} },
    });
    expect((await get("/api/kecamatans?sort=secret:asc")).status).toBe(400);
    expect((await get("/api/kecamatans?fields[0]=secret")).status).toBe(400);
    expect((await get("/api/kecamatans?filters[nama][$like]=x")).status).toBe(400);
    expect((await get("/api/kecamatans/abc")).status).toBe(400);
    const missing = await get("/api/kecamatans/99999");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({ status: 404, name: "NotFoundError", message: "Not Found", details: {} });
    expect((await get("/api/no-such-route")).body.error.name).toBe("NotFoundError");
  });

  test("decimals are numbers", async () => {
    const { body } = await get("/api/desa-kelurahans/1");
    expect(body.meta).toEqual({});
    expect(body.data.attributes.luas_wilayah).toBeNull();
  });
});

// Query values a client can get wrong (audit of the REST layer, findings F2–F5): each is a 400
// ValidationError in Strapi's envelope or Strapi's own reading, never a 500 and never silently dropped.
import { describe, expect, test } from "bun:test";
import { useTestApp } from "../../test/helpers.ts";
import { apiToken, type RestAuth, restCall } from "../../test/rest.ts";

const validation = (message: string) => ({
  data: null,
  error: { status: 400, name: "ValidationError", message, details: {} },
});

describe("REST query values out of shape or range (400, never a 500)", () => {
  const t = useTestApp();
  const get = (path: string, auth: RestAuth = null) => restCall(t, "GET", path, auth);

  test("an object where a filter value belongs is 400 'Invalid value for <field>', also for $null and inside a list", async () => {
    expect(await get("/kecamatans?filters[kode][$eq][a]=x")).toMatchObject({
      status: 400,
      json: validation("Invalid value for kode"),
    });
    expect((await get("/kecamatans?filters[kode][a]=x")).json).toEqual(validation("Invalid parameter kode[a]"));
    expect((await get("/kecamatans?filters[kode][$eq][0][a]=x")).json).toEqual(validation("Invalid value for kode"));
    expect((await get("/kecamatans?filters[kecamatan][$eq][a]=x")).status).toBe(400);
    expect((await get("/desa-kelurahans?filters[kecamatan][$eq][a]=x")).json).toEqual(
      validation("Invalid value for id"),
    );
    expect((await get("/desa-kelurahans?populate[kecamatan][filters][kode][$eq][a]=x")).json).toEqual(
      validation("Invalid value for kode"),
    );
    const token = await apiToken(t, "read-only");
    expect((await get("/registers?filters[status][$eq][a]=x", token)).json).toEqual(
      validation("Invalid value for status"),
    );
    expect((await get("/registers?filters[status][$null][a]=x", token)).json).toEqual(
      validation("Invalid value for status"),
    );
    // What worked keeps working: lists of values and $null flags.
    expect((await get("/kecamatans?filters[kode][$eq][0]=32.75.01&filters[kode][$eq][1]=32.75.02")).json.meta).toEqual({
      pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 },
    });
    expect((await get("/kecamatans?filters[kode][$null]=false")).json.meta.pagination.total).toBe(12);
  });

  test("page and start past 2147483647 are 400; smaller ones still give an empty page", async () => {
    expect(await get("/kecamatans?pagination[page]=99999999999999999999")).toMatchObject({
      status: 400,
      json: validation("Invalid parameter pagination[page]: expected an integer up to 2147483647"),
    });
    expect((await get("/kecamatans?pagination[start]=99999999999999999999")).json).toEqual(
      validation("Invalid parameter pagination[start]: expected an integer up to 2147483647"),
    );
    expect((await get("/kecamatans?pagination[page]=2147483648")).status).toBe(400);
    const last = await get("/kecamatans?pagination[page]=2147483647&pagination[pageSize]=100");
    expect(last.status).toBe(200);
    expect(last.json.data).toEqual([]);
    expect(last.json.meta.pagination.total).toBe(12);
    expect((await get("/kecamatans?pagination[start]=2147483647")).json.data).toEqual([]);
    // Sizes are clamped as before, however large or small.
    expect((await get("/kecamatans?pagination[pageSize]=99999999999999999999")).json.meta.pagination.pageSize).toBe(
      100,
    );
    expect((await get("/kecamatans?pagination[page]=-99999999999999999999")).json.meta.pagination.page).toBe(1);
  });

  test("an integer filter outside its column's type (integer, smallint) is 400 'Invalid value for <field>'", async () => {
    expect(await get("/kecamatans?filters[id][$eq]=3000000000")).toMatchObject({
      status: 400,
      json: validation("Invalid value for id"),
    });
    expect((await get("/kecamatans?filters[id][$in][0]=1&filters[id][$in][1]=-2147483649")).json).toEqual(
      validation("Invalid value for id"),
    );
    expect((await get("/desa-kelurahans?filters[kecamatan]=3000000000")).json).toEqual(
      validation("Invalid value for id"),
    );
    expect((await get("/desa-kelurahans?filters[jumlah_penduduk][$gt]=3000000000")).json).toEqual(
      validation("Invalid value for jumlah_penduduk"),
    );
    const token = await apiToken(t, "read-only");
    expect((await get("/registers?filters[member_count][$eq]=99999999999", token)).json).toEqual(
      validation("Invalid value for member_count"),
    );
    expect((await get("/registers?filters[member_count][$lt]=32768", token)).json).toEqual(
      validation("Invalid value for member_count"),
    );
    expect((await get("/registers?filters[version][$eq]=3000000000", token)).json).toEqual(
      validation("Invalid value for version"),
    );
    // The edges of each type are still values.
    expect((await get("/kecamatans?filters[id][$eq]=2147483647")).json.meta.pagination.total).toBe(0);
    expect((await get("/kecamatans?filters[id][$gt]=-2147483648")).json.meta.pagination.total).toBe(12);
    expect((await get("/registers?filters[member_count][$lt]=32767", token)).status).toBe(200);
    expect((await get("/registers?filters[member_count][$gt]=-32768", token)).status).toBe(200);
  });

  test("a date or instant outside the years 1–9999 is 400, not a database error", async () => {
    const token = await apiToken(t, "read-only");
    expect(await get("/registers?filters[tanggal_pendataan][$eq]=0000-01-01", token)).toMatchObject({
      status: 400,
      json: validation("Invalid format, expected yyyy-MM-dd"),
    });
    expect((await get("/registers?filters[createdAt][$lt]=0000-01-01T00:00:00Z", token)).json).toEqual(
      validation("Invalid value for createdAt"),
    );
    expect((await get("/registers?filters[createdAt][$lt]=-100000-01-01T00:00:00Z", token)).json).toEqual(
      validation("Invalid value for createdAt"),
    );
    expect((await get("/kecamatans?filters[createdAt][$gt]=0001-01-01T00:00:00Z")).json.meta.pagination.total).toBe(12);
    expect((await get("/registers?filters[tanggal_pendataan][$lte]=9999-12-31", token)).status).toBe(200);
  });

  test("more than 1000 query parameters is 400 'Too many parameters', never a filter dropped", async () => {
    const fields = Array.from({ length: 1000 }, (_, index) => `fields[${index}]=kode`).join("&");
    const tooMany = await get(`/kecamatans?${fields}&filters[kode][$eq]=32.75.01`);
    expect(tooMany).toMatchObject({
      status: 400,
      json: validation("Too many parameters: at most 1000 are accepted"),
    });
    // A long $in list with its pagination, within the limit, is read whole (it lost both past 500).
    const ids = Array.from({ length: 998 }, (_, index) => `filters[id][$in][${index}]=${index + 1}`).join("&");
    const long = await get(`/kecamatans?${ids}&pagination[pageSize]=2&sort=id`);
    expect(long.status).toBe(200);
    expect(long.json.meta.pagination).toEqual({ page: 1, pageSize: 2, pageCount: 6, total: 12 });
    // The real ids last: past the 500th parameter, where they were dropped.
    const notIn = Array.from({ length: 998 }, (_, index) => `filters[id][$notIn][${index}]=${998 - index}`).join("&");
    expect((await get(`/kecamatans?${notIn}&fields[0]=kode`)).json.meta.pagination.total).toBe(0);
  });

  test("a form body with more than 1000 fields is 400, not cut short", async () => {
    const token = await apiToken(t, "full-access");
    const padding = Array.from({ length: 1000 }, (_, index) => `data[x${index}]=1`).join("&");
    const response = await t.app.request("/api/kecamatans", {
      method: "POST",
      headers: { authorization: `Bearer ${token.bearer}`, "content-type": "application/x-www-form-urlencoded" },
      body: `${padding}&data[nama_kecamatan]=Terlalu%20Banyak`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(validation("Too many parameters: at most 1000 are accepted"));
  });

  test("pageSize ≤ 0 (-1 too) is 1; limit=-1 is 100", async () => {
    expect((await get("/kecamatans?pagination[pageSize]=-1")).json.meta.pagination).toEqual({
      page: 1,
      pageSize: 1,
      pageCount: 12,
      total: 12,
    });
    expect((await get("/kecamatans?pagination[pageSize]=-5")).json.meta.pagination.pageSize).toBe(1);
    const all = await get("/kecamatans?pagination[limit]=-1");
    expect(all.json.meta.pagination).toEqual({ start: 0, limit: 100, total: 12 });
    expect(all.json.data).toHaveLength(12);
    expect((await get("/kecamatans?pagination[limit]=0")).json.meta.pagination.limit).toBe(1);
  });

  test("withCount takes t/f/1/0/true/false; anything else is Strapi's 400", async () => {
    for (const no of ["f", "0", "false"]) {
      expect((await get(`/kecamatans?pagination[withCount]=${no}`)).json.meta.pagination).toEqual({
        page: 1,
        pageSize: 25,
      });
    }
    for (const yes of ["t", "1", "true"]) {
      expect((await get(`/kecamatans?pagination[withCount]=${yes}`)).json.meta.pagination).toEqual({
        page: 1,
        pageSize: 25,
        pageCount: 1,
        total: 12,
      });
    }
    for (const other of ["yes", "no", "", "FALSE"]) {
      expect(await get(`/kecamatans?pagination[withCount]=${other}`)).toMatchObject({
        status: 400,
        json: validation('Invalid withCount parameter. Expected "t","1","true","false","0","f"'),
      });
    }
  });
});

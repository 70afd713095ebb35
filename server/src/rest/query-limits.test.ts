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

  test("F2: an object where a filter value belongs is 400 'Invalid value for <field>', also for $null and inside a list", async () => {
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
});

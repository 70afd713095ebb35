// Contract with Strapi v4 clients (issue 17): every query string is built with qs.stringify the way
// client libraries do, and each answer is compared whole with the envelope Strapi gives for it,
// computed from the database rows. Numbers in test names are the findings.
import { describe, expect, test } from "bun:test";
import { asc } from "drizzle-orm";
import qs from "qs";
import { desaKelurahan, kecamatan } from "../db/schema/regions.ts";
import { createFamilyRegister, familyForm } from "../../test/factories.ts";
import { callerFor, createUser, TEST_ORIGIN, useTestApp } from "../../test/helpers.ts";

type KecamatanRow = typeof kecamatan.$inferSelect;
type DesaRow = typeof desaKelurahan.$inferSelect;
type Attributes = Record<string, unknown>;

const OTHER_ORIGIN = "http://dasbor.contoh.id";

const pick = (attributes: Attributes, fields?: string[]) =>
  fields ? Object.fromEntries(fields.map((name) => [name, attributes[name]])) : attributes;

function kecamatanAttributes(row: KecamatanRow, fields?: string[]): Attributes {
  return pick(
    {
      nama_kecamatan: row.nama,
      nama: row.nama,
      kode: row.kode,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      publishedAt: row.createdAt.toISOString(),
    },
    fields,
  );
}

function desaAttributes(row: DesaRow, fields?: string[]): Attributes {
  return pick(
    {
      nama_desa_kelurahan: row.nama,
      nama: row.nama,
      kode: row.kode,
      jenis: row.jenis,
      kode_pos: row.kodePos,
      luas_wilayah: row.luasWilayah === null ? null : Number(row.luasWilayah),
      jumlah_penduduk: row.jumlahPenduduk,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      publishedAt: row.createdAt.toISOString(),
    },
    fields,
  );
}

const errorBody = (status: number, name: string, message: string) => ({
  data: null,
  error: { status, name, message, details: {} },
});

describe("Strapi v4 contract (qs.stringify query strings, exact envelopes)", () => {
  const t = useTestApp({ env: { CORS_ORIGINS: OTHER_ORIGIN } });
  const query = (params: object) => qs.stringify(params, { encodeValuesOnly: true });
  const get = async (path: string, params: object = {}, headers: Record<string, string> = {}) => {
    const search = query(params);
    const response = await t.app.request(search ? `${path}?${search}` : path, { headers });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
  const rows = async () => {
    const districts = await t.db.select().from(kecamatan).orderBy(asc(kecamatan.id));
    const wards = await t.db.select().from(desaKelurahan).orderBy(asc(desaKelurahan.id));
    const district = (id: number) => {
      const row = districts.find((item) => item.id === id);
      if (!row) throw new Error(`no kecamatan ${id}`);
      return row;
    };
    const wardsOf = (id: number) => wards.filter((row) => row.kecamatanId === id);
    return { districts, wards, district, wardsOf };
  };
  const adminToken = async () => {
    const admin = await createUser(t.db, { role: "admin" });
    return (await callerFor(t, admin).users.createApiToken({ name: "Kontrak", access: "full-access" })).token;
  };

  test("1. populate at depths 1, 2 and 3 returns the related entries", async () => {
    const { district, wardsOf, wards } = await rows();
    const depth1 = await get("/api/kecamatans/1", { fields: ["kode"], populate: { kelurahans: { fields: ["kode"] } } });
    expect(depth1.body).toEqual({
      data: {
        id: 1,
        attributes: {
          kode: district(1).kode,
          kelurahans: {
            data: wardsOf(1).map((row) => ({ id: row.id, attributes: desaAttributes(row, ["kode"]) })),
          },
        },
      },
      meta: {},
    });

    const depth2 = await get("/api/kecamatans/1", {
      fields: ["kode"],
      populate: { kelurahans: { fields: ["kode"], populate: { kecamatan: { fields: ["nama_kecamatan"] } } } },
    });
    expect(depth2.body.data.attributes.kelurahans.data).toEqual(
      wardsOf(1).map((row) => ({
        id: row.id,
        attributes: {
          ...desaAttributes(row, ["kode"]),
          kecamatan: { data: { id: 1, attributes: kecamatanAttributes(district(1), ["nama_kecamatan"]) } },
        },
      })),
    );

    const ward = wards[0];
    if (!ward) throw new Error("no ward");
    const depth3 = await get(`/api/desa-kelurahans/${ward.id}`, {
      fields: ["kode"],
      populate: {
        kecamatan: {
          fields: ["kode"],
          populate: { kelurahans: { fields: ["kode"], populate: { kecamatan: { fields: ["kode"] } } } },
        },
      },
    });
    const home = district(ward.kecamatanId);
    expect(depth3.body).toEqual({
      data: {
        id: ward.id,
        attributes: {
          kode: ward.kode,
          kecamatan: {
            data: {
              id: home.id,
              attributes: {
                kode: home.kode,
                kelurahans: {
                  data: wardsOf(home.id).map((row) => ({
                    id: row.id,
                    attributes: {
                      kode: row.kode,
                      kecamatan: { data: { id: home.id, attributes: { kode: home.kode } } },
                    },
                  })),
                },
              },
            },
          },
        },
      },
      meta: {},
    });
    // Dotted populate reaches the same depth (`populate=kecamatan.kelurahans.kecamatan`), all fields.
    const dotted = await get(`/api/desa-kelurahans/${ward.id}`, {
      fields: ["kode"],
      populate: "kecamatan.kelurahans.kecamatan",
    });
    expect(dotted.body.data.attributes.kecamatan.data.attributes).toEqual({
      ...kecamatanAttributes(home),
      kelurahans: {
        data: wardsOf(home.id).map((row) => ({
          id: row.id,
          attributes: {
            ...desaAttributes(row),
            kecamatan: { data: { id: home.id, attributes: kecamatanAttributes(home) } },
          },
        })),
      },
    });
  });

  test("1. registers → desa_kelurahan → kecamatan → kelurahans (depth 3) for an API token", async () => {
    const { district, wards, wardsOf } = await rows();
    const token = await adminToken();
    const register = await createFamilyRegister(t.db, { wardIndex: 5 });
    const ward = wards.find((row) => row.id === register.form.address.desaKelurahanId);
    if (!ward) throw new Error("no ward");
    const home = district(ward.kecamatanId);
    const answer = await get(
      `/api/registers/${register.id}`,
      {
        fields: ["rt", "publishedAt"],
        populate: {
          desa_kelurahan: {
            fields: ["kode"],
            populate: { kecamatan: { fields: ["kode"], populate: { kelurahans: { fields: ["kode"] } } } },
          },
        },
      },
      { authorization: `Bearer ${token}` },
    );
    expect(answer.body).toEqual({
      data: {
        id: register.id,
        attributes: {
          rt: register.form.address.rt,
          publishedAt: expect.any(String),
          desa_kelurahan: {
            data: {
              id: ward.id,
              attributes: {
                kode: ward.kode,
                kecamatan: {
                  data: {
                    id: home.id,
                    attributes: {
                      kode: home.kode,
                      kelurahans: {
                        data: wardsOf(home.id).map((row) => ({ id: row.id, attributes: { kode: row.kode } })),
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      meta: {},
    });
    const published = await get(
      "/api/registers",
      { fields: ["publishedAt"], filters: { publishedAt: { $notNull: true } }, sort: "publishedAt:desc" },
      { authorization: `Bearer ${token}` },
    );
    expect(published.status).toBe(200);
    expect(published.body.data.map((entry: { id: number }) => entry.id)).toContain(register.id);
  });

  test("2. CORS: preflight 204 for an allowed origin, Vary: Origin, no credentials; others get no grant", async () => {
    const preflight = await t.app.request("/api/kecamatans", {
      method: "OPTIONS",
      headers: {
        origin: OTHER_ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(OTHER_ORIGIN);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET,HEAD,POST,PUT,DELETE");
    expect(preflight.headers.get("access-control-allow-headers")).toBe(
      "Authorization,Content-Type,Accept,Idempotency-Key",
    );
    expect(preflight.headers.get("vary")).toContain("Origin");
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();

    const list = await get("/api/kecamatans", { pagination: { pageSize: 1 } }, { origin: OTHER_ORIGIN });
    expect(list.headers.get("access-control-allow-origin")).toBe(OTHER_ORIGIN);
    expect(list.headers.get("access-control-expose-headers")).toBe("Retry-After");
    expect(list.headers.get("vary")).toContain("Origin");

    const stranger = await t.app.request("/api/kecamatans", {
      method: "OPTIONS",
      headers: { origin: "http://jahat.contoh.id", "access-control-request-method": "GET" },
    });
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    // The app's own origin needs no CORS; it is not granted unless listed.
    const own = await get("/api/kecamatans", { pagination: { pageSize: 1 } }, { origin: TEST_ORIGIN });
    expect(own.headers.get("access-control-allow-origin")).toBeNull();
    // A call from no page at all (a server, curl): its answer, with no grant, still varies by origin
    // for caches between.
    const server = await get("/api/kecamatans", { pagination: { pageSize: 1 } });
    expect([server.status, server.headers.get("access-control-allow-origin")]).toEqual([200, null]);
    expect(server.headers.get("vary")).toContain("Origin");
  });

  test("3. several values of $eq, or of a bare field, match any of them", async () => {
    const { district } = await rows();
    const expected = {
      data: [1, 2].map((id) => ({ id, attributes: kecamatanAttributes(district(id), ["kode"]) })),
      meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 } },
    };
    const codes = [district(1).kode, district(2).kode];
    expect((await get("/api/kecamatans", { fields: ["kode"], filters: { kode: { $eq: codes } } })).body).toEqual(
      expected,
    );
    expect((await get("/api/kecamatans", { fields: ["kode"], filters: { kode: codes } })).body).toEqual(expected);
  });

  test("4. populate filters, sort and count", async () => {
    const { wardsOf } = await rows();
    const wards = wardsOf(1);
    const last = wards[wards.length - 1];
    if (!last) throw new Error("no ward");
    const filtered = await get("/api/kecamatans/1", {
      fields: ["kode"],
      populate: { kelurahans: { fields: ["kode"], filters: { kode: { $eq: last.kode } } } },
    });
    expect(filtered.body.data.attributes.kelurahans).toEqual({
      data: [{ id: last.id, attributes: { kode: last.kode } }],
    });
    const sorted = await get("/api/kecamatans/1", {
      fields: ["kode"],
      populate: { kelurahans: { fields: ["kode"], sort: ["kode:desc"] } },
    });
    expect(sorted.body.data.attributes.kelurahans.data).toEqual(
      [...wards]
        .sort((a, b) => (a.kode < b.kode ? 1 : -1))
        .map((row) => ({ id: row.id, attributes: { kode: row.kode } })),
    );
    const counted = await get("/api/kecamatans", {
      fields: ["kode"],
      pagination: { pageSize: 2 },
      populate: { kelurahans: { count: true } },
    });
    expect(counted.body.data.map((entry: { attributes: Attributes }) => entry.attributes.kelurahans)).toEqual([
      { data: { attributes: { count: wardsOf(1).length } } },
      { data: { attributes: { count: wardsOf(2).length } } },
    ]);
  });

  test("5. names in populate that are not relations are skipped", async () => {
    const { district, wardsOf } = await rows();
    const expected = {
      data: {
        id: 1,
        attributes: {
          ...kecamatanAttributes(district(1), ["kode"]),
          kelurahans: { data: wardsOf(1).map((row) => ({ id: row.id, attributes: desaAttributes(row) })) },
        },
      },
      meta: {},
    };
    expect((await get("/api/kecamatans/1", { fields: ["kode"], populate: "kelurahans,unknown" })).body).toEqual(
      expected,
    );
    expect(
      (await get("/api/kecamatans/1", { fields: ["kode"], populate: ["kelurahans", "unknown_rel"] })).body,
    ).toEqual(expected);
    expect((await get("/api/kecamatans/1", { fields: ["kode"], populate: "unknown_rel" })).body).toEqual({
      data: { id: 1, attributes: { kode: district(1).kode } },
      meta: {},
    });
  });

  test("6. /auth/local accepts the username or the e-mail as identifier", async () => {
    const password = "Rahasia-Sekali-123";
    const user = await createUser(t.db, { passwordHash: await Bun.password.hash(password) });
    for (const identifier of [user.username, user.email, user.email.toUpperCase()]) {
      const response = await t.app.request("/api/auth/local", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ identifier, password }),
      });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.user).toMatchObject({ id: user.id, username: user.username, email: user.email });
      expect(typeof body.jwt).toBe("string");
    }
    const wrong = await t.app.request("/api/auth/local", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifier: user.username, password: "salah-sekali-123" }),
    });
    expect(await wrong.json()).toEqual(errorBody(400, "ValidationError", "Invalid identifier or password"));
  });

  test("7. dates: an impossible date is a 400, an ISO timestamp is read as its WIB date", async () => {
    const token = await adminToken();
    const auth = { authorization: `Bearer ${token}` };
    const dated = (date: string) =>
      createFamilyRegister(t.db, { change: (form) => ({ ...form, tanggalPendataan: date }) });
    const september = await dated("2026-09-30");
    const october = await dated("2026-10-01");
    const bad = await get("/api/registers", { filters: { tanggal_pendataan: { $lt: "2025-13-45" } } }, auth);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(errorBody(400, "ValidationError", "Invalid format, expected yyyy-MM-dd"));
    const byDate = await get("/api/registers", { filters: { tanggal_pendataan: { $gte: "2026-10-01" } } }, auth);
    // 2026-09-30T17:00:00.000Z is midnight of 1 October in WIB, what a browser in Bekasi sends.
    const byTimestamp = await get(
      "/api/registers",
      { filters: { tanggal_pendataan: { $gte: "2026-09-30T17:00:00.000Z" } } },
      auth,
    );
    expect(byTimestamp.status).toBe(200);
    // Families made by earlier tests in this file carry today's date; only these two are compared.
    const ids: number[] = byDate.body.data.map((entry: { id: number }) => entry.id);
    expect(ids).toContain(october.id);
    expect(ids).not.toContain(september.id);
    expect(byTimestamp.body).toEqual(byDate.body);
  });

  test("8. publishedAt, relation shorthands, relation sort and dotted populate", async () => {
    const { district, wards, wardsOf } = await rows();
    const published = await get("/api/kecamatans", {
      fields: ["publishedAt"],
      filters: { publishedAt: { $notNull: true } },
      sort: "publishedAt:desc",
      pagination: { pageSize: 1 },
    });
    expect(published.status).toBe(200);
    expect(published.body.meta.pagination.total).toBe(12);
    const third = {
      data: wardsOf(3).map((row) => ({ id: row.id, attributes: desaAttributes(row, ["kode"]) })),
      meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: wardsOf(3).length } },
    };
    expect((await get("/api/desa-kelurahans", { fields: ["kode"], filters: { kecamatan: 3 } })).body).toEqual(third);
    expect((await get("/api/desa-kelurahans", { fields: ["kode"], filters: { kecamatan: { $eq: 3 } } })).body).toEqual(
      third,
    );
    const byName = [...wards].sort((a, b) => {
      const left = district(a.kecamatanId).nama;
      const right = district(b.kecamatanId).nama;
      return left === right ? a.id - b.id : left < right ? 1 : -1;
    });
    const expectedOrder = byName.slice(0, 25).map((row) => row.id);
    const ids = (body: { data: { id: number }[] }) => body.data.map((entry) => entry.id);
    expect(
      ids((await get("/api/desa-kelurahans", { fields: ["kode"], sort: "kecamatan.nama_kecamatan:desc" })).body),
    ).toEqual(expectedOrder);
    expect(
      ids(
        (await get("/api/desa-kelurahans", { fields: ["kode"], sort: [{ kecamatan: { nama_kecamatan: "desc" } }] }))
          .body,
      ),
    ).toEqual(expectedOrder);
    const dotted = await get("/api/kecamatans/2", { fields: ["kode"], populate: "kelurahans.kecamatan" });
    expect(dotted.body.data.attributes.kelurahans.data[0].attributes.kecamatan).toEqual({
      data: { id: 2, attributes: kecamatanAttributes(district(2)) },
    });
  });

  test("9. trailing slash, $notNull=yes, PATCH 405, fields/populate on writes, form bodies, /_health, charset, populate=*", async () => {
    const { district, wards } = await rows();
    const slash = await get("/api/kecamatans/", { fields: ["kode"], pagination: { pageSize: 1 } });
    expect(slash.status).toBe(200);
    expect(slash.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const yes = await get("/api/kecamatans", { fields: ["kode"], filters: { kode: { $notNull: "yes" } } });
    expect(yes.body.meta.pagination.total).toBe(12);
    const patch = await t.app.request("/api/kecamatans/1", { method: "PATCH" });
    expect(patch.status).toBe(405);
    expect(patch.headers.get("allow")).toBe("HEAD, GET, PUT, DELETE");
    const health = await t.app.request("/_health");
    expect(health.status).toBe(204);

    const token = await adminToken();
    const shape = query({ fields: ["kode"], populate: { kecamatan: { fields: ["kode"] } } });
    const created = await t.app.request(`/api/desa-kelurahans?${shape}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: query({
        data: { nama_desa_kelurahan: "Kontrak Jaya", kode: "32.75.01.1990", jenis: "kelurahan", kecamatan: 1 },
      }),
    });
    const createdBody = await created.json();
    expect(createdBody).toEqual({
      data: {
        id: createdBody.data.id,
        attributes: { kode: "32.75.01.1990", kecamatan: { data: { id: 1, attributes: { kode: district(1).kode } } } },
      },
      meta: {},
    });
    const id: number = createdBody.data.id;
    const updated = await t.app.request(`/api/desa-kelurahans/${id}?${shape}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ data: { kode_pos: "17113" } }),
    });
    expect((await updated.json()).data.attributes).toEqual({
      kode: "32.75.01.1990",
      kecamatan: { data: { id: 1, attributes: { kode: district(1).kode } } },
    });
    const removed = await t.app.request(`/api/desa-kelurahans/${id}?${query({ fields: ["kode_pos"] })}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await removed.json()).toEqual({ data: { id, attributes: { kode_pos: "17113" } }, meta: {} });

    const ward = wards[0];
    if (!ward) throw new Error("no ward");
    const star = await get(`/api/desa-kelurahans/${ward.id}`, { fields: ["kode"], populate: "*" });
    expect(star.body.data.attributes).toEqual({
      kode: ward.kode,
      kecamatan: { data: { id: ward.kecamatanId, attributes: kecamatanAttributes(district(ward.kecamatanId)) } },
    });
  });

  test("9. register writes answer with the request's fields and populate", async () => {
    const token = await adminToken();
    const form = await familyForm(t.db);
    const { wards } = await rows();
    const ward = wards.find((row) => row.id === form.address.desaKelurahanId);
    if (!ward) throw new Error("no ward");
    const shape = query({ fields: ["status"], populate: { desa_kelurahan: { fields: ["kode"] } } });
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const created = await t.app.request(`/api/registers?${shape}`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        data: {
          nama_kepala_keluarga: form.namaKepalaKeluarga,
          nik_kepala_keluarga: form.nikKepalaKeluarga,
          nomor_hp: form.nomorHp,
          alamat_email: form.alamatEmail,
          tanggal_pendataan: form.tanggalPendataan,
          data_register: form,
        },
      }),
    });
    const body = await created.json();
    const expected = (status: string) => ({
      data: {
        id: body.data.id,
        attributes: { status, desa_kelurahan: { data: { id: ward.id, attributes: { kode: ward.kode } } } },
      },
      meta: {},
    });
    expect(body).toEqual(expected("SUBMITTED"));
    const rejected = await t.app.request(`/api/registers/${body.data.id}?${shape}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ data: { status: "REJECTED", reason: "Uji kontrak" } }),
    });
    expect(await rejected.json()).toEqual(expected("REJECTED"));
    const removed = await t.app.request(`/api/registers/${body.data.id}?${shape}`, { method: "DELETE", headers });
    expect(await removed.json()).toEqual(expected("REJECTED"));
  });

  test("11. nomor_kk: qs filters and fields find the family by its Nomor KK, with the exact envelope", async () => {
    const token = await adminToken();
    const nomorKk = "3275017788990011";
    const register = await createFamilyRegister(t.db, { change: (form) => ({ ...form, nomorKk }) });
    const answer = await get(
      "/api/registers",
      { filters: { nomor_kk: { $eq: nomorKk } }, fields: ["nomor_kk", "registration_number"] },
      { authorization: `Bearer ${token}` },
    );
    expect(answer.body).toEqual({
      data: [
        {
          id: register.id,
          attributes: { nomor_kk: nomorKk, registration_number: expect.stringMatching(/^REG-/) },
        },
      ],
      meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
    });
  });

  test("10. inherited names are refused with 400, never dropped or crashing", async () => {
    for (const [params, name] of [
      [{ populate: "constructor" }, "constructor"],
      [{ populate: { toString: true } }, "toString"],
      [{ fields: ["constructor"] }, "constructor"],
      [{ sort: "hasOwnProperty:asc" }, "hasOwnProperty"],
      [{ filters: { constructor: { $eq: "x" } } }, "constructor"],
    ] as const) {
      const response = await get("/api/kecamatans", params);
      expect(response.body).toEqual(errorBody(400, "ValidationError", `Invalid parameter ${name}`));
    }
    // qs.stringify drops `__proto__` itself, so this one is written by hand as a client would send it.
    const proto = await t.app.request(`/api/kecamatans?${encodeURI("filters[__proto__][kode][$eq]=x")}`);
    expect(await proto.json()).toEqual(errorBody(400, "ValidationError", "Invalid parameter __proto__"));
  });
});

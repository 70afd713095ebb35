import { describe, expect, test } from "bun:test";
import { eq, ne, sql } from "drizzle-orm";
import { desaKelurahan, kecamatan } from "../db/schema/regions.ts";
import { createFamilyRegister, ward } from "../../test/factories.ts";
import { heldOpen, lockWaiters } from "../../test/held-locks.ts";
import { createUser, sessionCookieFor, TEST_ORIGIN, useTestApp } from "../../test/helpers.ts";

describe("REST writes for /api/kecamatans and /api/desa-kelurahans", () => {
  const t = useTestApp();
  const adminCookie = async () => sessionCookieFor(t.db, (await createUser(t.db, { role: "admin" })).id);
  const send = async (method: string, path: string, body?: unknown, cookie?: string) => {
    const headers: Record<string, string> = { "content-type": "application/json", origin: TEST_ORIGIN };
    if (cookie) headers.cookie = cookie;
    const response = await t.app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const districtId = async (kode: string) =>
    (await t.db.select().from(kecamatan).where(eq(kecamatan.kode, kode)))[0]?.id ?? 0;

  test("POST answers 200 with the created entry, PUT changes only what it is given, DELETE answers the removed entry", async () => {
    const cookie = await adminCookie();
    const kecamatanId = await districtId("32.75.02");
    const created = await send(
      "POST",
      "/api/desa-kelurahans",
      {
        data: {
          nama_desa_kelurahan: "Rest Jaya",
          kode: "32.75.02.1901",
          jenis: "kelurahan",
          kode_pos: "17112",
          luas_wilayah: 3.25,
          jumlah_penduduk: 4321,
          kecamatan: kecamatanId,
        },
      },
      cookie,
    );
    expect(created.status).toBe(200);
    expect(created.body.meta).toEqual({});
    expect(created.body.data.attributes).toMatchObject({
      nama_desa_kelurahan: "Rest Jaya",
      nama: "Rest Jaya",
      kode: "32.75.02.1901",
      jenis: "kelurahan",
      kode_pos: "17112",
      luas_wilayah: 3.25,
      jumlah_penduduk: 4321,
    });
    const id: number = created.body.data.id;
    const withDistrict = await send("GET", `/api/desa-kelurahans/${id}?populate=kecamatan`);
    expect(withDistrict.body.data.attributes.kecamatan.data.id).toBe(kecamatanId);

    const updated = await send(
      "PUT",
      `/api/desa-kelurahans/${id}`,
      { data: { nama_desa_kelurahan: "Rest Makmur", kecamatan: { id: kecamatanId } } },
      cookie,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data.attributes).toMatchObject({
      nama: "Rest Makmur",
      kode: "32.75.02.1901",
      jumlah_penduduk: 4321,
      kode_pos: "17112",
    });

    const removed = await send("DELETE", `/api/desa-kelurahans/${id}`, undefined, cookie);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ id, attributes: { nama: "Rest Makmur" } });
    expect((await send("GET", `/api/desa-kelurahans/${id}`)).status).toBe(404);
  });

  test("kecamatan writes with nama_kecamatan; a district with wards is not deleted", async () => {
    const cookie = await adminCookie();
    const created = await send(
      "POST",
      "/api/kecamatans",
      { data: { nama_kecamatan: "Rest Timur", kode: "32.75.81" } },
      cookie,
    );
    expect(created.status).toBe(200);
    expect(created.body.data.attributes).toMatchObject({ nama_kecamatan: "Rest Timur", kode: "32.75.81" });
    const renamed = await send(
      "PUT",
      `/api/kecamatans/${created.body.data.id}`,
      { data: { nama: "Rest Barat" } },
      cookie,
    );
    expect(renamed.body.data.attributes).toMatchObject({ nama_kecamatan: "Rest Barat", kode: "32.75.81" });
    expect((await send("DELETE", `/api/kecamatans/${created.body.data.id}`, undefined, cookie)).status).toBe(200);

    const refused = await send("DELETE", `/api/kecamatans/${await districtId("32.75.04")}`, undefined, cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/tidak dapat dihapus karena masih memiliki \d+ desa\/kelurahan/);
    expect(await districtId("32.75.04")).toBeGreaterThan(0);
  });

  test("a ward with families is not deleted over REST either", async () => {
    const cookie = await adminCookie();
    await createFamilyRegister(t.db, { wardIndex: 3 });
    const target = await ward(t.db, 3);
    const refused = await send("DELETE", `/api/desa-kelurahans/${target.id}`, undefined, cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(`${target.nama} tidak dapat dihapus karena masih memiliki 1 data keluarga`);
  });

  test("validation errors name the REST attribute; 404 for a missing id; 400 for a bad id or a missing data payload", async () => {
    const cookie = await adminCookie();
    const kecamatanId = await districtId("32.75.02");
    const invalid = await send(
      "POST",
      "/api/desa-kelurahans",
      { data: { nama: "X", kode: "32.75.02.1902", jenis: "kelurahan", kode_pos: "12", kecamatan: kecamatanId } },
      cookie,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.name).toBe("ValidationError");
    expect(invalid.body.error.details.errors).toEqual([
      { path: ["kode_pos"], message: "Kode pos harus 5 digit angka", name: "ValidationError" },
    ]);
    const onlySpecBody = await send(
      "POST",
      "/api/desa-kelurahans",
      { data: { nama_desa_kelurahan: "X", kecamatan: kecamatanId } },
      cookie,
    );
    expect(onlySpecBody.body.error.details.errors.map((item: { path: string[] }) => item.path[0])).toEqual([
      "kode",
      "jenis",
    ]);

    expect(
      (await send("PUT", "/api/desa-kelurahans/999999", { data: { nama: "X" } }, cookie)).body.error,
    ).toMatchObject({ status: 404, name: "NotFoundError", message: "Not Found" });
    expect((await send("DELETE", "/api/kecamatans/999999", undefined, cookie)).status).toBe(404);
    expect((await send("PUT", "/api/desa-kelurahans/abc", { data: { nama: "X" } }, cookie)).status).toBe(400);
    expect((await send("DELETE", "/api/desa-kelurahans/abc", undefined, cookie)).status).toBe(400);
    for (const body of [{ nama: "X" }, { data: null }, { data: [1] }]) {
      const missing = await send("POST", "/api/desa-kelurahans", body, cookie);
      expect(missing.status).toBe(400);
      expect(missing.body.error.message).toBe('Missing "data" payload in the request body');
    }
    const existing = await ward(t.db, 2);
    expect((await send("PUT", `/api/desa-kelurahans/${existing.id}`, { nama: "X" }, cookie)).body.error.message).toBe(
      'Missing "data" payload in the request body',
    );
  });

  test("PUT refuses to move a ward that holds families to another kecamatan, as the admin screen does", async () => {
    const cookie = await adminCookie();
    const withFamily = await ward(t.db, 4);
    await createFamilyRegister(t.db, { wardIndex: 4 });
    const [other] = await t.db.select().from(kecamatan).where(ne(kecamatan.id, withFamily.kecamatanId)).limit(1);
    if (!other) throw new Error("no other district");
    const moved = await send(
      "PUT",
      `/api/desa-kelurahans/${withFamily.id}`,
      { data: { kecamatan: other.id, kode: `${other.kode}.1940` } },
      cookie,
    );
    expect(moved.status).toBe(400);
    expect(moved.body.error.message).toBe(
      `Kecamatan tidak dapat diubah karena ${withFamily.nama} masih memiliki 1 data keluarga`,
    );
    const [after] = await t.db.select().from(desaKelurahan).where(eq(desaKelurahan.id, withFamily.id));
    expect(after).toMatchObject({ kecamatanId: withFamily.kecamatanId, kode: withFamily.kode });
  });

  test("two partial PUTs at once keep both changes: each lays its fields over the row as the other left it (PostgreSQL)", async () => {
    if (t.handle.kind !== "postgres") return;
    const cookie = await adminCookie();
    const target = await ward(t.db, 9);
    const district = await send(
      "POST",
      "/api/kecamatans",
      { data: { nama: "Rest Serentak", kode: "32.75.83" } },
      cookie,
    );
    const districtPath = `/api/kecamatans/${district.body.data.id}`;
    // Both PUTs read the stored rows while writes to the region tables wait, then write one after the other.
    const writes = await heldOpen(t, (tx) => tx.execute(sql`lock table desa_kelurahan, kecamatan in exclusive mode`));
    const puts = [
      send("PUT", `/api/desa-kelurahans/${target.id}`, { data: { jumlah_penduduk: 12345 } }, cookie),
      send("PUT", `/api/desa-kelurahans/${target.id}`, { data: { kode_pos: "17199" } }, cookie),
      send("PUT", districtPath, { data: { nama_kecamatan: "Rest Serentak Raya" } }, cookie),
      send("PUT", districtPath, { data: { kode: "32.75.84" } }, cookie),
    ];
    await lockWaiters(t, 4);
    await writes.release();
    expect((await Promise.all(puts)).map((put) => put.status)).toEqual([200, 200, 200, 200]);
    const [stored] = await t.db.select().from(desaKelurahan).where(eq(desaKelurahan.id, target.id));
    expect(stored).toMatchObject({ jumlahPenduduk: 12345, kodePos: "17199", version: target.version + 2 });
    const [storedDistrict] = await t.db.select().from(kecamatan).where(eq(kecamatan.id, district.body.data.id));
    expect(storedDistrict).toMatchObject({ nama: "Rest Serentak Raya", kode: "32.75.84" });
  });

  test("anonymous callers and cadres are refused every write with 403 and nothing changes", async () => {
    const kader = await sessionCookieFor(t.db, (await createUser(t.db, { role: "kader" })).id);
    const target = await ward(t.db, 8);
    const kecamatanId = await districtId("32.75.05");
    for (const cookie of [undefined, kader]) {
      const attempts = [
        await send(
          "POST",
          "/api/desa-kelurahans",
          { data: { nama: "X", kode: "32.75.05.1909", jenis: "kelurahan", kecamatan: kecamatanId } },
          cookie,
        ),
        await send("PUT", `/api/desa-kelurahans/${target.id}`, { data: { nama: "Diganti" } }, cookie),
        await send("DELETE", `/api/desa-kelurahans/${target.id}`, undefined, cookie),
        await send("POST", "/api/kecamatans", { data: { nama: "X", kode: "32.75.82" } }, cookie),
        await send("PUT", `/api/kecamatans/${kecamatanId}`, { data: { nama: "Diganti" } }, cookie),
        await send("DELETE", `/api/kecamatans/${kecamatanId}`, undefined, cookie),
        await send("PUT", "/api/kecamatans/999999", { data: { nama: "Diganti" } }, cookie),
        // Refused before the body is read, as Strapi's route policies run first: a missing or bad
        // payload tells such a caller nothing either.
        await send("POST", "/api/kecamatans", {}, cookie),
        await send("PUT", `/api/kecamatans/${kecamatanId}`, {}, cookie),
        await send("POST", "/api/desa-kelurahans", { nama: "X" }, cookie),
        await send("PUT", "/api/desa-kelurahans/abc", "{tidak json", cookie),
      ];
      for (const attempt of attempts)
        expect(attempt.body.error).toMatchObject({ status: 403, name: "ForbiddenError", message: "Forbidden" });
    }
    const [after] = await t.db.select().from(desaKelurahan).where(eq(desaKelurahan.id, target.id));
    expect(after?.nama).toBe(target.nama);
    expect(await t.db.select().from(desaKelurahan).where(eq(desaKelurahan.kode, "32.75.05.1909"))).toEqual([]);
    expect(await t.db.select().from(kecamatan).where(eq(kecamatan.kode, "32.75.82"))).toEqual([]);
  });
});

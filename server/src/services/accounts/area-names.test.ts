import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { createUser, loginOverTrpc, sessionCookieFor, useTestApp } from "../../../test/helpers.ts";
import { hashPassword } from "./passwords.ts";

describe("the session names the user's area (the signed-in header's last line)", () => {
  const t = useTestApp();

  async function firstWard() {
    const [ward] = await t.db
      .select({
        id: desaKelurahan.id,
        nama: desaKelurahan.nama,
        jenis: desaKelurahan.jenis,
        kecamatanId: kecamatan.id,
        kecamatanNama: kecamatan.nama,
      })
      .from(desaKelurahan)
      .innerJoin(kecamatan, eq(kecamatan.id, desaKelurahan.kecamatanId))
      .orderBy(desaKelurahan.id)
      .limit(1);
    if (!ward) throw new Error("no seeded ward");
    return ward;
  }

  async function me(cookie: string) {
    const response = await t.app.request("/trpc/auth.me", { headers: { cookie } });
    return (await response.json()).result.data;
  }

  test("a cadre's kecamatan and ward by name, as they are now", async () => {
    const ward = await firstWard();
    const cadre = await createUser(t.db, {
      level: "rt",
      kecamatanId: ward.kecamatanId,
      desaKelurahanId: ward.id,
      rw: "005",
      rt: "001",
    });
    const cookie = await sessionCookieFor(t.db, cadre.id);
    expect(await me(cookie)).toMatchObject({
      id: cadre.id,
      kecamatanNama: ward.kecamatanNama,
      desaKelurahanNama: ward.nama,
      desaKelurahanJenis: ward.jenis,
    });
    // A ward renamed by the admin is named anew at the next page load.
    await t.db.update(desaKelurahan).set({ nama: "Sukamaju Baru" }).where(eq(desaKelurahan.id, ward.id));
    expect((await me(cookie)).desaKelurahanNama).toBe("Sukamaju Baru");
  });

  test("an official of a kecamatan and a city-wide admin: only what they have", async () => {
    const ward = await firstWard();
    const official = await createUser(t.db, { role: "aparat", level: "kecamatan", kecamatanId: ward.kecamatanId });
    expect(await me(await sessionCookieFor(t.db, official.id))).toMatchObject({
      kecamatanNama: ward.kecamatanNama,
      desaKelurahanNama: null,
      desaKelurahanJenis: null,
    });
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    expect(await me(await sessionCookieFor(t.db, admin.id))).toMatchObject({
      kecamatanNama: null,
      desaKelurahanNama: null,
    });
  });

  test("the login's answer names them too (the browser keeps it as the session)", async () => {
    const ward = await firstWard();
    await createUser(t.db, {
      email: "rina@contoh.id",
      passwordHash: await hashPassword("Rahasia123"),
      level: "kelurahan",
      kecamatanId: ward.kecamatanId,
      desaKelurahanId: ward.id,
    });
    const response = await loginOverTrpc(t, { email: "rina@contoh.id", password: "Rahasia123" });
    expect(response.status).toBe(200);
    expect((await response.json()).result.data.user).toMatchObject({
      kecamatanNama: ward.kecamatanNama,
      desaKelurahanNama: ward.nama,
      desaKelurahanJenis: ward.jenis,
    });
  });
});

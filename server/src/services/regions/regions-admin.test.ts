import { describe, expect, test } from "bun:test";
import { eq, ne } from "drizzle-orm";
import { TRPCError } from "@trpc/server";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { registers } from "../../db/schema/registers.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { callerFor, createUser, useTestApp } from "../../../test/helpers.ts";

async function refusal(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; fields: Record<string, string> }> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const fields: Record<string, string> = {};
    const cause = error.cause;
    if (cause && "issues" in cause && Array.isArray(cause.issues)) {
      for (const issue of cause.issues) fields[issue.path.join(".")] ??= issue.message;
    }
    if (
      cause &&
      "options" in cause &&
      typeof cause.options === "object" &&
      cause.options &&
      "fieldErrors" in cause.options &&
      Array.isArray(cause.options.fieldErrors)
    ) {
      for (const item of cause.options.fieldErrors) fields[item.path.join(".")] ??= item.message;
    }
    return { code: error.code, message: error.message, fields };
  }
  throw new Error("expected a refusal");
}

describe("admin village/ward management (tRPC + services)", () => {
  const t = useTestApp();
  const admin = async () => callerFor(t, await createUser(t.db, { role: "admin" }));
  const district = async (kode = "32.75.01") => {
    const [row] = await t.db.select().from(kecamatan).where(eq(kecamatan.kode, kode));
    if (!row) throw new Error("no district");
    return row;
  };
  const getWard = async (id: number) => {
    const [row] = await t.db.select().from(desaKelurahan).where(eq(desaKelurahan.id, id));
    if (!row) throw new Error("no ward");
    return row;
  };
  const form = async (change: Record<string, unknown> = {}) => ({
    nama: "Sukamaju Baru",
    kode: "32.75.01.1901",
    jenis: "kelurahan" as const,
    kodePos: "17111",
    luasWilayah: 2.35,
    jumlahPenduduk: 12345,
    kecamatanId: (await district()).id,
    ...change,
  });

  test("creates, lists with filters and paging, updates and deletes a ward with every field", async () => {
    const caller = await admin();
    const created = await caller.regions.createDesaKelurahan(await form());
    expect(created).toMatchObject({
      nama: "Sukamaju Baru",
      kode: "32.75.01.1901",
      jenis: "kelurahan",
      kodePos: "17111",
      luasWilayah: 2.35,
      jumlahPenduduk: 12345,
      kecamatanNama: "Bekasi Timur",
    });

    const found = await caller.regions.desaKelurahanPage({
      search: "sukamaju",
      jenis: "kelurahan",
      kecamatanId: created.kecamatanId,
    });
    expect(found.rows.map((row) => row.id)).toEqual([created.id]);
    expect(found.total).toBe(1);
    expect((await caller.regions.desaKelurahanPage({ search: "sukamaju", jenis: "desa" })).total).toBe(0);
    const paged = await caller.regions.desaKelurahanPage({ page: 2, pageSize: 10 });
    expect(paged).toMatchObject({ page: 2, pageSize: 10, total: 57, pageCount: 6 });
    expect(paged.rows).toHaveLength(10);

    const updated = await caller.regions.updateDesaKelurahan({
      id: created.id,
      version: created.version,
      data: await form({ nama: "Sukamaju Lama", jumlahPenduduk: 500, luasWilayah: "1,5", kodePos: "" }),
    });
    expect(updated).toMatchObject({ nama: "Sukamaju Lama", jumlahPenduduk: 500, luasWilayah: 1.5, kodePos: null });

    await caller.regions.deleteDesaKelurahan({ id: created.id });
    expect(await t.db.select().from(desaKelurahan).where(eq(desaKelurahan.id, created.id))).toEqual([]);
  });

  test("each rule refuses with its message on the field", async () => {
    const caller = await admin();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ nama: "  " }, "nama", "Nama wajib diisi"],
      [{ kode: "" }, "kode", "Kode wajib diisi"],
      [{ kode: "3275011901" }, "kode", "Kode harus berformat kode resmi, contoh 32.75.01.1001"],
      [
        { kode: "32.75.01.2901" },
        "kode",
        "Kode kelurahan harus diawali angka 1 setelah kode kecamatan, contoh 32.75.01.1001",
      ],
      [{ jenis: "desa" }, "kode", "Kode desa harus diawali angka 2 setelah kode kecamatan, contoh 32.75.01.2001"],
      [{ jenis: "kota" }, "jenis", "Pilih jenis desa atau kelurahan"],
      [{ kodePos: "1711" }, "kodePos", "Kode pos harus 5 digit angka"],
      [{ kodePos: "17a11" }, "kodePos", "Kode pos harus 5 digit angka"],
      [{ luasWilayah: -1 }, "luasWilayah", "Luas wilayah tidak boleh negatif"],
      [{ luasWilayah: 1.234 }, "luasWilayah", "Luas wilayah maksimal 2 angka desimal"],
      [{ luasWilayah: "abc" }, "luasWilayah", "Luas wilayah harus berupa angka"],
      [{ jumlahPenduduk: -5 }, "jumlahPenduduk", "Jumlah penduduk tidak boleh negatif"],
      [{ jumlahPenduduk: 10.5 }, "jumlahPenduduk", "Jumlah penduduk harus bilangan bulat"],
      [{ kecamatanId: "" }, "kecamatanId", "Pilih kecamatan"],
    ];
    for (const [change, field, message] of cases) {
      const result = await refusal(caller.regions.createDesaKelurahan(await form(change)));
      expect({ change, code: result.code, message: result.fields[field] }).toEqual({
        change,
        code: "BAD_REQUEST",
        message,
      });
    }
  });

  test("kode must be unique and inside its district's code; a missing district is refused", async () => {
    const caller = await admin();
    const outside = await refusal(caller.regions.createDesaKelurahan(await form({ kode: "32.75.02.1901" })));
    expect(outside.fields.kode).toBe("Kode harus berada di dalam kode kecamatan 32.75.01, contoh 32.75.01.1001");
    const taken = await refusal(caller.regions.createDesaKelurahan(await form({ kode: "32.75.01.1001" })));
    expect(taken.fields.kode).toBe("Kode 32.75.01.1001 sudah digunakan");
    const first = await ward(t.db, 0);
    const second = await ward(t.db, 1);
    const renamed = await refusal(
      caller.regions.updateDesaKelurahan({
        id: second.id,
        version: second.version,
        data: await form({ kode: first.kode, nama: second.nama }),
      }),
    );
    expect(renamed.fields.kode).toBe(`Kode ${first.kode} sudah digunakan`);
    const noDistrict = await refusal(caller.regions.createDesaKelurahan(await form({ kecamatanId: 999999 })));
    expect(noDistrict.fields.kecamatanId).toBe("Kecamatan tidak ditemukan");
    const missing = await refusal(caller.regions.updateDesaKelurahan({ id: 999999, version: 1, data: await form() }));
    expect(missing.code).toBe("NOT_FOUND");
  });

  test("a ward with families or with cadres is not deleted, and says why", async () => {
    const caller = await admin();
    const withFamily = await ward(t.db, 5);
    await createFamilyRegister(t.db, { wardIndex: 5 });
    const families = await refusal(caller.regions.deleteDesaKelurahan({ id: withFamily.id }));
    expect(families).toMatchObject({
      code: "CONFLICT",
      message: `${withFamily.nama} tidak dapat dihapus karena masih memiliki 1 data keluarga`,
    });

    const withCadre = await ward(t.db, 6);
    await createUser(t.db, { role: "kader", kecamatanId: withCadre.kecamatanId, desaKelurahanId: withCadre.id });
    const cadres = await refusal(caller.regions.deleteDesaKelurahan({ id: withCadre.id }));
    expect(cadres.message).toBe(`${withCadre.nama} tidak dapat dihapus karena masih memiliki 1 kader/pengguna`);
    const left = await t.db.select().from(desaKelurahan).where(eq(desaKelurahan.id, withCadre.id));
    expect(left).toHaveLength(1);
  });

  test("a ward with families or cadres keeps its kecamatan and says why; an empty ward moves", async () => {
    const caller = await admin();
    // Into another district; the ward's new code must sit inside that district's code.
    const movedTo = async (
      row: { id: number; nama: string; jenis: string; kecamatanId: number; version: number },
      serial: number,
    ) => {
      const [other] = await t.db.select().from(kecamatan).where(ne(kecamatan.id, row.kecamatanId)).limit(1);
      if (!other) throw new Error("no other district");
      return caller.regions.updateDesaKelurahan({
        id: row.id,
        version: row.version,
        data: await form({
          nama: row.nama,
          jenis: row.jenis,
          kode: `${other.kode}.${row.jenis === "desa" ? 2 : 1}9${serial}0`,
          kecamatanId: other.id,
        }),
      });
    };

    const withFamily = await ward(t.db, 7);
    const family = await createFamilyRegister(t.db, { wardIndex: 7 });
    const families = await refusal(movedTo(withFamily, 7));
    expect(families.code).toBe("BAD_REQUEST");
    expect(families.fields.kecamatanId).toBe(
      `Kecamatan tidak dapat diubah karena ${withFamily.nama} masih memiliki 1 data keluarga`,
    );
    // Nothing moved: neither the ward nor its family's kecamatan.
    const [kept] = await t.db.select().from(desaKelurahan).where(eq(desaKelurahan.id, withFamily.id));
    expect(kept?.kecamatanId).toBe(withFamily.kecamatanId);
    const [stored] = await t.db.select().from(registers).where(eq(registers.id, family.id));
    expect(stored?.kecamatanId).toBe(withFamily.kecamatanId);
    // Renaming it in its own district is still allowed.
    const renamed = await caller.regions.updateDesaKelurahan({
      id: withFamily.id,
      version: withFamily.version,
      data: await form({
        nama: `${withFamily.nama} Baru`,
        kode: withFamily.kode,
        jenis: withFamily.jenis,
        kecamatanId: withFamily.kecamatanId,
      }),
    });
    expect(renamed.nama).toBe(`${withFamily.nama} Baru`);

    const withCadre = await ward(t.db, 8);
    await createUser(t.db, { role: "kader", kecamatanId: withCadre.kecamatanId, desaKelurahanId: withCadre.id });
    expect((await refusal(movedTo(withCadre, 8))).fields.kecamatanId).toBe(
      `Kecamatan tidak dapat diubah karena ${withCadre.nama} masih memiliki 1 kader/pengguna`,
    );

    const empty = await ward(t.db, 9);
    const moved = await movedTo(empty, 9);
    expect(moved.kecamatanId).not.toBe(empty.kecamatanId);
  });

  test("districts: create, edit, refuse duplicates and bad codes, refuse deleting one with wards", async () => {
    const caller = await admin();
    const created = await caller.regions.createKecamatan({ nama: "Kecamatan Uji", kode: "32.75.91" });
    expect(created).toMatchObject({ nama: "Kecamatan Uji", kode: "32.75.91" });
    expect((await refusal(caller.regions.createKecamatan({ nama: "X", kode: "32.75.01" }))).fields.kode).toBe(
      "Kode 32.75.01 sudah digunakan",
    );
    expect((await refusal(caller.regions.createKecamatan({ nama: "X", kode: "32.75.1" }))).fields.kode).toBe(
      "Kode harus berformat kode resmi, contoh 32.75.01",
    );
    expect((await refusal(caller.regions.createKecamatan({ nama: "", kode: "32.75.92" }))).fields.nama).toBe(
      "Nama wajib diisi",
    );
    const renamed = await caller.regions.updateKecamatan({
      id: created.id,
      // A new district's first version.
      version: 1,
      data: { nama: "Kecamatan Uji Dua", kode: "32.75.92" },
    });
    expect(renamed).toMatchObject({ nama: "Kecamatan Uji Dua", kode: "32.75.92" });

    const withWards = await district("32.75.02");
    const refused = await refusal(caller.regions.deleteKecamatan({ id: withWards.id }));
    expect(refused.code).toBe("CONFLICT");
    expect(refused.message).toMatch(/^Kecamatan .+ tidak dapat dihapus karena masih memiliki \d+ desa\/kelurahan/);
    expect(
      (
        await refusal(
          caller.regions.updateKecamatan({
            id: withWards.id,
            version: withWards.version,
            data: { nama: withWards.nama, kode: "32.75.93" },
          }),
        )
      ).fields.kode,
    ).toBe("Kode kecamatan tidak dapat diubah selama masih memiliki desa/kelurahan");

    await caller.regions.deleteKecamatan({ id: created.id });
    expect(await t.db.select().from(kecamatan).where(eq(kecamatan.id, created.id))).toEqual([]);
  });

  test("an edit form opened before someone else's save is refused with 409 and overwrites nothing", async () => {
    const caller = await admin();
    const other = await admin();
    const stale =
      "Data ini sudah diubah oleh pengguna lain sejak Anda membukanya. Tutup formulir ini dan buka kembali untuk melihat data terbaru, lalu simpan ulang perubahan Anda.";
    const opened = (await caller.regions.desaKelurahanPage({ search: (await ward(t.db, 11)).kode })).rows[0];
    if (!opened) throw new Error("no ward");
    const fields = {
      nama: opened.nama,
      kode: opened.kode,
      jenis: opened.jenis,
      kodePos: "",
      luasWilayah: "",
      jumlahPenduduk: "",
      kecamatanId: opened.kecamatanId,
    };
    await other.regions.updateDesaKelurahan({
      id: opened.id,
      version: opened.version,
      data: { ...fields, jumlahPenduduk: 4000 },
    });
    const refused = await refusal(
      caller.regions.updateDesaKelurahan({
        id: opened.id,
        version: opened.version,
        data: { ...fields, kodePos: "17188" },
      }),
    );
    expect(refused).toMatchObject({ code: "CONFLICT", message: stale });
    const [kept] = await t.db.select().from(desaKelurahan).where(eq(desaKelurahan.id, opened.id));
    expect(kept).toMatchObject({ jumlahPenduduk: 4000, kodePos: null, version: opened.version + 1 });

    // The population import is a change too: a form opened before it does not restore the old figure.
    const reopened = await getWard(opened.id);
    await caller.regions.importPopulation({
      csv: `kode,kode_pos,luas_wilayah,jumlah_penduduk\n${opened.kode},,,5000`,
    });
    expect(
      (await refusal(caller.regions.updateDesaKelurahan({ id: opened.id, version: reopened.version, data: fields })))
        .code,
    ).toBe("CONFLICT");
    expect((await getWard(opened.id)).jumlahPenduduk).toBe(5000);

    const district = (await caller.regions.kecamatanSummary()).find((item) => item.kode === "32.75.12");
    if (!district) throw new Error("no district");
    await other.regions.updateKecamatan({
      id: district.id,
      version: district.version,
      data: { nama: `${district.nama} Baru`, kode: district.kode },
    });
    const staleDistrict = await refusal(
      caller.regions.updateKecamatan({
        id: district.id,
        version: district.version,
        data: { nama: `${district.nama} Lama`, kode: district.kode },
      }),
    );
    expect(staleDistrict).toMatchObject({ code: "CONFLICT", message: stale });
    const [keptDistrict] = await t.db.select().from(kecamatan).where(eq(kecamatan.id, district.id));
    expect(keptDistrict?.nama).toBe(`${district.nama} Baru`);
  });

  test("anonymous visitors and cadres are refused on every admin procedure", async () => {
    const id = (await ward(t.db, 10)).id;
    const districtId = (await district("32.75.03")).id;
    const data = await form({ kode: "32.75.01.1902" });
    for (const caller of [callerFor(t, null), callerFor(t, await createUser(t.db, { role: "kader" }))]) {
      // Thunks, started one at a time: a refusal nobody awaits yet would be an unhandled rejection.
      const calls: Array<() => Promise<unknown>> = [
        () => caller.regions.desaKelurahanPage({}),
        () => caller.regions.stats(),
        () => caller.regions.kecamatanSummary(),
        () => caller.regions.desaKelurahanOfKecamatan({ kecamatanId: districtId }),
        () => caller.regions.createDesaKelurahan(data),
        () => caller.regions.updateDesaKelurahan({ id, version: 1, data }),
        () => caller.regions.deleteDesaKelurahan({ id }),
        () => caller.regions.createKecamatan({ nama: "X", kode: "32.75.94" }),
        () => caller.regions.updateKecamatan({ id: districtId, version: 1, data: { nama: "X", kode: "32.75.03" } }),
        () => caller.regions.deleteKecamatan({ id: districtId }),
        () =>
          caller.regions.importPopulation({
            csv: "kode,kode_pos,luas_wilayah,jumlah_penduduk\n32.75.01.1001,17111,1,1",
          }),
      ];
      for (const call of calls) expect(["UNAUTHORIZED", "FORBIDDEN"]).toContain((await refusal(call())).code);
    }
    expect(await t.db.select().from(desaKelurahan).where(eq(desaKelurahan.kode, "32.75.01.1902"))).toEqual([]);
    expect(
      (await t.db.select().from(desaKelurahan).where(eq(desaKelurahan.id, id)))[0]?.jumlahPenduduk ?? null,
    ).toBeNull();
  });
});

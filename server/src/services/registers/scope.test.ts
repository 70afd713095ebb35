import { describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { desaKelurahan } from "../../db/schema/regions.ts";
import { registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createUser, useTestApp } from "../../../test/helpers.ts";
import {
  assertFilterInScope,
  outsideAreaMessage,
  placeInScope,
  readOnlyMessage,
  registerInScope,
  scopeCondition,
  scopeOf,
  type Scope,
} from "./scope.ts";

// Ward 0 and 1 share kecamatan 32.75.01; ward 20 lies in another kecamatan.
const OTHER_KECAMATAN_WARD = 20;

const t = useTestApp();

describe("scopeOf: the work area from role, level and area fields", () => {
  test("each cadre level gets its area; kota and admin everything; aparat reads only", async () => {
    const home = await ward(t.db, 0);
    expect(scopeOf(await createCadre(t.db, "rt", { rw: "5", rt: "1" }))).toEqual({
      area: { kind: "rt", desaKelurahanId: home.id, rw: "005", rt: "001" },
      canAct: true,
    });
    expect(scopeOf(await createCadre(t.db, "rw")).area).toEqual({ kind: "rw", desaKelurahanId: home.id, rw: "005" });
    expect(scopeOf(await createCadre(t.db, "kelurahan")).area).toEqual({ kind: "kelurahan", desaKelurahanId: home.id });
    expect(scopeOf(await createCadre(t.db, "kecamatan")).area).toEqual({
      kind: "kecamatan",
      kecamatanId: home.kecamatanId,
    });
    expect(scopeOf(await createCadre(t.db, "kota")).area).toEqual({ kind: "all" });
    expect(scopeOf(await createUser(t.db, { role: "admin" }))).toEqual({ area: { kind: "all" }, canAct: true });
    expect(scopeOf(await createCadre(t.db, "kelurahan", {}, { role: "aparat" }))).toEqual({
      area: { kind: "kelurahan", desaKelurahanId: home.id },
      canAct: false,
    });
  });

  test("anyone else sees nothing: anonymous, inactive accounts, cadres with an incomplete area", async () => {
    const none: Scope = { area: { kind: "none" }, canAct: false };
    expect(scopeOf(null)).toEqual(none);
    expect(scopeOf(await createCadre(t.db, "rt", {}, { status: "pending" }))).toEqual(none);
    expect(scopeOf(await createCadre(t.db, "kelurahan", {}, { status: "blocked" }))).toEqual(none);
    expect(
      scopeOf(
        await createUser(t.db, { role: "kader", level: "rt", desaKelurahanId: (await ward(t.db, 0)).id, rw: "005" }),
      ),
    ).toEqual(none);
    expect(scopeOf(await createUser(t.db, { role: "kader", level: null }))).toEqual(none);
    expect(scopeOf(await createUser(t.db, { role: "aparat", level: null }))).toEqual(none);
  });
});

describe("scopeCondition (SQL) and placeInScope (one row) agree", () => {
  test("over a grid of wards × RW × RT, every user's SQL scope is exactly the rows the row check accepts", async () => {
    const places = [];
    for (const wardIndex of [0, 1, OTHER_KECAMATAN_WARD]) {
      for (const rw of ["005", "006"]) for (const rt of ["001", "002"]) places.push({ wardIndex, rw, rt });
    }
    const ids: number[] = [];
    for (const place of places) ids.push((await createFamilyRegister(t.db, place)).id);
    const rows = await t.db
      .select({
        id: registers.id,
        desaKelurahanId: registers.desaKelurahanId,
        rw: registers.rw,
        rt: registers.rt,
        wardKecamatanId: desaKelurahan.kecamatanId,
      })
      .from(registers)
      .innerJoin(desaKelurahan, eq(desaKelurahan.id, registers.desaKelurahanId))
      .where(inArray(registers.id, ids));

    const users = [
      await createCadre(t.db, "rt", { wardIndex: 0, rw: "005", rt: "001" }),
      await createCadre(t.db, "rt", { wardIndex: 1, rw: "006", rt: "002" }),
      await createCadre(t.db, "rw", { wardIndex: 0, rw: "006" }),
      await createCadre(t.db, "kelurahan", { wardIndex: 1 }),
      await createCadre(t.db, "kecamatan", { wardIndex: 0 }),
      await createCadre(t.db, "kecamatan", { wardIndex: OTHER_KECAMATAN_WARD }),
      await createCadre(t.db, "kota"),
      await createCadre(t.db, "kelurahan", { wardIndex: OTHER_KECAMATAN_WARD }, { role: "aparat" }),
      await createUser(t.db, { role: "admin" }),
      await createCadre(t.db, "rt", {}, { status: "pending" }),
    ];
    const sizes: number[] = [];
    for (const user of users) {
      const { area } = scopeOf(user);
      const bySql = await t.db
        .select({ id: registers.id })
        .from(registers)
        .where(and(inArray(registers.id, ids), scopeCondition(area)));
      const byRow = rows.filter((row) => placeInScope(area, row)).map((row) => row.id);
      expect(bySql.map((row) => row.id).sort()).toEqual(byRow.sort());
      sizes.push(byRow.length);
    }
    // RT: 1 place; RW: 2 RTs; kelurahan: 4; kecamatan 32.75.01: two wards = 8, the other one 4; kota/admin: 12.
    expect(sizes).toEqual([1, 1, 2, 4, 8, 4, 12, 4, 12, 0]);
  });
});

describe("registerInScope: one register for reading or acting", () => {
  test("inside the area: read and act; outside: FORBIDDEN with the reason; missing: NOT_FOUND", async () => {
    const mine = await createFamilyRegister(t.db, { wardIndex: 0, rw: "005", rt: "001" });
    const neighbourRt = await createFamilyRegister(t.db, { wardIndex: 0, rw: "005", rt: "002" });
    const otherWard = await createFamilyRegister(t.db, { wardIndex: 1 });
    const rt = await createCadre(t.db, "rt");
    const kelurahan = await createCadre(t.db, "kelurahan");

    expect((await registerInScope(t.db, rt, mine.id, "act")).id).toBe(mine.id);
    expect((await registerInScope(t.db, kelurahan, neighbourRt.id, "act")).id).toBe(neighbourRt.id);
    // Outside the area answers exactly as a missing id does: nothing tells which ids exist elsewhere.
    const missing = await refusal(registerInScope(t.db, rt, 987_654, "read"));
    expect([missing.code, missing.message]).toEqual(["NOT_FOUND", "Data tidak ditemukan"]);
    const outside = await refusal(registerInScope(t.db, rt, neighbourRt.id, "read"));
    expect([outside.code, outside.message]).toEqual([missing.code, missing.message]);
    expect((await refusal(registerInScope(t.db, kelurahan, otherWard.id, "act"))).code).toBe("NOT_FOUND");
    expect((await refusal(registerInScope(t.db, null, mine.id, "read"))).code).toBe("FORBIDDEN");
  });

  test("aparat reads in its area but can never act", async () => {
    const family = await createFamilyRegister(t.db, { wardIndex: 0 });
    const aparat = await createCadre(t.db, "kelurahan", {}, { role: "aparat" });
    expect((await registerInScope(t.db, aparat, family.id, "read")).id).toBe(family.id);
    const refused = await refusal(registerInScope(t.db, aparat, family.id, "act"));
    expect([refused.code, refused.message]).toEqual(["FORBIDDEN", readOnlyMessage]);
  });

  test("a kecamatan cadre reaches every ward of its kecamatan and none outside", async () => {
    const sameKecamatan = await createFamilyRegister(t.db, { wardIndex: 1 });
    const elsewhere = await createFamilyRegister(t.db, { wardIndex: OTHER_KECAMATAN_WARD });
    const cadre = await createCadre(t.db, "kecamatan", { wardIndex: 0 });
    expect((await registerInScope(t.db, cadre, sameKecamatan.id, "read")).id).toBe(sameKecamatan.id);
    expect((await refusal(registerInScope(t.db, cadre, elsewhere.id, "read"))).code).toBe("NOT_FOUND");
  });
});

describe("assertFilterInScope: filters naming a place outside the area are refused", () => {
  test("RT cadre: its own ward/RW/RT pass, a neighbour RT or another ward are refused", async () => {
    const home = await ward(t.db, 0);
    const other = await ward(t.db, 1);
    const scope = scopeOf(await createCadre(t.db, "rt"));
    await assertFilterInScope(t.db, scope, {});
    await assertFilterInScope(t.db, scope, { desaKelurahanId: home.id, rw: "005", rt: "001" });
    expect((await refusal(assertFilterInScope(t.db, scope, { rt: "002" }))).message).toBe(outsideAreaMessage);
    expect((await refusal(assertFilterInScope(t.db, scope, { desaKelurahanId: other.id }))).code).toBe("FORBIDDEN");
  });

  test("kecamatan cadre: wards of its kecamatan pass, others are refused; an unknown ward is a bad request", async () => {
    const scope = scopeOf(await createCadre(t.db, "kecamatan", { wardIndex: 0 }));
    await assertFilterInScope(t.db, scope, { desaKelurahanId: (await ward(t.db, 1)).id, rw: "009" });
    const far = await ward(t.db, OTHER_KECAMATAN_WARD);
    expect((await refusal(assertFilterInScope(t.db, scope, { desaKelurahanId: far.id }))).code).toBe("FORBIDDEN");
    expect((await refusal(assertFilterInScope(t.db, scope, { desaKelurahanId: 999_999 }))).code).toBe("BAD_REQUEST");
  });

  test("a kecamatan filter passes for the cadre's own kecamatan only; everything passes for the city", async () => {
    const home = await ward(t.db, 0);
    const far = await ward(t.db, OTHER_KECAMATAN_WARD);
    const kelurahan = scopeOf(await createCadre(t.db, "kelurahan", { wardIndex: 0 }));
    await assertFilterInScope(t.db, kelurahan, { kecamatanId: home.kecamatanId });
    expect((await refusal(assertFilterInScope(t.db, kelurahan, { kecamatanId: far.kecamatanId }))).code).toBe(
      "FORBIDDEN",
    );
    const kecamatan = scopeOf(await createCadre(t.db, "kecamatan", { wardIndex: OTHER_KECAMATAN_WARD }));
    await assertFilterInScope(t.db, kecamatan, { kecamatanId: far.kecamatanId });
    expect((await refusal(assertFilterInScope(t.db, kecamatan, { kecamatanId: home.kecamatanId }))).code).toBe(
      "FORBIDDEN",
    );
    await assertFilterInScope(t.db, scopeOf(await createCadre(t.db, "kota")), {
      kecamatanId: far.kecamatanId,
      desaKelurahanId: home.id,
    });
  });
});

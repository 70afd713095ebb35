// `nomor_kk` (Nomor KK, issue 15) on /api/registers: readable (masked like a NIK for officials),
// filterable by cadres only, writable through POST and PUT (null clears it), validated with the form's
// own message at `nomor_kk`.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { maskNik } from "@shared/mask.ts";
import { registers } from "../db/schema/registers.ts";
import { createCadre } from "../../test/cadres.ts";
import { createFamilyRegister, familyForm } from "../../test/factories.ts";
import { useTestApp } from "../../test/helpers.ts";
import { cookieOf, restBody, restCall } from "../../test/rest.ts";

const t = useTestApp();

describe("nomor_kk on /api/registers", () => {
  test("a cadre reads and filters it; an official reads it masked and cannot filter or sort on it", async () => {
    const nomorKk = "3275019911220001";
    const family = await createFamilyRegister(t.db, { change: (form) => ({ ...form, nomorKk }) });
    const cadre = await cookieOf(t, await createCadre(t.db, "kelurahan"));
    const aparat = await cookieOf(t, await createCadre(t.db, "kelurahan", {}, { role: "aparat" }));

    const one = await restCall(t, "GET", `/registers/${family.id}?fields[0]=nomor_kk`, cadre);
    expect(one.json.data.attributes).toEqual({ nomor_kk: nomorKk });
    const found = await restCall(t, "GET", `/registers?filters[nomor_kk][$eq]=${nomorKk}&fields[0]=nomor_kk`, cadre);
    expect(found.status).toBe(200);
    expect(found.json.data.map((entry: { id: number }) => entry.id)).toEqual([family.id]);

    const masked = await restCall(t, "GET", `/registers/${family.id}?fields[0]=nomor_kk`, aparat);
    expect(masked.json.data.attributes).toEqual({ nomor_kk: maskNik(nomorKk) });
    expect(masked.text).not.toContain(nomorKk);
    for (const query of [`filters[nomor_kk][$eq]=${nomorKk}`, "filters[nomor_kk][$startsWith]=3275", "sort=nomor_kk"]) {
      const refused = await restCall(t, "GET", `/registers?${query}`, aparat);
      expect(refused.status).toBe(400);
      expect(refused.json.error.message).toBe("Invalid parameter nomor_kk");
    }
  });

  test("written by POST and PUT, cleared by null, refused beside nomor_kk when not 16 digits", async () => {
    const cadre = await cookieOf(t, await createCadre(t.db, "rt"));
    const created = await restCall(
      t,
      "POST",
      "/registers",
      cadre,
      restBody(await familyForm(t.db), { nomor_kk: "3275012233440001" }),
    );
    expect(created.status).toBe(200);
    expect(created.json.data.attributes.nomor_kk).toBe("3275012233440001");
    const id = Number(created.json.data.id);
    expect(created.json.data.attributes.data_register.nomorKk).toBe("3275012233440001");

    const changed = await restCall(t, "PUT", `/registers/${id}`, cadre, { data: { nomor_kk: "3275012233440002" } });
    expect(changed.status).toBe(200);
    expect(changed.json.data.attributes.nomor_kk).toBe("3275012233440002");

    const wrong = await restCall(t, "PUT", `/registers/${id}`, cadre, { data: { nomor_kk: "12345" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.details.errors[0].path).toEqual(["nomor_kk"]);

    const cleared = await restCall(t, "PUT", `/registers/${id}`, cadre, { data: { nomor_kk: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.json.data.attributes.nomor_kk).toBeNull();
    const [row] = await t.db.select({ nomorKk: registers.nomorKk }).from(registers).where(eq(registers.id, id));
    expect(row?.nomorKk).toBeNull();
  });
});

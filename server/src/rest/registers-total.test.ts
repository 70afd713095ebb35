// The REST register list's unfiltered total comes from the rollups (plus cadre registrations for
// readers who see them); it must equal what a filter that matches everything counts from the rows.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { registers } from "../db/schema/registers.ts";
import { createCadre } from "../../test/cadres.ts";
import { createFamilyRegister } from "../../test/factories.ts";
import { useTestApp } from "../../test/helpers.ts";
import { apiToken, cookieOf, restCall } from "../../test/rest.ts";

const t = useTestApp();

describe("REST register list totals", () => {
  test("the unfiltered total equals a row count, for a city-wide token and a ward cadre", async () => {
    for (let index = 0; index < 4; index += 1) await createFamilyRegister(t.db, { wardIndex: index % 2 });
    const deleted = await createFamilyRegister(t.db, { wardIndex: 0 });
    await t.db.update(registers).set({ deletedAt: new Date() }).where(eq(registers.id, deleted.id));
    const cadreForm = await createFamilyRegister(t.db, { wardIndex: 1 });
    await t.db.update(registers).set({ formType: "kader_registration" }).where(eq(registers.id, cadreForm.id));

    const token = await apiToken(t, "read-only");
    const cadre = await cookieOf(t, await createCadre(t.db, "kelurahan", { wardIndex: 0 }));
    for (const auth of [token, cadre]) {
      const total = async (filter: string) =>
        (await restCall(t, "GET", `/registers?pagination[pageSize]=1${filter}`, auth)).json.meta.pagination.total;
      // id > 0 matches every row the reader sees, and is counted from the rows.
      expect(await total("")).toBe(await total("&filters[id][$gt]=0"));
    }
    const all = await restCall(t, "GET", "/registers?pagination[pageSize]=1", token);
    expect(all.json.meta.pagination.total).toBe(5);
  });
});

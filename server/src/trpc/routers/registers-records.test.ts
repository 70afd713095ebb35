import { describe, expect, test } from "bun:test";
import { TRPCError } from "@trpc/server";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister, familyForm } from "../../../test/factories.ts";
import { TEST_ORIGIN, callerFor, sessionCookieFor, useTestApp } from "../../../test/helpers.ts";

const t = useTestApp();

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error.code;
    throw error;
  }
  return "OK";
}

describe("cadre workspace over tRPC", () => {
  test("a cadre of another kelurahan finds none of its records (NOT_FOUND) and is refused its ward (FORBIDDEN)", async () => {
    const family = await createFamilyRegister(t.db, { wardIndex: 4 });
    const stranger = callerFor(t, await createCadre(t.db, "kelurahan", { wardIndex: 0 }));
    // A record elsewhere answers exactly as a missing id, so nobody learns which ids exist there.
    const records = [
      await codeOf(stranger.registers.open({ registerId: family.id })),
      await codeOf(stranger.registers.revisions({ registerId: family.id })),
      await codeOf(stranger.registers.update({ registerId: family.id, version: 1, data: family.form })),
      await codeOf(stranger.registers.delete({ registerId: family.id, version: 1, reason: "Salah wilayah" })),
    ];
    expect(records).toEqual(Array(records.length).fill("NOT_FOUND"));
    const ward = [
      await codeOf(stranger.registers.restore({ registerId: family.id })),
      await codeOf(stranger.registers.create({ data: await familyForm(t.db, { wardIndex: 4 }) })),
      await codeOf(stranger.registers.specialConditions({ desaKelurahanId: family.form.address.desaKelurahanId })),
    ];
    expect(ward).toEqual(Array(ward.length).fill("FORBIDDEN"));
  });

  test("officials read (masked) but cannot write; visitors are refused", async () => {
    const family = await createFamilyRegister(t.db, { wardIndex: 4 });
    const aparat = callerFor(t, await createCadre(t.db, "kelurahan", { wardIndex: 4 }, { role: "aparat" }));
    expect((await aparat.registers.open({ registerId: family.id })).sensitive).toBe(false);
    expect((await aparat.dashboard.summary()).cards.totalFamilies.current).toBeGreaterThan(0);
    expect(await codeOf(aparat.registers.update({ registerId: family.id, version: 1, data: family.form }))).toBe(
      "FORBIDDEN",
    );
    expect(await codeOf(aparat.registers.delete({ registerId: family.id, version: 1, reason: "x" }))).toBe("FORBIDDEN");
    expect(await codeOf(callerFor(t, null).dashboard.summary())).toBe("UNAUTHORIZED");
  });

  test("a stale save over HTTP answers 409 with the Indonesian message", async () => {
    const family = await createFamilyRegister(t.db, { wardIndex: 4, rt: "002" });
    const cadre = await createCadre(t.db, "rt", { wardIndex: 4, rt: "002" });
    const cookie = await sessionCookieFor(t.db, cadre.id);
    const save = (notes: string) =>
      t.app.request("/trpc/registers.update", {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, cookie },
        body: JSON.stringify({ registerId: family.id, version: 1, data: { ...family.form, notes } }),
      });
    expect((await save("pertama")).status).toBe(200);
    const stale = await save("kedua");
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.message).toStartWith("Data ini sudah diubah oleh pengguna lain");
  });
});

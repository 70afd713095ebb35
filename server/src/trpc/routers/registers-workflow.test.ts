import { describe, expect, test } from "bun:test";
import { TRPCError } from "@trpc/server";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { TEST_ORIGIN, callerFor, sessionCookieFor, useTestApp } from "../../../test/helpers.ts";

const t = useTestApp();

async function get(path: string, input: unknown, cookie?: string) {
  const url = `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
  return t.app.request(url, { headers: cookie ? { cookie } : {} });
}

async function post(path: string, input: unknown, cookie?: string) {
  return t.app.request(`/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(input),
  });
}

describe("workflow over HTTP (tRPC with a session cookie)", () => {
  test("an RT cadre sees its queue, verifies, and the history shows the move", async () => {
    const family = await createFamilyRegister(t.db, { wardIndex: 2, rw: "003", rt: "004" });
    const cadre = await createCadre(t.db, "rt", { wardIndex: 2, rw: "3", rt: "4" });
    const cookie = await sessionCookieFor(t.db, cadre.id);

    const listed = await get("registers.queue", {}, cookie);
    expect(listed.status).toBe(200);
    const page = (await listed.json()).result.data;
    expect(page.items.map((item: { id: number }) => item.id)).toEqual([family.id]);
    expect(page.items[0]).toMatchObject({
      status: "SUBMITTED",
      version: 1,
      actions: ["verify", "requestRevision", "reject"],
    });

    const moved = await post(
      "registers.transition",
      { registerId: family.id, action: "verify", expectedVersion: 1 },
      cookie,
    );
    expect(moved.status).toBe(200);
    expect((await moved.json()).result.data).toMatchObject({ status: "RT_VERIFIED", version: 2 });

    const history = (await (await get("registers.history", { registerId: family.id }, cookie)).json()).result.data;
    expect(history.at(-1)).toMatchObject({
      actorName: cadre.fullName,
      level: "rt",
      fromStatus: "SUBMITTED",
      toStatus: "RT_VERIFIED",
    });
    expect((await (await get("registers.queue", {}, cookie)).json()).result.data.items).toEqual([]);
  });

  test("the shared schema's message for a missing note, a 401 without a session", async () => {
    const family = await createFamilyRegister(t.db, { wardIndex: 2, rw: "003", rt: "004" });
    const cadre = await createCadre(t.db, "rt", { wardIndex: 2, rw: "003", rt: "004" });
    const cookie = await sessionCookieFor(t.db, cadre.id);
    const noNote = await post("registers.transition", { registerId: family.id, action: "reject" }, cookie);
    expect(noNote.status).toBe(400);
    expect((await noNote.json()).error.data.fieldErrors).toEqual([
      { path: ["note"], message: "Alasan penolakan wajib diisi" },
    ]);
    expect((await post("registers.transition", { registerId: family.id, action: "verify" })).status).toBe(401);
  });

  test("a cadre of one kelurahan: a record of another answers as a missing one in every procedure; a filter there is refused", async () => {
    const family = await createFamilyRegister(t.db, { wardIndex: 0 });
    const elsewhere = await createCadre(t.db, "kelurahan", { wardIndex: 1 });
    const cookie = await sessionCookieFor(t.db, elsewhere.id);
    const home = await ward(t.db, 0);
    const queue = await get("registers.queue", { desaKelurahanId: home.id }, cookie);
    expect(queue.status).toBe(403);
    expect((await queue.json()).error.message).toBe("Data ini berada di luar wilayah kerja Anda");
    const missingId = 987_654;
    const calls = [
      (registerId: number) => get("registers.open", { registerId }, cookie),
      (registerId: number) => get("registers.history", { registerId }, cookie),
      (registerId: number) => get("registers.revisions", { registerId }, cookie),
      (registerId: number) => post("registers.transition", { registerId, action: "verify" }, cookie),
      (registerId: number) => post("registers.transition", { registerId, action: "reject", note: "Ganda" }, cookie),
      (registerId: number) => post("registers.bulkVerify", { registerIds: [registerId] }, cookie),
    ];
    for (const call of calls) {
      const [outside, missing] = [await call(family.id), await call(missingId)];
      expect([outside.status, (await outside.json()).error.message]).toEqual([404, "Data tidak ditemukan"]);
      expect(missing.status).toBe(404);
    }
  });

  test("aparat reads the history of a record in its area (the Maker Checker dialog) and is refused every move and the queue", async () => {
    const family = await createFamilyRegister(t.db, { wardIndex: 0 });
    const aparat = await createCadre(t.db, "kelurahan", { wardIndex: 0 }, { role: "aparat" });
    const caller = callerFor(t, aparat);
    expect((await caller.registers.history({ registerId: family.id })).map((entry) => entry.toStatus)).toEqual([
      "SUBMITTED",
    ]);
    const calls = [
      () => caller.registers.queue({}),
      () => caller.registers.transition({ registerId: family.id, action: "verify" }),
      () => caller.registers.bulkVerify({ registerIds: [family.id] }),
    ];
    for (const call of calls) {
      const error = await call().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error instanceof TRPCError && error.code).toBe("FORBIDDEN");
    }
  });
});

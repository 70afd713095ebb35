// A signed month locks its records on both transports (tRPC and REST); reopening frees them.
import { describe, expect, test } from "bun:test";
import { TRPCError } from "@trpc/server";
import { todayIso } from "@shared/dates.ts";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { callerFor, sessionCookieFor, TEST_ORIGIN, useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { reopenSignoff, signRecap } from "./signoffs.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });
const period = todayIso().slice(0, 7);
const thisMonth = (form: FamilyRegistration): FamilyRegistration => ({ ...form, tanggalPendataan: `${period}-01` });

async function rest(method: string, path: string, cookie: string, body: unknown) {
  const response = await t.app.request(`/api${path}`, {
    method,
    headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

async function trpcRefusal(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("locked period", () => {
  test("edits and deletes of a signed month's records are refused on tRPC and REST; reopening frees them", async () => {
    const rt = await createCadre(t.db, "rt", { wardIndex: 11 });
    const locked = await createFamilyRegister(t.db, { wardIndex: 11, status: "APPROVED", change: thisMonth });
    const older = await createFamilyRegister(t.db, {
      wardIndex: 11,
      status: "APPROVED",
      change: (form) => ({ ...form, tanggalPendataan: "2021-03-04" }),
    });
    const signed = await signRecap(t.db, as(rt), { period });
    const caller = callerFor(t, rt);
    const cookie = await sessionCookieFor(t.db, rt.id);

    const edit = { ...locked.form, nomorHp: "081277778888" };
    const trpcEdit = await trpcRefusal(
      caller.registerRecords.update({ registerId: locked.id, version: 1, data: edit }),
    );
    expect(trpcEdit.code).toBe("CONFLICT");
    expect(trpcEdit.message).toContain("Data ini terkunci");
    const trpcDelete = await trpcRefusal(
      caller.registerRecords.delete({ registerId: locked.id, version: 1, reason: "Pindah domisili" }),
    );
    expect(trpcDelete.code).toBe("CONFLICT");

    const restEdit = await rest("PUT", `/registers/${locked.id}`, cookie, {
      data: { nomor_hp: "081277778888", version: 1 },
    });
    expect(restEdit.status).toBe(409);
    expect(JSON.stringify(restEdit.json)).toContain("Data ini terkunci");
    const restDelete = await rest("DELETE", `/registers/${locked.id}`, cookie, { data: { reason: "Pindah domisili" } });
    expect(restDelete.status).toBe(409);

    // Another month's record stays editable.
    const free = await caller.registerRecords.update({
      registerId: older.id,
      version: 1,
      data: { ...older.form, nomorHp: "081233334444" },
    });
    expect(free.version).toBe(2);

    await reopenSignoff(t.db, as(rt), { signoffId: signed.id, reason: "Nomor HP salah" });
    const saved = await caller.registerRecords.update({ registerId: locked.id, version: 1, data: edit });
    expect(saved.version).toBe(2);
  });
});

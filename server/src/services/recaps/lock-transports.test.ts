// A signed month locks the records its recap counts, on both transports (tRPC and REST): 'Buka
// Kembali', delete and restore of an approved record of that month are refused with the recap's
// name; reopening the recap frees them.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { todayIso } from "@shared/dates.ts";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { trpcRefusal } from "../../../test/domain-error.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { callerFor, createUser, sessionCookieFor, TEST_ORIGIN, useTestApp } from "../../../test/helpers.ts";
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
  return { status: response.status, text: await response.text() };
}

describe("locked period", () => {
  test("reopening, deleting and restoring a signed month's approved records is refused on tRPC and REST", async () => {
    const rt = await createCadre(t.db, "rt", { wardIndex: 11 });
    const kelurahan = await createCadre(t.db, "kelurahan", { wardIndex: 11 });
    const admin = await createUser(t.db, { role: "admin" });
    const locked = await createFamilyRegister(t.db, { wardIndex: 11, status: "APPROVED", change: thisMonth });
    const deleted = await createFamilyRegister(t.db, { wardIndex: 11, status: "APPROVED", change: thisMonth });
    const older = await createFamilyRegister(t.db, {
      wardIndex: 11,
      status: "APPROVED",
      change: (form) => ({ ...form, tanggalPendataan: "2021-03-04" }),
    });
    const signed = await signRecap(t.db, as(rt), { period });
    await t.db.update(registers).set({ deletedAt: new Date() }).where(eq(registers.id, deleted.id));

    const kel = callerFor(t, kelurahan);
    const viaTrpc = await trpcRefusal(
      kel.registers.reopen({ registerId: locked.id, version: 1, reason: "Salah data" }),
    );
    expect(viaTrpc.code).toBe("CONFLICT");
    expect(viaTrpc.message).toContain("rekap RT 001/RW 005");
    const cookie = await sessionCookieFor(t.db, kelurahan.id);
    const viaRest = await rest("PUT", `/registers/${locked.id}`, cookie, {
      data: { status: "SUBMITTED", reason: "Salah data" },
    });
    expect(viaRest.status).toBe(409);
    expect(viaRest.text).toContain("rekap RT 001/RW 005");
    const restore = await trpcRefusal(callerFor(t, admin).registers.restore({ registerId: deleted.id }));
    expect(restore.code).toBe("CONFLICT");
    expect(restore.message).toContain("sudah ditandatangani");

    // An earlier month's approved record is counted by the signed sheet too (surveyed before the
    // month's end), so it is locked as well while the month's chain is open.
    const olderRefused = await trpcRefusal(
      kel.registers.reopen({ registerId: older.id, version: 1, reason: "Salah data" }),
    );
    expect(olderRefused.code).toBe("CONFLICT");

    // After the recap is reopened (with its reason), both records may be reopened.
    await reopenSignoff(t.db, as(rt), { signoffId: signed.id, reason: "Data keluarga perlu dikoreksi" });
    const free = await kel.registers.reopen({ registerId: older.id, version: 1, reason: "Salah data" });
    expect(free.version).toBe(2);
    const reopened = await kel.registers.reopen({ registerId: locked.id, version: 1, reason: "Salah data" });
    expect(reopened.version).toBe(2);
    const [row] = await t.db.select().from(registers).where(eq(registers.id, locked.id));
    expect(row?.status).toBe("SUBMITTED");
  });
});

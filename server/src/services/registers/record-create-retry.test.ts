// A cadre's create sent again after its answer was lost (a phone that went offline): with the
// form's idempotency key it gets the family it saved back, once, also when both tries arrive at once.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog } from "../../db/schema/audit.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { familyForm } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { keyReusedMessage } from "./idempotency.ts";
import { createRecord } from "./records.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });

async function familiesNamed(nik: string) {
  return t.db.select({ id: registers.id }).from(registers).where(eq(registers.nikKepalaKeluarga, nik));
}

describe("a create sent again with its idempotency key", () => {
  test("answers the family it saved: one register, one event, one audit row", async () => {
    const rt = await createCadre(t.db, "rt");
    const data = await familyForm(t.db);
    const idempotencyKey = crypto.randomUUID();
    const first = await createRecord(t.db, as(rt), { data, idempotencyKey });
    const again = await createRecord(t.db, as(rt), { data, idempotencyKey });
    expect(again).toEqual(first);
    expect(await familiesNamed(data.nikKepalaKeluarga)).toEqual([{ id: first.registerId }]);
    const events = await t.db.select().from(registerEvents).where(eq(registerEvents.registerId, first.registerId));
    expect(events).toHaveLength(1);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, first.registerId));
    expect(audits.filter((row) => row.action === "register.create")).toHaveLength(1);
  });

  test("two tries at once: both answer the same family, and only one is stored", async () => {
    const rt = await createCadre(t.db, "rt");
    const data = await familyForm(t.db);
    const idempotencyKey = crypto.randomUUID();
    const [a, b] = await Promise.all([
      createRecord(t.db, as(rt), { data, idempotencyKey }),
      createRecord(t.db, as(rt), { data, idempotencyKey }),
    ]);
    expect(a.registerId).toBe(b?.registerId ?? 0);
    expect(await familiesNamed(data.nikKepalaKeluarga)).toHaveLength(1);
  });

  test("the same key with other data is refused; without a key a second send meets its own NIK", async () => {
    const rt = await createCadre(t.db, "rt");
    const data = await familyForm(t.db);
    const idempotencyKey = crypto.randomUUID();
    await createRecord(t.db, as(rt), { data, idempotencyKey });
    const changed = { ...data, nomorHp: "081299990000" };
    const reused = await refusal(createRecord(t.db, as(rt), { data: changed, idempotencyKey }));
    expect([reused.code, reused.message]).toEqual(["CONFLICT", keyReusedMessage]);

    const unkeyed = await familyForm(t.db);
    await createRecord(t.db, as(rt), { data: unkeyed });
    expect((await refusal(createRecord(t.db, as(rt), { data: unkeyed }))).code).toBe("CONFLICT");
    expect(await familiesNamed(unkeyed.nikKepalaKeluarga)).toHaveLength(1);
  });

  test("a key is the caller's own: another cadre's create with the same key saves its own family", async () => {
    const rt = await createCadre(t.db, "rt");
    const neighbour = await createCadre(t.db, "rt");
    const idempotencyKey = crypto.randomUUID();
    const mine = await createRecord(t.db, as(rt), { data: await familyForm(t.db), idempotencyKey });
    const theirs = await createRecord(t.db, as(neighbour), { data: await familyForm(t.db), idempotencyKey });
    expect(theirs.registerId).not.toBe(mine.registerId);
  });

  test("a refused create keeps no key: corrected, the same key saves the family", async () => {
    const rt = await createCadre(t.db, "rt");
    const idempotencyKey = crypto.randomUUID();
    const elsewhere = await familyForm(t.db, { rt: "002" });
    expect((await refusal(createRecord(t.db, as(rt), { data: elsewhere, idempotencyKey }))).code).toBe("FORBIDDEN");
    const corrected = { ...elsewhere, address: { ...elsewhere.address, rt: "001" } };
    const saved = await createRecord(t.db, as(rt), { data: corrected, idempotencyKey });
    expect(await familiesNamed(corrected.nikKepalaKeluarga)).toEqual([{ id: saved.registerId }]);
  });
});

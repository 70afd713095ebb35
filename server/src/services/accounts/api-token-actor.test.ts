// API-token actors (actor.ts): full access acts as an admin, read-only reads city-wide and
// never writes, whichever service is asked.
import { describe, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { auditLog } from "../../db/schema/audit.ts";
import { registerEvents } from "../../db/schema/registers.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { refusal } from "../../../test/domain-error.ts";
import { useTestApp } from "../../../test/helpers.ts";
import type { Actor } from "./actor.ts";
import { audit } from "../audit/audit-log.ts";
import { requireAdmin } from "../common/access.ts";
import { createKecamatan } from "../regions/regions.ts";
import { readOnlyTokenMessage, registerInScope, scopeOf } from "../registers/scope.ts";
import { queue, transition } from "../registers/workflow.ts";

const t = useTestApp();
const fullToken: Actor = { user: null, ip: "10.1.1.1", apiToken: { id: 41, access: "full-access" } };
const readToken: Actor = { user: null, ip: "10.1.1.2", apiToken: { id: 42, access: "read-only" } };
const anonymous: Actor = { user: null, ip: "10.1.1.3" };

describe("scopeOf an actor with an API token", () => {
  test("full access: the whole city, may act; read-only: the whole city, may not; none: nothing", () => {
    expect(scopeOf(fullToken)).toEqual({ area: { kind: "all" }, canAct: true });
    expect(scopeOf(readToken)).toEqual({ area: { kind: "all" }, canAct: false });
    expect(scopeOf(anonymous)).toEqual({ area: { kind: "none" }, canAct: false });
  });

  test("a read-only token opens any register for reading but not for acting", async () => {
    const far = await createFamilyRegister(t.db, { wardIndex: 30 });
    expect((await registerInScope(t.db, readToken, far.id, "read")).id).toBe(far.id);
    expect((await registerInScope(t.db, fullToken, far.id, "act")).id).toBe(far.id);
    const refused = await refusal(registerInScope(t.db, readToken, far.id, "act"));
    expect(refused.code).toBe("FORBIDDEN");
    expect(refused.message).toBe(readOnlyTokenMessage);
  });
});

describe("admin checks", () => {
  test("requireAdmin lets a full-access token through and refuses a read-only one", async () => {
    expect(() => requireAdmin(fullToken)).not.toThrow();
    expect(() => requireAdmin(readToken)).toThrow("Forbidden");
    expect(() => requireAdmin(anonymous)).toThrow("Forbidden");
    const created = await createKecamatan(t.db, fullToken, { nama: "Kecamatan Token", kode: "32.75.99" });
    expect(created.nama).toBe("Kecamatan Token");
  });
});

describe("workflow with tokens", () => {
  test("a full-access token moves a record as an admin override naming the token", async () => {
    const family = await createFamilyRegister(t.db);
    const moved = await transition(t.db, fullToken, { registerId: family.id, action: "verify" });
    expect(moved).toMatchObject({ status: "RT_VERIFIED", override: true });
    const [event] = await t.db
      .select()
      .from(registerEvents)
      .where(eq(registerEvents.registerId, family.id))
      .orderBy(desc(registerEvents.id))
      .limit(1);
    expect(event).toMatchObject({ actorId: null, level: "admin", toStatus: "RT_VERIFIED" });
    expect(event?.note).toContain("token API #41");
  });

  test("a read-only token may list the queue city-wide without actions, and may not move anything", async () => {
    const home = await ward(t.db, 0);
    const family = await createFamilyRegister(t.db);
    const page = await queue(t.db, readToken, { status: "all", desaKelurahanId: home.id, pageSize: 50 });
    const item = page.items.find((entry) => entry.id === family.id);
    expect(item?.actions).toEqual([]);
    const refused = await refusal(transition(t.db, readToken, { registerId: family.id, action: "verify" }));
    expect(refused.code).toBe("FORBIDDEN");
    expect((await refusal(transition(t.db, anonymous, { registerId: family.id, action: "verify" }))).code).toBe(
      "UNAUTHORIZED",
    );
  });
});

describe("audit rows of token reads name the token", () => {
  test("details carry apiTokenId next to what was read", async () => {
    await audit(t.db, readToken, { action: "register.read", entity: "registers", details: { ids: [1, 2] } });
    const [row] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ actorId: null, ip: "10.1.1.2", details: { ids: [1, 2], apiTokenId: 42 } });
  });
});

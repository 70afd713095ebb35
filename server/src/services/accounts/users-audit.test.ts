// An admin's actions that open or close an account (approve or reject a cadre, block, unblock) each
// leave one audit row (DESIGN §6: every change is audited), found on the admin's 'Log Audit' screen
// under its own action, as a change of level or area (user.access) already was.
import { describe, expect, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import { auditLog } from "../../db/schema/audit.ts";
import { users, type UserRow } from "../../db/schema/users.ts";
import { ward } from "../../../test/factories.ts";
import { TEST_ORIGIN, callerFor, createUser, sessionCookieFor, useTestApp } from "../../../test/helpers.ts";
import { kaderInput } from "../../../test/kader-input.ts";

const t = useTestApp();
const ip = "10.20.30.40";

async function pendingCadre(): Promise<UserRow> {
  const area = await ward(t.db, 2);
  return createUser(t.db, {
    role: "kader",
    status: "pending",
    kecamatanId: area.kecamatanId,
    desaKelurahanId: area.id,
    rw: "005",
    rt: "001",
  });
}

/** Every audit row about this user. */
async function auditRowsOf(userId: number) {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "users"), eq(auditLog.entityId, userId)))
    .orderBy(asc(auditLog.id));
  return rows.map(({ actorId, action, entity, entityId, ip, details }) => ({
    actorId,
    action,
    entity,
    entityId,
    ip,
    details,
  }));
}

describe("admin actions on an account are audited", () => {
  test("approving a cadre: one user.approve row with the status, level and area before and after", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    const cadre = await pendingCadre();
    const area = await ward(t.db, 3);
    await callerFor(t, admin, ip).users.approveKader({
      userId: cadre.id,
      level: "rw",
      desaKelurahanId: area.id,
      rw: "7",
      rt: "",
    });
    expect(await auditRowsOf(cadre.id)).toEqual([
      {
        actorId: admin.id,
        action: "user.approve",
        entity: "users",
        entityId: cadre.id,
        ip,
        details: {
          before: {
            status: "pending",
            role: "kader",
            level: null,
            kecamatanId: cadre.kecamatanId,
            desaKelurahanId: cadre.desaKelurahanId,
            rw: "005",
            rt: "001",
          },
          after: {
            status: "active",
            role: "kader",
            level: "rw",
            kecamatanId: area.kecamatanId,
            desaKelurahanId: area.id,
            rw: "007",
            rt: null,
          },
        },
      },
    ]);
  });

  test("rejecting a cadre: one user.status row, pending → rejected, with the reason", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    const cadre = await pendingCadre();
    await callerFor(t, admin, ip).users.rejectKader({ userId: cadre.id, reason: "Bukan warga wilayah ini" });
    expect(await auditRowsOf(cadre.id)).toEqual([
      {
        actorId: admin.id,
        action: "user.status",
        entity: "users",
        entityId: cadre.id,
        ip,
        details: { before: { status: "pending" }, after: { status: "rejected" }, reason: "Bukan warga wilayah ini" },
      },
    ]);
  });

  test("blocking then unblocking: one user.status row each, active → blocked → active", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    const user = await createUser(t.db, { role: "aparat" });
    await callerFor(t, admin, ip).users.block({ userId: user.id });
    await callerFor(t, admin, ip).users.unblock({ userId: user.id });
    const rows = await auditRowsOf(user.id);
    expect(rows.map(({ details, ...row }) => row)).toEqual([
      { actorId: admin.id, action: "user.status", entity: "users", entityId: user.id, ip },
      { actorId: admin.id, action: "user.status", entity: "users", entityId: user.id, ip },
    ]);
    expect(rows.map((row) => row.details)).toEqual([
      { before: { status: "active" }, after: { status: "blocked" } },
      { before: { status: "blocked" }, after: { status: "active" } },
    ]);
  });

  test("a refused action writes nothing; the audit screen lists the rows under their actions", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota", fullName: "Admin Pemblokir" });
    const user = await createUser(t.db);
    await expect(callerFor(t, admin, ip).users.unblock({ userId: user.id })).rejects.toThrow(
      "Hanya akun yang diblokir yang dapat dibuka blokirnya",
    );
    expect(await auditRowsOf(user.id)).toEqual([]);

    await callerFor(t, admin, ip).users.block({ userId: user.id });
    const page = await callerFor(t, admin, ip).audit.list({ user: "Admin Pemblokir", action: "user.status" });
    expect(page.entries.map((entry) => [entry.action, entry.entity, entry.entityId])).toEqual([
      ["user.status", "users", user.id],
    ]);
  });
});

// The approval list shows the applicants' full NIKs and their families' special
// conditions, which every other surface audits as a register read (DESIGN §6).
describe("the cadre-approval list is audited as a read of personal data", () => {
  test("an admin opening 'pendingKader' leaves one register.read row naming the applications read", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota", fullName: "Admin Penyetuju" });
    const input = await kaderInput(t.db, t.env.APP_SECRET);
    const signUp = await t.app.request("/trpc/kader.register", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify(input),
    });
    expect(signUp.status).toBe(200);
    const response = await t.app.request("/trpc/users.pendingKader", {
      headers: { cookie: await sessionCookieFor(t.db, admin.id) },
    });
    expect(response.status).toBe(200);
    const pending = (await response.json()).result.data as Array<{
      user: { nik: string | null };
      registration: { id: number; registrationNumber: string; dataRegister: Record<string, unknown> } | null;
    }>;
    const application = pending.find((item) => item.user.nik === input.nik);
    expect(application?.registration?.dataRegister).toHaveProperty("kondisiKhususKeluarga");
    const readIds = pending.flatMap((item) => (item.registration ? [item.registration.id] : []));

    const rows = await t.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(rows.map(({ action, entity, details }) => ({ action, entity, details }))).toEqual([
      { action: "register.read", entity: "registers", details: { surface: "pending-kader", ids: readIds } },
    ]);
    // The admin's 'Log Audit' finds it by the applicant's registration number, as a read of one record.
    const page = await callerFor(t, admin, ip).audit.list({
      registrationNumber: application?.registration?.registrationNumber ?? "",
    });
    expect(page.entries.map((entry) => [entry.action, entry.actor?.id, entry.recordCount])).toEqual([
      ["register.read", admin.id, readIds.length],
    ]);
  });

  test("an empty queue reads nothing and writes nothing", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    await t.db.update(users).set({ status: "rejected" }).where(eq(users.status, "pending"));
    expect(await callerFor(t, admin, ip).users.pendingKader()).toEqual([]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id))).toEqual([]);
  });
});

// An admin's actions that open or close an account (approve or reject a cadre, block, unblock) each
// leave one audit row (DESIGN §6: every change is audited), found on the admin's 'Log Audit' screen
// under its own action, as a change of level or area (user.access) already was.
import { describe, expect, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import { auditLog } from "../../db/schema/audit.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { ward } from "../../../test/factories.ts";
import { callerFor, createUser, useTestApp } from "../../../test/helpers.ts";

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

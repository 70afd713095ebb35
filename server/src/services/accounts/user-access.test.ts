import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditLog } from "../../db/schema/audit.ts";
import { emailOutbox } from "../../db/schema/auth-tokens.ts";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { TEST_ORIGIN, createUser, sessionCookieFor, useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "./actor.ts";
import { openMail } from "../mail/outbox-seal.ts";
import { sendPasswordReset, updateUserAccess } from "./user-access.ts";
import { listUsers } from "./users.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });

/** The queue as the user's browser gets it: through the app, with the user's session cookie. */
async function queueIds(cookie: string): Promise<number[]> {
  const input = encodeURIComponent(JSON.stringify({ status: "all" }));
  const response = await t.app.request(`/trpc/registers.queue?input=${input}`, {
    headers: { cookie, origin: TEST_ORIGIN },
  });
  const body = await response.json();
  return body.result.data.items.map((item: { id: number }) => item.id);
}

describe("admin changes a user's level and work area", () => {
  test("the change is audited and applies at the user's next request", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const rt = await createCadre(t.db, "rt", { wardIndex: 7, rw: "001", rt: "001" });
    const mine = await createFamilyRegister(t.db, { wardIndex: 7, rw: "001", rt: "001" });
    const neighbour = await createFamilyRegister(t.db, { wardIndex: 7, rw: "001", rt: "002" });
    const cookie = await sessionCookieFor(t.db, rt.id);
    expect(await queueIds(cookie)).toEqual([mine.id]);

    const area = await ward(t.db, 7);
    const updated = await updateUserAccess(t.db, as(admin), {
      userId: rt.id,
      role: "kader",
      level: "rw",
      kecamatanId: null,
      desaKelurahanId: area.id,
      rw: "1",
      rt: "009",
    });
    expect(updated).toMatchObject({ level: "rw", rw: "001", rt: null, kecamatanId: area.kecamatanId });
    // Same session, next request: the RW area (both RTs) without signing in again.
    expect((await queueIds(cookie)).sort()).toEqual([mine.id, neighbour.id].sort());

    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.access"), eq(auditLog.entityId, rt.id)));
    expect(row?.actorId).toBe(admin.id);
    expect(row?.details).toMatchObject({ before: { level: "rt", rt: "001" }, after: { level: "rw", rt: null } });
  });

  test("the level's area parts are required; a cadre cannot do it; an admin cannot demote itself", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const rt = await createCadre(t.db, "rt");
    const base = { userId: rt.id, role: "kader" as const, kecamatanId: null, rw: "", rt: "" };
    expect(
      await refusal(updateUserAccess(t.db, as(admin), { ...base, level: "rt", desaKelurahanId: null })),
    ).toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(
      await refusal(updateUserAccess(t.db, as(rt), { ...base, level: "kota", desaKelurahanId: null })),
    ).toMatchObject({
      code: "FORBIDDEN",
    });
    const self = { ...base, userId: admin.id, role: "kader" as const, level: "kota" as const, desaKelurahanId: null };
    expect(await refusal(updateUserAccess(t.db, as(admin), self))).toMatchObject({
      message: "Anda tidak dapat mengubah peran akun Anda sendiri",
    });
  });

  test("the users list shows and filters by work area", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const area = await ward(t.db, 9);
    const cadre = await createCadre(t.db, "kelurahan", { wardIndex: 9 });
    const list = await listUsers(t.db, as(admin), { desaKelurahanId: area.id });
    expect(list.items.map((item) => item.id)).toEqual([cadre.id]);
    expect(list.items[0]).toMatchObject({ desaKelurahanNama: area.nama });
    const byDistrict = await listUsers(t.db, as(admin), { kecamatanId: area.kecamatanId });
    expect(byDistrict.items.map((item) => item.id)).toContain(cadre.id);
  });
});

describe("admin sends a password-reset mail", () => {
  test("through the forgot-password path: a reset link in the outbox, audited; refused for a blocked account", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const user = await createUser(t.db, { email: "lupa.admin@contoh.id" });
    await sendPasswordReset(t.db, t.env, as(admin), { userId: user.id });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "lupa.admin@contoh.id"));
    expect(mails).toHaveLength(1);
    // The outbox row is sealed (issue 14); the server opens it to send.
    expect(openMail(t.env.APP_SECRET, mails[0]?.body ?? "")?.link).toContain("/kader-pkk/reset-password?code=");
    const blocked = await createUser(t.db, { status: "blocked" });
    expect(await refusal(sendPasswordReset(t.db, t.env, as(admin), { userId: blocked.id }))).toMatchObject({
      code: "CONFLICT",
    });
  });
});

// The register write path through every door: NIK races answered 409 naming the NIK (never 500),
// the lock after verification and 'Buka Kembali' on tRPC and REST, the registration date kept
// across edits, and one audit row per action.
import { describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { lockedMessage } from "@shared/status.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { createCadre } from "../../../test/cadres.ts";
import { registerWritesDuring } from "../../../test/register-writes.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createFamilyRegister, familyForm, withHeadNik } from "../../../test/factories.ts";
import {
  callerFor,
  createUser,
  sessionCookieFor,
  solveCaptcha,
  TEST_ORIGIN,
  useTestApp,
} from "../../../test/helpers.ts";
import { cookieOf, restBody, restCall } from "../../../test/rest.ts";
import { issueCaptcha } from "../public/captcha.ts";
import { deleteRecord, openRecord, reopenRecord, updateRecord } from "./records.ts";
import { transition } from "./workflow.ts";

const t = useTestApp();

const RACERS = 8;

async function trpcPost(path: string, body: unknown, cookie?: string) {
  const headers: Record<string, string> = { "content-type": "application/json", origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  const response = await t.app.request(`/trpc/${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  const json = await response.json();
  return { status: response.status, message: String(json.error?.message ?? "") };
}

/** Eight different families that all claim one head NIK. */
async function formsSharingHeadNik(): Promise<{ nik: string; forms: FamilyRegistration[] }> {
  const first = await familyForm(t.db);
  const forms = [first];
  for (let index = 1; index < RACERS; index += 1) {
    forms.push(withHeadNik(await familyForm(t.db), first.nikKepalaKeluarga));
  }
  return { nik: first.nikKepalaKeluarga, forms };
}

function expectOneWinner(outcomes: Array<{ status: number; message: string }>, nik: string) {
  expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([200, ...Array(RACERS - 1).fill(409)]);
  for (const outcome of outcomes.filter((item) => item.status === 409)) expect(outcome.message).toContain(`NIK ${nik}`);
}

const as = (user: UserRow) => ({ user, ip: "127.0.0.1" });

describe("8 concurrent creates with one NIK: 1 success, 7 × 409 naming the NIK", () => {
  test("public form (tRPC)", async () => {
    const { nik, forms } = await formsSharingHeadNik();
    const outcomes = await Promise.all(
      forms.map((form) => {
        const challenge = issueCaptcha(t.env.APP_SECRET, "family");
        const captcha = { token: challenge.token, answer: solveCaptcha(challenge.question) };
        return trpcPost("registers.registerFamily", { form, captcha, idempotencyKey: crypto.randomUUID() });
      }),
    );
    expectOneWinner(outcomes, nik);
  });

  test("Maker Checker (tRPC)", async () => {
    const cookie = await sessionCookieFor(t.db, (await createCadre(t.db, "rt")).id);
    const { nik, forms } = await formsSharingHeadNik();
    const outcomes = await Promise.all(
      forms.map((data) => trpcPost("registers.create", { data, confirmNik: true }, cookie)),
    );
    expectOneWinner(outcomes, nik);
  });

  test("REST POST /api/registers", async () => {
    const auth = await cookieOf(t, await createCadre(t.db, "rt"));
    const { nik, forms } = await formsSharingHeadNik();
    const outcomes = await Promise.all(
      forms.map(async (form) => {
        const answer = await restCall(t, "POST", "/registers", auth, restBody(form, { nik_confirmed: true }));
        return { status: answer.status, message: String(answer.json.error?.message ?? "") };
      }),
    );
    expectOneWinner(outcomes, nik);
  });
});

describe("8 concurrent edits adding one member NIK to different families: 1 success, 7 × 409", () => {
  async function familiesAndNewMember() {
    const families = [];
    for (let index = 0; index < RACERS; index += 1) families.push(await createFamilyRegister(t.db));
    const nik = `3275${String(Date.now()).slice(-12)}`;
    const withMember = (form: FamilyRegistration): FamilyRegistration => {
      const first = form.members[0];
      if (!first) throw new Error("family without members");
      return {
        ...form,
        members: [
          ...form.members,
          { ...first, nik, fullName: "Anggota Rebutan", relationship: "Lainnya", maritalStatus: "Belum Kawin" },
        ],
      };
    };
    return { nik, families, withMember };
  }

  test("Maker Checker (tRPC)", async () => {
    const cookie = await sessionCookieFor(t.db, (await createCadre(t.db, "rt")).id);
    const { nik, families, withMember } = await familiesAndNewMember();
    const outcomes = await Promise.all(
      families.map((family) =>
        trpcPost(
          "registers.update",
          { registerId: family.id, version: 1, data: withMember(family.form), confirmNik: true },
          cookie,
        ),
      ),
    );
    expectOneWinner(outcomes, nik);
  });

  test("REST PUT /api/registers/:id", async () => {
    const auth = await cookieOf(t, await createCadre(t.db, "rt"));
    const { nik, families, withMember } = await familiesAndNewMember();
    const outcomes = await Promise.all(
      families.map(async (family) => {
        const members = withMember(family.form).members;
        const answer = await restCall(t, "PUT", `/registers/${family.id}`, auth, {
          data: { data_register: { members }, nik_confirmed: true },
        });
        return { status: answer.status, message: String(answer.json.error?.message ?? "") };
      }),
    );
    expectOneWinner(outcomes, nik);
  });
});

describe("locked after verification; 'Buka Kembali' sends it back through every level", () => {
  test("tRPC: edit and delete refused while locked; the right level reopens; every level verifies again", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await createCadre(t.db, "rt");
    const rw = await createCadre(t.db, "rw");
    const kelurahan = await createCadre(t.db, "kelurahan");
    const admin = await createUser(t.db, { role: "admin" });
    const version = async () => (await openRecord(t.db, as(admin), { registerId: family.id })).version;

    await transition(t.db, as(rt), { registerId: family.id, action: "verify" });
    const opened = await openRecord(t.db, as(rt), { registerId: family.id });
    expect([opened.locked, opened.canEdit, opened.canReopen]).toEqual([true, false, true]);
    expect(opened.lockReason).toBe(lockedMessage("RT_VERIFIED"));
    const edit = () =>
      updateRecord(t.db, as(rt), { registerId: family.id, version: opened.version, data: family.form });
    expect(await refusal(edit())).toMatchObject({ code: "CONFLICT", message: lockedMessage("RT_VERIFIED") });
    const remove = deleteRecord(t.db, as(admin), { registerId: family.id, version: opened.version, reason: "x" });
    expect((await refusal(remove)).code).toBe("CONFLICT");

    // RW_VERIFIED: an RT cadre may not reopen what the RW verified; the RW cadre may.
    await transition(t.db, as(rw), { registerId: family.id, action: "verify" });
    const rtReopen = reopenRecord(t.db, as(rt), { registerId: family.id, version: await version(), reason: "Salah" });
    expect((await refusal(rtReopen)).code).toBe("FORBIDDEN");
    expect((await openRecord(t.db, as(rt), { registerId: family.id })).canReopen).toBe(false);
    const noReason = reopenRecord(t.db, as(rw), { registerId: family.id, version: await version(), reason: " " });
    expect((await refusal(noReason)).message).toBe("Alasan membuka kembali wajib diisi");
    await reopenRecord(t.db, as(rw), { registerId: family.id, version: await version(), reason: "Alamat keliru" });

    const [row] = await t.db.select().from(registers).where(eq(registers.id, family.id));
    expect(row?.status).toBe("SUBMITTED");
    const history = await callerFor(t, rt).registers.history({ registerId: family.id });
    expect(history.at(-1)).toMatchObject({
      fromStatus: "RW_VERIFIED",
      toStatus: "SUBMITTED",
      note: "Buka Kembali: Alamat keliru",
    });

    // Every level again, then the kelurahan reopens the approved record and the RT edits it.
    await transition(t.db, as(rt), { registerId: family.id, action: "verify" });
    await transition(t.db, as(rw), { registerId: family.id, action: "verify" });
    await transition(t.db, as(kelurahan), { registerId: family.id, action: "verify" });
    const approvedReopen = reopenRecord(t.db, as(rw), { registerId: family.id, version: await version(), reason: "x" });
    expect((await refusal(approvedReopen)).code).toBe("FORBIDDEN");
    await reopenRecord(t.db, as(kelurahan), { registerId: family.id, version: await version(), reason: "Data baru" });
    const saved = await updateRecord(t.db, as(rt), {
      registerId: family.id,
      version: await version(),
      data: { ...family.form, nomorHp: "081211112222" },
    });
    expect(saved.version).toBe(await version());

    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, family.id), inArray(auditLog.action, ["register.status", "register.reopen"])));
    const counts = Object.fromEntries(
      ["register.status", "register.reopen"].map((name) => [name, actions.filter((a) => a.action === name).length]),
    );
    expect(counts).toEqual({ "register.status": 5, "register.reopen": 2 });
    const [update] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, family.id), eq(auditLog.action, "register.update")));
    expect(JSON.stringify(update)).not.toMatch(/\d{16}/);
  });

  test("REST: PUT and DELETE on a locked record answer 409 ConflictError saying it must be reopened; status SUBMITTED with a reason reopens", async () => {
    const family = await createFamilyRegister(t.db, { status: "APPROVED" });
    const auth = await cookieOf(t, await createCadre(t.db, "kelurahan"));
    const put = await restCall(t, "PUT", `/registers/${family.id}`, auth, { data: { nomor_hp: "081233334444" } });
    expect([put.status, put.json.error.name, put.json.error.message]).toEqual([
      409,
      "ConflictError",
      lockedMessage("APPROVED"),
    ]);
    const removed = await restCall(t, "DELETE", `/registers/${family.id}`, auth);
    expect([removed.status, removed.json.error.name]).toEqual([409, "ConflictError"]);
    // Reopening over REST: status SUBMITTED with a reason; then the edit goes through.
    const noReason = await restCall(t, "PUT", `/registers/${family.id}`, auth, { data: { status: "SUBMITTED" } });
    expect([noReason.status, noReason.json.error.message]).toEqual([400, "Alasan membuka kembali wajib diisi"]);
    const reopened = await restCall(t, "PUT", `/registers/${family.id}`, auth, {
      data: { status: "SUBMITTED", reason: "Nomor HP berganti" },
    });
    expect([reopened.status, reopened.json.data.attributes.status]).toEqual([200, "SUBMITTED"]);
    const edited = await restCall(t, "PUT", `/registers/${family.id}`, auth, { data: { nomor_hp: "081233334444" } });
    expect([edited.status, edited.json.data.attributes.nomor_hp]).toEqual([200, "081233334444"]);
  });
});

describe("server-set parts of the form survive edits", () => {
  test("a status move and a reopen write their register once, waiting since their own event", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await createCadre(t.db, "rt");
    const writes = await registerWritesDuring(t.db, family.id, async () => {
      await transition(t.db, as(rt), { registerId: family.id, action: "verify" });
      const { version } = await openRecord(t.db, as(rt), { registerId: family.id });
      await reopenRecord(t.db, as(rt), { registerId: family.id, version, reason: "Alamat keliru" });
    });
    const events = await t.db
      .select({ toStatus: registerEvents.toStatus, createdAt: registerEvents.createdAt })
      .from(registerEvents)
      .where(eq(registerEvents.registerId, family.id))
      .orderBy(registerEvents.id);
    expect(events.map((event) => event.toStatus)).toEqual(["SUBMITTED", "RT_VERIFIED", "SUBMITTED"]);
    expect(writes.map((write) => write.status)).toEqual(["RT_VERIFIED", "SUBMITTED"]);
    expect(writes.map((write) => write.waitingSince.getTime())).toEqual(
      events.slice(1).map((event) => event.createdAt.getTime()),
    );
    const [row] = await t.db.select().from(registers).where(eq(registers.id, family.id));
    expect(row?.waitingSince.getTime()).toBe(events[2]?.createdAt.getTime());
  });

  test("a family created at any door (public form, Maker Checker, REST) is written once, waiting since its creation", async () => {
    const rt = await createCadre(t.db, "rt");
    const auth = await cookieOf(t, rt);
    const created: number[] = [];
    const writes = await registerWritesDuring(t.db, null, async () => {
      const challenge = issueCaptcha(t.env.APP_SECRET, "family");
      const publicForm = await callerFor(t, null, "10.9.9.8").registers.registerFamily({
        form: await familyForm(t.db),
        captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
        idempotencyKey: crypto.randomUUID(),
      });
      created.push(publicForm.id);
      const cadreInput = await callerFor(t, rt).registers.create({ data: await familyForm(t.db), confirmNik: true });
      created.push(cadreInput.registerId);
      const rest = await restCall(
        t,
        "POST",
        "/registers",
        auth,
        restBody(await familyForm(t.db), { nik_confirmed: true }),
      );
      expect(rest.status).toBe(200);
      created.push(Number(rest.json.data.id));
    });
    expect(writes).toEqual([]);
    for (const id of created) {
      const [row] = await t.db.select().from(registers).where(eq(registers.id, id));
      const [event] = await t.db.select().from(registerEvents).where(eq(registerEvents.registerId, id));
      expect([row?.status, event?.toStatus]).toEqual(["SUBMITTED", "SUBMITTED"]);
      expect(event?.createdAt.getTime()).toBe(row?.createdAt.getTime());
      expect(row?.waitingSince.getTime()).toBe(row?.createdAt.getTime());
    }
  });

  test("registrationDate and consent stay as the public form stored them after a Maker Checker save", async () => {
    const form = await familyForm(t.db);
    const challenge = issueCaptcha(t.env.APP_SECRET, "family");
    const created = await callerFor(t, null, "10.9.9.9").registers.registerFamily({
      form,
      captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
      idempotencyKey: crypto.randomUUID(),
    });
    const [before] = await t.db.select().from(registers).where(eq(registers.id, created.id));
    const rt = await createCadre(t.db, "rt");
    await callerFor(t, rt).registers.update({
      registerId: created.id,
      version: 1,
      data: { ...form, nomorHp: "081277778888" },
    });
    const [after] = await t.db.select().from(registers).where(eq(registers.id, created.id));
    const dateOf = (value: unknown) =>
      typeof value === "object" && value !== null && "registrationDate" in value ? value.registrationDate : undefined;
    expect(dateOf(before?.dataRegister)).toEqual(expect.any(String));
    expect(dateOf(after?.dataRegister)).toBe(dateOf(before?.dataRegister));
    expect([after?.consentAt, after?.consentVersion, after?.formType]).toEqual([
      before?.consentAt,
      before?.consentVersion,
      "family_registration",
    ]);
    const events = await t.db.select().from(registerEvents).where(eq(registerEvents.registerId, created.id));
    expect(events).toHaveLength(1);
  });
});

describe("one audit row per action, never a NIK", () => {
  test("open, edit, delete, restore and export each write exactly one row of their action", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await createCadre(t.db, "rt");
    const admin = await createUser(t.db, { role: "admin" });
    const cadre = callerFor(t, rt);
    const opened = await cadre.registers.open({ registerId: family.id });
    const saved = await cadre.registers.update({
      registerId: family.id,
      version: opened.version,
      data: { ...family.form, notes: "Diperbarui" },
    });
    await cadre.registers.delete({ registerId: family.id, version: saved.version, reason: "Pindah" });
    await callerFor(t, admin).registers.restore({ registerId: family.id });
    const month = new Date().toISOString().slice(0, 7);
    await cadre.reports.export({ month, format: "csv" });

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.actorId, [rt.id, admin.id]));
    const perAction = Object.fromEntries(
      [...new Set(rows.map((row) => row.action))].map((action) => [
        action,
        rows.filter((row) => row.action === action).length,
      ]),
    );
    expect(perAction).toEqual({
      "register.read": 1,
      "register.update": 1,
      "register.delete": 1,
      "register.restore": 1,
      "register.export": 1,
    });
    expect(JSON.stringify(rows)).not.toMatch(/\d{16}/);
  });
});

// The NIK birth-date warning (issue 15): digits 7–12 of a NIK against the member's birth date and sex.
// The family's own form only warns; a cadre's save that enters or changes such a member needs the
// explicit confirmation, which the audit trail records with who and when. Same through tRPC and REST.
import { describe, expect, test } from "bun:test";
import { and, desc, eq, inArray } from "drizzle-orm";
import { nikConfirmationNeededMessage } from "@shared/household-rules.ts";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { refusal } from "../../../test/domain-error.ts";
import { createFamilyRegister, familyForm } from "../../../test/factories.ts";
import { callerFor, solveCaptcha, useTestApp } from "../../../test/helpers.ts";
import { cookieOf, restBody, restCall } from "../../../test/rest.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { issueCaptcha } from "../public/captcha.ts";
import { createRecord, updateRecord } from "./records.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });

/** The wife (member 2) born on another day than her NIK says. */
function oddWife(form: FamilyRegistration): FamilyRegistration {
  return {
    ...form,
    members: form.members.map((member, index) => (index === 1 ? { ...member, birthDate: "1991-01-01" } : member)),
  };
}

/** The newest write audited for the record (reads are audited too, and are skipped here). */
async function lastAudit(registerId: number) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, "registers"),
        eq(auditLog.entityId, registerId),
        inArray(auditLog.action, ["register.create", "register.update"]),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe("NIK that disagrees with birth date or sex", () => {
  test("the family's own form accepts it (the cadre confirms later)", async () => {
    const form = oddWife(await familyForm(t.db));
    const challenge = issueCaptcha(t.env.APP_SECRET, "family");
    const result = await callerFor(t, null, "10.0.150.1").registers.registerFamily({
      form,
      captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
      idempotencyKey: crypto.randomUUID(),
    });
    expect(result.registrationNumber).toMatch(/^REG-/);
  });

  test("a cadre's new record is refused beside the NIK without the confirmation, saved and audited with it", async () => {
    const rt = await createCadre(t.db, "rt");
    const data = oddWife(await familyForm(t.db));
    const error = await refusal(createRecord(t.db, as(rt), { data }));
    expect([error.code, error.message]).toEqual(["BAD_REQUEST", nikConfirmationNeededMessage]);
    expect(error.options.fieldErrors?.map((item) => item.path)).toEqual([["data", "members", "1", "nik"]]);
    expect(error.options.fieldErrors?.[0]?.message).toMatch(
      /^Tanggal lahir di NIK \(\d{2}-\d{2}-\d{2}\) berbeda dengan tanggal lahir anggota\. NIK tidak sesuai/,
    );

    const saved = await createRecord(t.db, as(rt), { data, confirmNik: true });
    const audited = await lastAudit(saved.registerId);
    expect(audited).toMatchObject({ action: "register.create", actorId: rt.id, details: { nikConfirmed: [2] } });
    expect(audited?.createdAt).toBeInstanceOf(Date);
  });

  test("an edit that makes a member disagree needs it; saving a disagreeing member unchanged does not", async () => {
    const rt = await createCadre(t.db, "rt");
    const family = await createFamilyRegister(t.db);
    const odd = oddWife(family.form);
    const error = await refusal(updateRecord(t.db, as(rt), { registerId: family.id, version: 1, data: odd }));
    expect(error.options.fieldErrors?.map((item) => item.path)).toEqual([["data", "members", "1", "nik"]]);

    await updateRecord(t.db, as(rt), { registerId: family.id, version: 1, data: odd, confirmNik: true });
    expect(await lastAudit(family.id)).toMatchObject({
      action: "register.update",
      actorId: rt.id,
      details: { version: 2, nikConfirmed: [2] },
    });
    // Another field later: the member was confirmed as she is, nothing to confirm again.
    const later = { ...odd, notes: "Catatan kader" };
    expect(await updateRecord(t.db, as(rt), { registerId: family.id, version: 2, data: later })).toEqual({
      registerId: family.id,
      version: 3,
    });
    const [row] = await t.db.select().from(registers).where(eq(registers.id, family.id));
    expect(row?.version).toBe(3);
  });

  test("a member the family sent disagreeing is confirmed by the first cadre save; the revision records it", async () => {
    const rt = await createCadre(t.db, "rt");
    const form = oddWife(await familyForm(t.db));
    const challenge = issueCaptcha(t.env.APP_SECRET, "family");
    await callerFor(t, null, "10.0.150.2").registers.registerFamily({
      form,
      captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
      idempotencyKey: crypto.randomUUID(),
    });
    const [row] = await t.db.select().from(registers).where(eq(registers.nikKepalaKeluarga, form.nikKepalaKeluarga));
    if (!row) throw new Error("not registered");
    const cadre = callerFor(t, rt).registers;
    const opened = await cadre.open({ registerId: row.id });
    expect(opened.nikConfirmations).toEqual([]);

    // Even a change elsewhere asks for it: nobody has checked her documents yet.
    const later = { ...form, notes: "Dicek kader" };
    const error = await refusal(updateRecord(t.db, as(rt), { registerId: row.id, version: 1, data: later }));
    expect(error.options.fieldErrors?.map((item) => item.path)).toEqual([["data", "members", "1", "nik"]]);
    await cadre.update({ registerId: row.id, version: 1, data: later, confirmNik: true });

    const wife = form.members[1];
    if (!wife) throw new Error("no wife");
    const confirmedWife = { nik: wife.nik, birthDate: "1991-01-01", gender: wife.gender };
    expect((await cadre.open({ registerId: row.id })).nikConfirmations).toEqual([confirmedWife]);
    const [revision] = await cadre.revisions({ registerId: row.id });
    expect(revision?.actorName).toBe(rt.fullName);
    expect(revision?.changes).toContainEqual({ path: "nikConfirmations", before: null, after: [confirmedWife] });
    // From now on her data is confirmed as it is.
    const again = { ...later, notes: "Dicek ulang" };
    expect(await updateRecord(t.db, as(rt), { registerId: row.id, version: 2, data: again })).toMatchObject({
      version: 3,
    });
  });

  test("REST: 400 beside data_register.members.1.nik, then nik_confirmed: true saves it", async () => {
    const auth = await cookieOf(t, await createCadre(t.db, "rt"));
    const form = oddWife(await familyForm(t.db));
    const refused = await restCall(t, "POST", "/registers", auth, restBody(form));
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe(nikConfirmationNeededMessage);
    expect(refused.json.error.details.errors[0].path).toEqual(["data_register", "members", "1", "nik"]);
    const wrongType = await restCall(t, "POST", "/registers", auth, restBody(form, { nik_confirmed: "ya" }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.error.details.errors[0].path).toEqual(["nik_confirmed"]);

    const created = await restCall(t, "POST", "/registers", auth, restBody(form, { nik_confirmed: true }));
    expect(created.status).toBe(200);
    const id = Number(created.json.data.id);
    expect((await lastAudit(id))?.details).toMatchObject({ nikConfirmed: [2] });

    // PUT that changes the head's sex: refused without, saved with the confirmation.
    const members = form.members.map((member, index) => (index === 0 ? { ...member, gender: "Perempuan" } : member));
    const put = await restCall(t, "PUT", `/registers/${id}`, auth, { data: { data_register: { members } } });
    expect(put.status).toBe(400);
    expect(put.json.error.details.errors[0].path).toEqual(["data_register", "members", "0", "nik"]);
    const confirmed = await restCall(t, "PUT", `/registers/${id}`, auth, {
      data: { data_register: { members }, nik_confirmed: true },
    });
    expect(confirmed.status).toBe(200);
    expect((await lastAudit(id))?.details).toMatchObject({ nikConfirmed: [1] });
  });
});

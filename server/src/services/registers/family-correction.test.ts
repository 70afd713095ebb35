// 'Perbaiki Data' (issue 15) through the tRPC caller as a resident uses it: three facts, one generic
// refusal, the try limits, and a correction that goes back to SUBMITTED with its revision and event.
import { describe, expect, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import { ownershipMismatchMessage } from "@shared/schemas/correction.ts";
import { statusLabel } from "@shared/status.ts";
import { emailOutbox } from "../../db/schema/auth-tokens.ts";
import { auditLog, registerRevisions } from "../../db/schema/audit.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { callerFor, solveCaptcha, useTestApp } from "../../../test/helpers.ts";
import { registerWritesDuring } from "../../../test/register-writes.ts";
import { openMail } from "../mail/outbox-seal.ts";
import { issueCaptcha } from "../public/captcha.ts";

describe("family correction ('Perbaiki Data')", () => {
  const t = useTestApp();
  const captcha = () => {
    const challenge = issueCaptcha(t.env.APP_SECRET, "search");
    return { token: challenge.token, answer: solveCaptcha(challenge.question) };
  };
  let ip = 0;
  const resident = () => {
    ip += 1;
    return callerFor(t, null, `10.0.15.${ip}`).registers;
  };

  async function family(status: "NEEDS_REVISION" | "REJECTED" | "SUBMITTED" | "RT_VERIFIED", email = "") {
    const created = await createFamilyRegister(t.db, {
      status,
      rw: "005",
      rt: "001",
      change: (form) => ({ ...form, alamatEmail: email }),
    });
    const [row] = await t.db.select().from(registers).where(eq(registers.id, created.id));
    return { ...created, registrationNumber: row?.registrationNumber ?? "" };
  }

  test("wrong number, NIK or phone all get the same answer, and nothing of the record", async () => {
    const { form, registrationNumber } = await family("NEEDS_REVISION");
    const facts = { registrationNumber, nikKepalaKeluarga: form.nikKepalaKeluarga, nomorHp: form.nomorHp };
    const wrongs = [
      { ...facts, registrationNumber: "REG-20260101-AAAA-BBBB" },
      { ...facts, nikKepalaKeluarga: "3275019999999999" },
      { ...facts, nomorHp: "081100000000" },
    ];
    for (const wrong of wrongs) {
      const refusal = await resident()
        .openCorrection({ ...wrong, captcha: captcha() })
        .catch((error: unknown) => error);
      expect(refusal).toMatchObject({ code: "BAD_REQUEST", message: ownershipMismatchMessage });
    }
  });

  test("at most 5 tries an hour per record, from any address", async () => {
    const { form, registrationNumber } = await family("NEEDS_REVISION");
    const wrong = { registrationNumber, nikKepalaKeluarga: form.nikKepalaKeluarga, nomorHp: "081100000000" };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(resident().openCorrection({ ...wrong, captcha: captcha() })).rejects.toThrow(
        ownershipMismatchMessage,
      );
    }
    // Even the right facts are refused now: the record's limit is used up.
    await expect(
      resident().openCorrection({ ...wrong, nomorHp: form.nomorHp, captcha: captcha() }),
    ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });

  test("at most 5 tries an hour per address", async () => {
    const caller = callerFor(t, null, "10.0.16.1").registers;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const guess = {
        registrationNumber: `REG-20260101-AAAA-000${attempt}`,
        nikKepalaKeluarga: "3275010101010101",
        nomorHp: "0811",
      };
      await expect(caller.openCorrection({ ...guess, captcha: captcha() })).rejects.toThrow(ownershipMismatchMessage);
    }
    const last = {
      registrationNumber: "REG-20260101-AAAA-0009",
      nikKepalaKeluarga: "3275010101010101",
      nomorHp: "0811",
    };
    await expect(caller.openCorrection({ ...last, captcha: captcha() })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
  });

  test("unsolved captchas do not use up the record's tries: knowing the number cannot lock the family out", async () => {
    const { id, form, registrationNumber } = await family("NEEDS_REVISION");
    const facts = { registrationNumber, nikKepalaKeluarga: form.nikKepalaKeluarga, nomorHp: form.nomorHp };
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const challenge = issueCaptcha(t.env.APP_SECRET, "search");
      await expect(
        resident().openCorrection({
          ...facts,
          captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) + 1 },
        }),
      ).rejects.toThrow("Jawaban captcha salah");
    }
    const access = await resident().openCorrection({ ...facts, captcha: captcha() });
    expect(access.record.data.nikKepalaKeluarga).toBe(form.nikKepalaKeluarga);
    // The full record (every NIK, the health data) went to a caller without an account: audited.
    const [read] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "register.read")));
    expect(read).toMatchObject({ actorId: null, details: { surface: "correction", by: "family" } });
    expect(read?.ip).toMatch(/^10\.0\.15\.\d+$/);
  });

  test("a wrong captcha says 'Jawaban captcha salah'", async () => {
    const { form, registrationNumber } = await family("NEEDS_REVISION");
    const challenge = issueCaptcha(t.env.APP_SECRET, "search");
    await expect(
      resident().openCorrection({
        registrationNumber,
        nikKepalaKeluarga: form.nikKepalaKeluarga,
        nomorHp: form.nomorHp,
        captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) + 1 },
      }),
    ).rejects.toThrow("Jawaban captcha salah");
  });

  test("round trip: the family's own data, a corrected version back to SUBMITTED in the RT queue, a mail", async () => {
    const { id, form, registrationNumber } = await family("NEEDS_REVISION", "keluarga@contoh.id");
    await t.db
      .insert(registerEvents)
      .values({ registerId: id, fromStatus: "SUBMITTED", toStatus: "NEEDS_REVISION", note: "Lengkapi RT" });
    const access = await resident().openCorrection({
      registrationNumber: registrationNumber.toLowerCase(),
      nikKepalaKeluarga: form.nikKepalaKeluarga,
      nomorHp: `+62 ${form.nomorHp.slice(1)}`,
      captcha: captcha(),
    });
    expect(access.status).toBe("NEEDS_REVISION");
    expect(access.review?.note).toBe("Lengkapi RT");
    expect(access.record.data.nikKepalaKeluarga).toBe(form.nikKepalaKeluarga);

    const corrected = { ...access.record.data, notes: "Sudah diperbaiki" };
    let result: unknown;
    const writes = await registerWritesDuring(t.db, id, async () => {
      result = await resident().submitCorrection({ token: access.token, version: access.version, form: corrected });
    });
    expect(result).toMatchObject({ status: "SUBMITTED", statusLabel: "Menunggu Persetujuan", registrationNumber });

    const events = await t.db
      .select()
      .from(registerEvents)
      .where(eq(registerEvents.registerId, id))
      .orderBy(asc(registerEvents.id));
    expect(events.at(-1)).toMatchObject({
      fromStatus: "NEEDS_REVISION",
      toStatus: "SUBMITTED",
      note: "Diperbaiki oleh keluarga",
    });
    // One write of the register, waiting since the correction's own event.
    expect(writes.map((write) => [write.status, write.waitingSince.getTime()])).toEqual([
      ["SUBMITTED", events.at(-1)?.createdAt.getTime() ?? 0],
    ]);
    const revisions = await t.db.select().from(registerRevisions).where(eq(registerRevisions.registerId, id));
    expect(revisions.flatMap((revision) => revision.changes.map((change) => change.path))).toContain("notes");

    const rt = await createCadre(t.db, "rt", { rw: "005", rt: "001" });
    const queue = await callerFor(t, rt).registers.queue({ status: "waiting" });
    expect(queue.items.map((item) => item.id)).toContain(id);

    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "keluarga@contoh.id"));
    expect(openMail(t.env.APP_SECRET, mails.at(-1)?.body ?? "")?.text).toContain("Menunggu Persetujuan");

    // The token cannot replay an old version: a second send with the same version is stale (409).
    await expect(
      resident().submitCorrection({ token: access.token, version: access.version, form: corrected }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });

  test("every status move mails the family (when it gave an e-mail), in Indonesian with the note", async () => {
    const { id } = await family("SUBMITTED", "kabar@contoh.id");
    const rt = await createCadre(t.db, "rt", { rw: "005", rt: "001" });
    await callerFor(t, rt).registers.transition({
      registerId: id,
      action: "requestRevision",
      note: "Lengkapi NIK istri",
    });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "kabar@contoh.id"));
    expect(mail?.subject).toContain("Perlu Revisi");
    expect(openMail(t.env.APP_SECRET, mail?.body ?? "")?.text).toContain("Catatan kader: Lengkapi NIK istri");
    const silent = await family("SUBMITTED");
    const before = (await t.db.select().from(emailOutbox)).length;
    await callerFor(t, rt).registers.transition({ registerId: silent.id, action: "verify" });
    expect((await t.db.select().from(emailOutbox)).length).toBe(before);
  });

  test("two cadres moving one family at once: one move, one event, one mail", async () => {
    const { id } = await family("SUBMITTED", "sekali@contoh.id");
    const first = await createCadre(t.db, "rt", { rw: "005", rt: "001" });
    const second = await createCadre(t.db, "rt", { rw: "005", rt: "001" });
    const outcomes = await Promise.allSettled([
      callerFor(t, first).registers.transition({ registerId: id, action: "verify", expectedVersion: 1 }),
      callerFor(t, second).registers.transition({ registerId: id, action: "requestRevision", note: "Cek alamat" }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const events = await t.db.select().from(registerEvents).where(eq(registerEvents.registerId, id));
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "sekali@contoh.id"));
    expect(events).toHaveLength(2);
    expect(mails).toHaveLength(1);
    const moved = events.find((event) => event.toStatus !== "SUBMITTED")?.toStatus ?? "SUBMITTED";
    expect(mails[0]?.subject).toContain(statusLabel(moved));
  });

  test("a record the RT has verified cannot be corrected by the family", async () => {
    const { form, registrationNumber } = await family("RT_VERIFIED");
    await expect(
      resident().openCorrection({
        registrationNumber,
        nikKepalaKeluarga: form.nikKepalaKeluarga,
        nomorHp: form.nomorHp,
        captcha: captcha(),
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });

  test("a forged or expired token is refused", async () => {
    const { form } = await family("REJECTED");
    await expect(
      resident().submitCorrection({ token: "1.99999999999999.abc", version: 1, form: { ...form, agreement: true } }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

import { describe, expect, test } from "bun:test";
import { count, eq, sql } from "drizzle-orm";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { idempotencyKeys } from "../../db/schema/idempotency.ts";
import { familyMembers, registerEvents, registers } from "../../db/schema/registers.ts";
import { familyForm, withHeadNik } from "../../../test/factories.ts";
import { TEST_ORIGIN, callerFor, solveCaptcha, useTestApp } from "../../../test/helpers.ts";
import { issueCaptcha } from "../public/captcha.ts";

let ipCounter = 0;
/** Each test its own address, so the per-IP limit only bites where a test wants it to. */
const freshIp = () => {
  ipCounter += 1;
  return `10.0.1.${ipCounter}`;
};

describe("family registration", () => {
  const t = useTestApp();

  const captcha = () => {
    const challenge = issueCaptcha(t.env.APP_SECRET, "family");
    return { token: challenge.token, answer: solveCaptcha(challenge.question) };
  };
  const register = (
    form: FamilyRegistration,
    options: { key?: string; ip?: string; captcha?: { token: string; answer: number } } = {},
  ) =>
    callerFor(t, null, options.ip ?? freshIp()).registers.registerFamily({
      form,
      captcha: options.captcha ?? captcha(),
      idempotencyKey: options.key ?? crypto.randomUUID(),
    });

  async function tableCounts() {
    const [r] = await t.db.select({ n: count() }).from(registers);
    const [m] = await t.db.select({ n: count() }).from(familyMembers);
    const [e] = await t.db.select({ n: count() }).from(registerEvents);
    const [k] = await t.db.select({ n: count() }).from(idempotencyKeys);
    return { registers: r?.n, members: m?.n, events: e?.n, keys: k?.n };
  }

  test("stores the register with its members, padded RT/RW, consent and a SUBMITTED event", async () => {
    const form = await familyForm(t.db, { rw: "5", rt: "12" });
    const result = await register(form);
    expect(result.registrationNumber).toMatch(/^REG-\d{8}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(result.record.statusLabel).toBe("Menunggu Persetujuan");
    expect(result.record.data.members).toHaveLength(form.members.length);
    expect(result.record.desaKelurahanNama).toBe("Bekasijaya");

    const [row] = await t.db.select().from(registers).where(eq(registers.id, result.id));
    expect(row).toMatchObject({
      formType: "family_registration",
      status: "SUBMITTED",
      nikKepalaKeluarga: form.nikKepalaKeluarga,
      rw: "005",
      rt: "012",
      desaKelurahanId: form.address.desaKelurahanId,
      memberCount: form.members.length,
      consentVersion: "2026-11",
    });
    expect(row?.consentAt).toBeInstanceOf(Date);
    const members = await t.db.select().from(familyMembers).where(eq(familyMembers.registerId, result.id));
    expect(members.map((member) => member.nik).sort()).toEqual(form.members.map((member) => member.nik).sort());
    const events = await t.db.select().from(registerEvents).where(eq(registerEvents.registerId, result.id));
    expect(events.map((event) => event.toStatus)).toEqual(["SUBMITTED"]);
    // Audited like every other create of personal data: no account, the resident's address, no NIK.
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, result.id));
    expect(audits.map(({ action, actorId, details }) => ({ action, actorId, details }))).toEqual([
      { action: "register.create", actorId: null, details: { by: "family" } },
    ]);
    expect(audits[0]?.ip).toMatch(/^10\.0\.1\.\d+$/);
  });

  test("a head NIK already registered is refused naming the NIK, and nothing is written", async () => {
    const first = await familyForm(t.db);
    await register(first);
    const before = await tableCounts();
    const second = await familyForm(t.db, {}, (form) => withHeadNik(form, first.nikKepalaKeluarga));
    const error = await register(second).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "CONFLICT" });
    expect(String(error)).toContain(`NIK ${first.nikKepalaKeluarga} sudah terdaftar`);
    expect(String(error)).toContain("Keluarga ini sudah terdaftar");
    expect(await tableCounts()).toEqual(before);
  });

  test("a member NIK held by another family is refused with a field error on that member", async () => {
    const first = await familyForm(t.db);
    await register(first);
    const takenNik = first.members[1]?.nik ?? "";
    const second = await familyForm(t.db, {}, (form) => ({
      ...form,
      members: form.members.map((member, index) => (index === 1 ? { ...member, nik: takenNik } : member)),
    }));
    const response = await t.app.request("/trpc/registers.registerFamily", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify({ form: second, captcha: captcha(), idempotencyKey: crypto.randomUUID() }),
    });
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body.error.message).toContain(`NIK ${takenNik} sudah terdaftar`);
    expect(body.error.data.fieldErrors).toEqual([
      { path: ["members", "1", "nik"], message: `NIK ${takenNik} sudah terdaftar pada keluarga lain` },
    ]);
  });

  test("a replayed idempotency key returns the same registration and stores nothing new", async () => {
    const form = await familyForm(t.db);
    const key = crypto.randomUUID();
    const ip = freshIp();
    const firstCaptcha = captcha();
    const first = await register(form, { key, ip, captcha: firstCaptcha });
    const before = await tableCounts();
    // A retry after a lost answer resends the very same body, captcha included.
    const again = await register(form, { key, ip, captcha: firstCaptcha });
    expect(again.id).toBe(first.id);
    expect(again.registrationNumber).toBe(first.registrationNumber);
    expect(await tableCounts()).toEqual(before);

    // The form changed after that lost answer (a phone number corrected): the resident is told the
    // family is registered, with its number, and that the change was not stored.
    const changed = { ...form, nomorHp: "081299990077" };
    await expect(register(changed, { key })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Keluarga ini sudah terdaftar dari pengiriman sebelumnya dengan nomor ${first.registrationNumber}; perubahan sesudahnya belum tersimpan. Cek statusnya di halaman Cari Data, lalu gunakan Perbaiki Data bila perlu mengubahnya.`,
    });
    expect(await tableCounts()).toEqual(before);
    // A retry long after, its captcha expired meanwhile: still the first registration.
    const expired = issueCaptcha(t.env.APP_SECRET, "family", Date.now() - 11 * 60 * 1000);
    const late = await register(form, {
      key,
      ip,
      captcha: { token: expired.token, answer: solveCaptcha(expired.question) },
    });
    expect(late.id).toBe(first.id);
  });

  test("a double submission at once stores one family; the other gets it, or is told to wait or reload", async () => {
    for (const sameCaptcha of [true, false]) {
      const form = await familyForm(t.db);
      const key = crypto.randomUUID();
      const ip = freshIp();
      const shared = captcha();
      const outcomes = await Promise.all(
        [shared, sameCaptcha ? shared : captcha()].map((answer) =>
          register(form, { key, ip, captcha: answer }).then(
            (result) => ({ id: result.id, message: "" }),
            (error: unknown) => ({ id: 0, message: error instanceof Error ? error.message : String(error) }),
          ),
        ),
      );
      const stored = await t.db
        .select({ id: registers.id })
        .from(registers)
        .where(eq(registers.nikKepalaKeluarga, form.nikKepalaKeluarga));
      expect(stored).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.id !== 0) expect(outcome.id).toBe(stored[0]?.id ?? -1);
        else expect(outcome.message).toMatch(/Captcha sudah dipakai|sedang diproses/);
      }
      expect(outcomes.some((outcome) => outcome.id !== 0)).toBe(true);
    }
  });

  test("a key past its 24-hour retry window is free again", async () => {
    const key = crypto.randomUUID();
    const first = await register(await familyForm(t.db), { key });
    await t.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(idempotencyKeys.key, `family:${key}`));
    const other = await familyForm(t.db);
    const second = await register(other, { key });
    expect(second.id).not.toBe(first.id);
    expect(second.record.data.nikKepalaKeluarga).toBe(other.nikKepalaKeluarga);
    const [claim] = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, `family:${key}`));
    expect(claim?.registerId).toBe(second.id);
    expect(claim?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
  });

  test("wrong, expired, other-kind and reused captchas are refused with the form's message", async () => {
    const form = await familyForm(t.db);
    const challenge = issueCaptcha(t.env.APP_SECRET, "family");
    await expect(
      register(form, { captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) + 1 } }),
    ).rejects.toThrow("Jawaban captcha salah");
    const old = issueCaptcha(t.env.APP_SECRET, "family", Date.now() - 11 * 60 * 1000);
    await expect(register(form, { captcha: { token: old.token, answer: solveCaptcha(old.question) } })).rejects.toThrow(
      "kedaluwarsa",
    );
    const search = issueCaptcha(t.env.APP_SECRET, "search");
    await expect(
      register(form, { captcha: { token: search.token, answer: solveCaptcha(search.question) } }),
    ).rejects.toThrow("Jawaban captcha salah");

    const used = captcha();
    await register(form, { captcha: used });
    const next = await familyForm(t.db);
    await expect(register(next, { captcha: used })).rejects.toThrow("Captcha sudah dipakai");
  });

  test("invalid forms get the spec's messages before anything is stored", async () => {
    const form = await familyForm(t.db, {}, (value) => ({ ...value, nomorHp: "0812", notes: "x".repeat(501) }));
    const response = await t.app.request("/trpc/registers.registerFamily", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify({ form, captcha: captcha(), idempotencyKey: crypto.randomUUID() }),
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain("Nomor HP tidak valid");
    expect(text).toContain("Catatan maksimal 500 karakter");
  });

  test("a kelurahan outside the chosen kecamatan is refused", async () => {
    const form = await familyForm(t.db, {}, (value) => ({
      ...value,
      address: { ...value.address, kecamatanId: value.address.kecamatanId + 1 },
    }));
    await expect(register(form)).rejects.toThrow("Kelurahan tidak berada di kecamatan yang dipilih");
  });

  test("a failure inside the transaction leaves nothing behind", async () => {
    const form = await familyForm(t.db);
    const lastNik = form.members.at(-1)?.nik ?? "";
    // A fault injected at the last write of the transaction (the members insert).
    await t.db.execute(
      sql.raw(`
      create or replace function fail_member() returns trigger language plpgsql as $$
      begin if new.nik = '${lastNik}' then raise exception 'injected failure'; end if; return new; end $$`),
    );
    await t.db.execute(
      sql.raw("create trigger fail_member before insert on family_members for each row execute function fail_member()"),
    );
    const before = await tableCounts();
    try {
      await expect(register(form)).rejects.toThrow();
      expect(await tableCounts()).toEqual(before);
    } finally {
      await t.db.execute(sql.raw("drop trigger fail_member on family_members"));
      await t.db.execute(sql.raw("drop function fail_member()"));
    }
    // The same family can register once the fault is gone: nothing half-written blocks it.
    const result = await register(form);
    expect(result.record.data.nikKepalaKeluarga).toBe(form.nikKepalaKeluarga);
  });

  test("too many submissions from one address get 429 with Retry-After", async () => {
    // app.request has no socket: every request here comes from the same (unknown) address.
    const headers = { "content-type": "application/json", origin: TEST_ORIGIN };
    let last: Response | undefined;
    for (let attempt = 0; attempt < 31; attempt += 1) {
      last = await t.app.request("/trpc/registers.registerFamily", {
        method: "POST",
        headers,
        body: JSON.stringify({
          form: await familyForm(t.db),
          captcha: { token: "x", answer: 1 },
          idempotencyKey: crypto.randomUUID(),
        }),
      });
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await last?.json())?.error.message).toBe("Terlalu banyak percobaan registrasi. Silakan coba lagi nanti");
  });
});

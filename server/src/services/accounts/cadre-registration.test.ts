import { afterAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { todayIso } from "@shared/dates.ts";
import { KADER_CONSENT_VERSION, type KaderRegistrationInput } from "@shared/schemas/kader.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import { TEST_ORIGIN, callerFor, createUser, sessionCookieFor, useTestApp } from "../../../test/helpers.ts";
import { kaderInput } from "../../../test/kader-input.ts";
import { flushOutbox, startMailbox } from "../../../test/mailbox.ts";

const mailbox = await startMailbox();
afterAll(() => mailbox.close());
const json = { "content-type": "application/json", origin: TEST_ORIGIN };

describe("cadre registration", () => {
  const t = useTestApp({ env: { SMTP_URL: mailbox.url } });
  const register = (body: KaderRegistrationInput, ip = "127.0.0.1") => callerFor(t, null, ip).kader.register(body);

  test("creates a pending cadre and a SUBMITTED kader_registration register without the password", async () => {
    const input = await kaderInput(t.db, t.env.APP_SECRET);
    const response = await t.app.request("/trpc/kader.register", {
      method: "POST",
      headers: json,
      body: JSON.stringify(input),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain("Bintang-Laut-48");
    expect(text).not.toContain("passwordHash");
    const result = JSON.parse(text).result.data;
    expect(result.username).toMatch(/^sri\.\d+_\d{4}$/);
    expect(result.wilayahKerja).toMatchObject({ rt: "001", rw: "005" });

    const [user] = await t.db.select().from(users).where(eq(users.email, input.email));
    expect(user).toMatchObject({ status: "pending", role: "kader", nik: input.nik, rt: "001", rw: "005" });
    expect(user?.passwordHash?.startsWith("$argon2id$")).toBe(true);
    const [register] = await t.db
      .select()
      .from(registers)
      .where(eq(registers.createdBy, user?.id ?? 0));
    expect(register).toMatchObject({
      formType: "kader_registration",
      status: "SUBMITTED",
      namaKepalaKeluarga: "Sri Wahyuni",
      nikKepalaKeluarga: input.nik,
      alamatEmail: input.email,
      memberCount: 4,
      // The consent ticked on the form, with the version of its text (DESIGN §6), as a family's.
      consentVersion: KADER_CONSENT_VERSION,
    });
    expect(register?.consentAt?.toISOString()).toBe(register?.createdAt.toISOString());
    // Its history starts at the sign-up, as a family's does; the sign-up is audited, with no account.
    const history = await t.db
      .select()
      .from(registerEvents)
      .where(eq(registerEvents.registerId, register?.id ?? 0));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: null, toStatus: "SUBMITTED", actorId: user?.id });
    expect(history[0]?.createdAt.toISOString()).toBe(register?.createdAt.toISOString());
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.sign-up"), eq(auditLog.entityId, user?.id ?? 0)));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorId: null, entity: "users", details: { registerId: register?.id } });
    expect(JSON.stringify(logged[0])).not.toContain(input.nik);
    const stored = JSON.stringify(register?.dataRegister);
    expect(stored).not.toContain("Bintang-Laut-48");
    expect(stored).not.toContain("password");
    expect(register?.dataRegister).toMatchObject({
      jabatan: "Ketua PKK RT",
      sumberAirKeluarga: "pam",
      username: result.username,
    });
    // One instant dates it: the number's day, the registration date, the survey day and created_at.
    const createdAt = register?.createdAt ?? new Date(0);
    expect(register?.dataRegister.registrationDate).toBe(createdAt.toISOString());
    expect(register?.updatedAt.toISOString()).toBe(createdAt.toISOString());
    expect(register?.tanggalPendataan).toBe(todayIso(createdAt));
    expect(register?.registrationNumber.slice(4, 12)).toBe(todayIso(createdAt).replaceAll("-", ""));
  });

  test("a sign-up without the consent ticked is refused beside the box, and creates nothing", async () => {
    const { agreement: _agreement, ...unticked } = await kaderInput(t.db, t.env.APP_SECRET);
    for (const body of [unticked, { ...unticked, agreement: false }]) {
      const response = await t.app.request("/trpc/kader.register", {
        method: "POST",
        headers: json,
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      const fieldErrors: Array<{ path: string[]; message: string }> = (await response.json()).error.data.fieldErrors;
      expect(fieldErrors).toContainEqual({
        path: ["agreement"],
        message: "Anda harus menyetujui untuk mengirimkan data",
      });
    }
    expect(await t.db.select().from(users).where(eq(users.email, unticked.email))).toHaveLength(0);
  });

  test("unknown fields (role, status, approved) are rejected, never applied", async () => {
    for (const extra of [{ role: "admin" }, { status: "active" }, { approved: true }]) {
      const input = { ...(await kaderInput(t.db, t.env.APP_SECRET)), ...extra };
      const response = await t.app.request("/trpc/kader.register", {
        method: "POST",
        headers: json,
        body: JSON.stringify(input),
      });
      expect(response.status).toBe(400);
      expect(await t.db.select().from(users).where(eq(users.email, input.email))).toHaveLength(0);
    }
  });

  test("an email or NIK already registered gets a clear message", async () => {
    const first = await kaderInput(t.db, t.env.APP_SECRET);
    await register(first, "10.0.0.2");
    await expect(
      register({ ...(await kaderInput(t.db, t.env.APP_SECRET)), email: first.email.toUpperCase() }, "10.0.0.2"),
    ).rejects.toThrow("Email sudah terdaftar. Silakan masuk atau gunakan email lain");
    await expect(
      register({ ...(await kaderInput(t.db, t.env.APP_SECRET)), nik: first.nik }, "10.0.0.2"),
    ).rejects.toThrow("NIK sudah terdaftar sebagai kader");
  });

  test("the spec's messages: NIK, phone, password, confirmation, captcha", async () => {
    const base = await kaderInput(t.db, t.env.APP_SECRET);
    await expect(register({ ...base, nik: "12345" })).rejects.toThrow("NIK harus tepat 16 digit");
    await expect(register({ ...base, phone: "0812-3456" })).rejects.toThrow("Nomor HP hanya boleh berisi angka");
    await expect(register({ ...base, password: "lemahsekali", confirmPassword: "lemahsekali" })).rejects.toThrow(
      "Password harus mengandung huruf besar, kecil, dan angka",
    );
    await expect(register({ ...base, confirmPassword: "Lain12345" })).rejects.toThrow("Password tidak cocok");
    await expect(register({ ...base, captcha: { token: base.captcha.token, answer: 99 } }, "10.0.0.3")).rejects.toThrow(
      "Jawaban penjumlahan salah",
    );
  });

  test("the work area must be a ward of the city in the database", async () => {
    const base = await kaderInput(t.db, t.env.APP_SECRET);
    await expect(register({ ...base, regencyCode: "32.73", kecamatanKode: "32.73.01" }, "10.0.0.4")).rejects.toThrow(
      "Wilayah kerja harus berada di Kota Bekasi",
    );
  });

  test("registration is rate limited: 429 'Terlalu banyak percobaan registrasi…' with Retry-After", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 6; i += 1) {
      const input = await kaderInput(t.db, t.env.APP_SECRET, { captcha: { token: "salah", answer: 0 } });
      last = await t.app.request("/trpc/kader.register", {
        method: "POST",
        headers: { ...json },
        body: JSON.stringify(input),
      });
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await last?.json())?.error.message).toBe("Terlalu banyak percobaan registrasi. Silakan coba lagi nanti");
  });

  describe("admin approval", () => {
    async function pendingCadre(ip: string) {
      const input = await kaderInput(t.db, t.env.APP_SECRET);
      await register(input, ip);
      const [user] = await t.db.select().from(users).where(eq(users.email, input.email));
      if (!user) throw new Error("not registered");
      return user;
    }

    test("the queue shows pending cadres with their registration data; only admins see it", async () => {
      const cadre = await pendingCadre("10.1.0.1");
      const admin = await createUser(t.db, { role: "admin", level: "kota" });
      const queue = await callerFor(t, admin).users.pendingKader();
      const entry = queue.find((item) => item.user.id === cadre.id);
      expect(entry?.registration?.dataRegister).toMatchObject({ jabatan: "Ketua PKK RT" });
      expect(entry?.kelurahanNama).toBeTruthy();
      expect(JSON.stringify(queue)).not.toContain("passwordHash");
      const kader = await createUser(t.db, { role: "kader" });
      await expect(callerFor(t, kader).users.pendingKader()).rejects.toThrow("Anda tidak memiliki akses");
      await expect(callerFor(t, null).users.pendingKader()).rejects.toThrow("Silakan masuk terlebih dahulu");
    });

    test("approve confirms level and area, activates, moves the register to APPROVED and mails the cadre", async () => {
      const cadre = await pendingCadre("10.1.0.2");
      const admin = await createUser(t.db, { role: "admin", level: "kota" });
      const before = mailbox.mails.length;
      const approved = await callerFor(t, admin).users.approveKader({
        userId: cadre.id,
        level: "rw",
        desaKelurahanId: cadre.desaKelurahanId ?? 0,
        rw: "7",
        rt: "",
      });
      expect(approved).toMatchObject({ status: "active", level: "rw", rw: "007", rt: null });
      const [register] = await t.db
        .select()
        .from(registers)
        .where(and(eq(registers.createdBy, cadre.id), eq(registers.formType, "kader_registration")));
      expect(register?.status).toBe("APPROVED");
      const events = await t.db
        .select()
        .from(registerEvents)
        .where(eq(registerEvents.registerId, register?.id ?? 0))
        .orderBy(registerEvents.id);
      // The sign-up, then the approval.
      expect(events.map((event) => event.toStatus)).toEqual(["SUBMITTED", "APPROVED"]);
      await flushOutbox(t.db, t.env);
      expect(mailbox.mails.length).toBe(before + 1);
      expect(mailbox.mails.at(-1)?.to).toEqual([cadre.email.toLowerCase()]);
      await expect(
        callerFor(t, admin).users.approveKader({
          userId: cadre.id,
          level: "rw",
          desaKelurahanId: cadre.desaKelurahanId ?? 0,
          rw: "7",
          rt: "",
        }),
      ).rejects.toThrow("sudah diproses");
    });

    test("reject needs a reason, marks the register REJECTED and mails the reason", async () => {
      const cadre = await pendingCadre("10.1.0.3");
      const admin = await createUser(t.db, { role: "admin", level: "kota" });
      await expect(callerFor(t, admin).users.rejectKader({ userId: cadre.id, reason: "" })).rejects.toThrow(
        "Alasan penolakan minimal 5 karakter",
      );
      await callerFor(t, admin).users.rejectKader({ userId: cadre.id, reason: "Bukan warga wilayah ini" });
      const [user] = await t.db.select().from(users).where(eq(users.id, cadre.id));
      expect(user?.status).toBe("rejected");
      const [register] = await t.db.select().from(registers).where(eq(registers.createdBy, cadre.id));
      expect(register?.status).toBe("REJECTED");
      await flushOutbox(t.db, t.env);
      expect(mailbox.mails.at(-1)?.raw).toContain("Bukan warga wilayah ini");
    });
  });

  describe("users list, block and unblock", () => {
    test("search and filter by role and status", async () => {
      const admin = await createUser(t.db, { role: "admin", level: "kota" });
      await createUser(t.db, { fullName: "Yuyun Cari Saya", role: "aparat" });
      const found = await callerFor(t, admin).users.list({ search: "cari saya" });
      expect(found.items.map((item) => item.fullName)).toEqual(["Yuyun Cari Saya"]);
      const aparat = await callerFor(t, admin).users.list({ role: "aparat" });
      expect(aparat.items.every((item) => item.role === "aparat")).toBe(true);
      const pending = await callerFor(t, admin).users.list({ status: "pending" });
      expect(pending.items.every((item) => item.status === "pending")).toBe(true);
      expect(JSON.stringify(found)).not.toContain("passwordHash");
    });

    test("blocking kills every session at once; unblocking lets the user sign in again", async () => {
      const admin = await createUser(t.db, { role: "admin", level: "kota" });
      const victim = await createUser(t.db);
      const cookie = await sessionCookieFor(t.db, victim.id);
      await sessionCookieFor(t.db, victim.id);
      await callerFor(t, admin).users.block({ userId: victim.id });
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, victim.id))).toHaveLength(0);
      const me = await t.app.request("/trpc/auth.me", { headers: { cookie } });
      expect((await me.json()).result.data).toBeNull();
      await expect(callerFor(t, admin).users.block({ userId: admin.id })).rejects.toThrow(
        "tidak dapat memblokir akun Anda sendiri",
      );
      const unblocked = await callerFor(t, admin).users.unblock({ userId: victim.id });
      expect(unblocked.status).toBe("active");
    });
  });
});

// Issue 14: a NUL byte, another control character or a bidirectional override in a name is a 400
// at every door (never a 500 from the database), nothing is written, and no log line carries the
// e-mail, the phone or a password hash of the request.
import { afterEach, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { createApp } from "../app.ts";
import { registers } from "../db/schema/registers.ts";
import { users } from "../db/schema/users.ts";
import { createLogger } from "../log.ts";
import { hashPassword } from "../services/accounts/passwords.ts";
import { issueCaptcha } from "../services/public/captcha.ts";
import { TEST_ORIGIN, createUser, sessionCookieFor, solveCaptcha, useTestApp } from "../../test/helpers.ts";
import { familyForm } from "../../test/factories.ts";
import { kaderInput } from "../../test/kader-input.ts";

const json = { "content-type": "application/json", origin: TEST_ORIGIN };
const hostileNames = [
  "Sri\u0000Wahyuni",
  "Sri\u0007Wahyuni",
  "Sri\u0085Wahyuni",
  "\u202EinuyhaW irS",
  "Sri\u2067Wahyuni",
];

/** The spec's REST create body (snake_case head fields, data_register with the address). */
function restBody(form: FamilyRegistration) {
  const { namaKepalaKeluarga, nikKepalaKeluarga, nomorHp, alamatEmail, tanggalPendataan, address, ...rest } = form;
  return {
    data: {
      nama_kepala_keluarga: namaKepalaKeluarga,
      nik_kepala_keluarga: nikKepalaKeluarga,
      nomor_hp: nomorHp,
      alamat_email: alamatEmail,
      tanggal_pendataan: tanggalPendataan,
      data_register: {
        ...rest,
        address: { kecamatan: address.kecamatanId, kelurahan: address.desaKelurahanId, rw: address.rw, rt: address.rt },
        captcha: "7",
      },
      status: "SUBMITTED",
    },
  };
}

describe("hostile characters in names, at every door", () => {
  const t = useTestApp();
  const lines: string[] = [];
  const consoleLog = spyOn(console, "log");
  const consoleError = spyOn(console, "error");
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    app = createApp({
      db: t.db,
      env: t.env,
      log: createLogger("debug", (line) => lines.push(line)),
      cityName: "Kota Bekasi",
      ping: t.handle.ping,
    });
  });
  afterEach(() => {
    lines.length = 0;
    consoleLog.mockClear();
    consoleError.mockClear();
  });

  /** Everything written to the log during the test, through the app's logger or straight to the console. */
  const logged = () =>
    [
      ...lines,
      ...[...consoleLog.mock.calls, ...consoleError.mock.calls].map((call) => call.map(String).join(" ")),
    ].join("\n");

  function expectNothingPersonal(values: string[]) {
    const text = logged();
    for (const value of values) expect(text).not.toContain(value);
    expect(text).not.toContain("$argon2");
  }

  async function expect400(response: Response) {
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Tidak boleh berisi karakter kontrol");
  }

  test("tRPC cadre registration (anonymous, with a captcha)", async () => {
    const [before] = await t.db.select({ n: count() }).from(users);
    for (const fullName of hostileNames) {
      const input = await kaderInput(t.db, t.env.APP_SECRET, { fullName });
      const response = await app.request("/trpc/kader.register", {
        method: "POST",
        headers: json,
        body: JSON.stringify(input),
      });
      await expect400(response);
      expectNothingPersonal([input.email, input.phone, input.nik]);
    }
    const [after] = await t.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  test("tRPC public family registration", async () => {
    for (const name of hostileNames) {
      const form = await familyForm(t.db);
      const challenge = issueCaptcha(t.env.APP_SECRET, "family");
      const response = await app.request("/trpc/registers.registerFamily", {
        method: "POST",
        headers: { ...json, "x-forwarded-for": "203.0.113.1" },
        body: JSON.stringify({
          form: { ...form, namaKepalaKeluarga: name },
          captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
          idempotencyKey: crypto.randomUUID(),
        }),
      });
      await expect400(response);
      expectNothingPersonal([form.nikKepalaKeluarga, form.nomorHp]);
    }
  });

  test("REST register create (an admin's cookie) and a member's name too", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota", phone: "081299990000" });
    const cookie = await sessionCookieFor(t.db, admin.id);
    const [before] = await t.db.select({ n: count() }).from(registers);
    for (const name of hostileNames) {
      const form = await familyForm(t.db);
      const head = await app.request("/api/registers", {
        method: "POST",
        headers: { ...json, cookie },
        body: JSON.stringify(restBody({ ...form, namaKepalaKeluarga: name })),
      });
      await expect400(head);
      const member = form.members[0];
      const withMember = { ...form, members: member ? [{ ...member, fullName: name }, ...form.members.slice(1)] : [] };
      await expect400(
        await app.request("/api/registers", {
          method: "POST",
          headers: { ...json, cookie },
          body: JSON.stringify(restBody(withMember)),
        }),
      );
      expectNothingPersonal([form.nikKepalaKeluarga, form.nomorHp, admin.email]);
    }
    const [after] = await t.db.select({ n: count() }).from(registers);
    expect(after?.n).toBe(before?.n);
  });

  test("tRPC profile update and REST PUT /api/users/:id", async () => {
    const user = await createUser(t.db, {
      fullName: "Nama Asli",
      phone: "081233334444",
      passwordHash: await hashPassword("Lama12345"),
    });
    const cookie = await sessionCookieFor(t.db, user.id);
    for (const fullName of hostileNames) {
      await expect400(
        await app.request("/trpc/auth.updateProfile", {
          method: "POST",
          headers: { ...json, cookie },
          body: JSON.stringify({ fullName, phone: "081233334444" }),
        }),
      );
      await expect400(
        await app.request(`/api/users/${user.id}`, {
          method: "PUT",
          headers: { ...json, cookie },
          body: JSON.stringify({ fullName }),
        }),
      );
      expectNothingPersonal([user.email, "081233334444"]);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.fullName).toBe("Nama Asli");
  });

  test("names and notes have a maximum length; a 10,000-character name is a 400", async () => {
    const user = await createUser(t.db);
    const cookie = await sessionCookieFor(t.db, user.id);
    const response = await app.request("/trpc/auth.updateProfile", {
      method: "POST",
      headers: { ...json, cookie },
      body: JSON.stringify({ fullName: "A".repeat(10_000), phone: "081233334444" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Nama lengkap maksimal 100 karakter");
    const form = await familyForm(t.db);
    const challenge = issueCaptcha(t.env.APP_SECRET, "family");
    const family = await app.request("/trpc/registers.registerFamily", {
      method: "POST",
      headers: { ...json, "x-forwarded-for": "203.0.113.2" },
      body: JSON.stringify({
        form: { ...form, namaKepalaKeluarga: "B".repeat(101), notes: "C".repeat(501) },
        captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
        idempotencyKey: crypto.randomUUID(),
      }),
    });
    expect(family.status).toBe(400);
    const text = await family.text();
    expect(text).toContain("Nama kepala keluarga maksimal 100 karakter");
    expect(text).toContain("Catatan maksimal 500 karakter");
  });
});

describe("control characters in REST filters", () => {
  const t = useTestApp();

  test("a NUL byte in a filter value is 400 Invalid parameter, not a database error", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    const cookie = await sessionCookieFor(t.db, admin.id);
    for (const query of [
      "/api/registers?filters[nama_kepala_keluarga][$contains]=a%00b",
      "/api/kecamatans?filters[nama][$eq]=a%00b",
      "/api/desa-kelurahans?filters[nama][$in][0]=x&filters[nama][$in][1]=%00",
    ]) {
      const response = await t.app.request(query, { headers: { cookie } });
      expect(response.status).toBe(400);
      expect((await response.json()).error.name).toBe("ValidationError");
    }
  });
});

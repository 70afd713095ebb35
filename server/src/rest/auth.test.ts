import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { hashPassword } from "../services/accounts/passwords.ts";
import { createSession, generateSessionToken } from "../services/accounts/sessions.ts";
import { apiTokens } from "../db/schema/auth-tokens.ts";
import { users } from "../db/schema/users.ts";
import { callerFor, createUser, sessionCookieFor, TEST_ORIGIN, useTestApp } from "../../test/helpers.ts";
import { kaderInput } from "../../test/kader-input.ts";
import { queuedResetCode } from "../../test/mailbox.ts";

const json = { "content-type": "application/json" };

describe("Strapi-shaped auth under /api (DESIGN §7)", () => {
  const t = useTestApp();
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    await t.app.request(`/api${path}`, {
      method: "POST",
      headers: { ...json, ...headers },
      body: JSON.stringify(body),
    });

  test("POST /auth/local → {jwt, user} with Strapi's user fields; the jwt works as a bearer", async () => {
    const user = await createUser(t.db, { email: "rest@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    const response = await post("/auth/local", { identifier: "rest@contoh.id", password: "Rahasia123" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["jwt", "user"]);
    expect(body.user).toMatchObject({
      id: user.id,
      username: user.username,
      email: "rest@contoh.id",
      provider: "local",
      confirmed: true,
      blocked: false,
    });
    expect(typeof body.user.createdAt).toBe("string");
    expect(JSON.stringify(body.user)).not.toContain("password");

    const me = await t.app.request("/api/users/me", { headers: { authorization: `Bearer ${body.jwt}` } });
    expect(me.status).toBe(200);
    expect((await me.json()).id).toBe(user.id);
  });

  test("wrong password and unknown user: the same 400 'Invalid identifier or password'", async () => {
    await createUser(t.db, { email: "salah@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    const wrong = await post("/auth/local", { identifier: "salah@contoh.id", password: "Bukan1234" }, {}).then((r) =>
      r.json(),
    );
    const unknown = await post("/auth/local", { identifier: "siapa@contoh.id", password: "Bukan1234" }).then((r) =>
      r.json(),
    );
    expect(wrong).toEqual({
      data: null,
      error: { status: 400, name: "ValidationError", message: "Invalid identifier or password", details: {} },
    });
    expect(unknown).toEqual(wrong);
  });

  test("missing identifier → 400 with details.errors", async () => {
    const body = await post("/auth/local", { password: "x" }).then((r) => r.json());
    expect(body.error.status).toBe(400);
    expect(body.error.details.errors).toEqual([
      { path: ["identifier"], message: "identifier is a required field", name: "ValidationError" },
    ]);
  });

  test("/auth/local ignores keys Strapi ignores (rememberMe, role): the sign-in works and changes nothing else", async () => {
    const user = await createUser(t.db, { email: "kunci@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    const response = await post("/auth/local", {
      identifier: "kunci@contoh.id",
      password: "Rahasia123",
      rememberMe: true,
      role: "admin",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user).toMatchObject({ id: user.id, role: user.role });
    expect(user.role).not.toBe("admin");
  });

  test("an empty identifier or password is Strapi's '<field> is a required field' with details.errors", async () => {
    const empty = await post("/auth/local", { identifier: "a@contoh.id", password: "" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      data: null,
      error: {
        status: 400,
        name: "ValidationError",
        message: "password is a required field",
        details: { errors: [{ path: ["password"], message: "password is a required field", name: "ValidationError" }] },
      },
    });
    const both = await post("/auth/local", { identifier: "" }).then((r) => r.json());
    expect(both.error.message).toBe("2 errors occurred");
    expect(both.error.details.errors).toEqual([
      { path: ["identifier"], message: "identifier is a required field", name: "ValidationError" },
      { path: ["password"], message: "password is a required field", name: "ValidationError" },
    ]);
  });

  test("forgot-password answers {ok: true} for any email; a bad reset code is 'Incorrect code provided'", async () => {
    await createUser(t.db, { email: "lupa@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    expect(await post("/auth/forgot-password", { email: "lupa@contoh.id" }).then((r) => r.json())).toEqual({
      ok: true,
    });
    expect(await post("/auth/forgot-password", { email: "tidak@contoh.id" }).then((r) => r.json())).toEqual({
      ok: true,
    });
    const bad = await post("/auth/reset-password", {
      code: "bukan-kode",
      password: "Kenanga-Biru-73",
      passwordConfirmation: "Kenanga-Biru-73",
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe("Incorrect code provided");
  });

  test("reset-password with the mailed code → {jwt, user}", async () => {
    await createUser(t.db, { email: "pulih@contoh.id", passwordHash: await hashPassword("Rahasia123") });
    await post("/auth/forgot-password", { email: "pulih@contoh.id" });
    const code = await queuedResetCode(t.db, t.env.APP_SECRET, "pulih@contoh.id");
    const response = await post("/auth/reset-password", {
      code,
      password: "Kenanga-Biru-73",
      passwordConfirmation: "Kenanga-Biru-73",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.user.email).toBe("pulih@contoh.id");
    expect(typeof body.jwt).toBe("string");
  });

  test("register creates a pending cadre: {user} without jwt, confirmed false", async () => {
    const input = await kaderInput(t.db, t.env.APP_SECRET);
    const response = await post("/auth/local/register", input);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.jwt).toBeUndefined();
    expect(body.user).toMatchObject({ email: input.email, confirmed: false, blocked: false });
    const refused = await post("/auth/local/register", {
      ...(await kaderInput(t.db, t.env.APP_SECRET)),
      role: "admin",
    });
    expect(refused.status).toBe(400);
  });

  test("register: the consent must be sent ticked (agreement: true), as on the sign-up form", async () => {
    const { agreement: _agreement, ...unticked } = await kaderInput(t.db, t.env.APP_SECRET);
    // Left out or false, the answer is the form's own words beside the field.
    for (const body of [unticked, { ...unticked, agreement: false }]) {
      const refused = await post("/auth/local/register", body);
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.details.errors).toContainEqual({
        path: ["agreement"],
        message: "Anda harus menyetujui untuk mengirimkan data",
        name: "ValidationError",
      });
    }
    const ticked = await post("/auth/local/register", { ...unticked, agreement: true });
    expect(ticked.status).toBe(200);
  });

  test("register: NIP and the free-text fields may be left out; a required field left out is Strapi's '<field> is a required field'", async () => {
    const { nip: _nip, catatanTambahan: _note, ...input } = await kaderInput(t.db, t.env.APP_SECRET);
    const withoutOptional = {
      ...input,
      kondisiKhususKeluarga: { lansia: false, disabilitas: false, balita: false, ibuHamil: false },
      wargaMengikutiKegiatan: { kegiatanPKK: true, posyandu: false, koperasi: false, tabungan: false },
    };
    const accepted = await post("/auth/local/register", withoutOptional);
    expect(accepted.status, await accepted.clone().text()).toBe(200);

    const { fullName: _name, rt: _rt, ...missing } = await kaderInput(t.db, t.env.APP_SECRET);
    const refused = await post("/auth/local/register", { ...missing, role: "admin" });
    expect(refused.status).toBe(400);
    const errors: Array<{ path: string[]; message: string }> = (await refused.json()).error.details.errors;
    expect(errors.map(({ path, message }) => ({ path, message }))).toEqual(
      expect.arrayContaining([
        { path: ["fullName"], message: "fullName is a required field" },
        { path: ["rt"], message: "rt is a required field" },
        { path: [], message: "Kolom tidak dikenal: role" },
      ]),
    );
    expect(JSON.stringify(errors)).not.toMatch(/Invalid input|expected|received|Unrecognized/);
    // The same body through tRPC (the sign-up form's door) says the form's own words.
    const viaForm = await t.app.request("/trpc/kader.register", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify(missing),
    });
    expect(viaForm.status).toBe(400);
    const fieldErrors: Array<{ path: string[]; message: string }> = (await viaForm.json()).error.data.fieldErrors;
    expect(fieldErrors).toEqual(
      expect.arrayContaining([
        { path: ["fullName"], message: "Nama lengkap minimal 2 karakter" },
        { path: ["rt"], message: "RT wajib diisi" },
      ]),
    );
  });

  test("GET /users/me without credentials → 403 Forbidden; a bad bearer → 401", async () => {
    const anonymous = await t.app.request("/api/users/me");
    expect(anonymous.status).toBe(403);
    expect((await anonymous.json()).error).toEqual({
      status: 403,
      name: "ForbiddenError",
      message: "Forbidden",
      details: {},
    });
    const bad = await t.app.request("/api/users/me", { headers: { authorization: "Bearer tidak-valid" } });
    expect(bad.status).toBe(401);
    expect((await bad.json()).error.message).toBe("Missing or invalid credentials");
  });

  test("PUT /users/:id changes own name and phone; role/status refused; others' ids forbidden", async () => {
    const user = await createUser(t.db, { phone: "081111111111" });
    const other = await createUser(t.db);
    const cookie = await sessionCookieFor(t.db, user.id);
    const headers = { ...json, cookie, origin: TEST_ORIGIN };
    const ok = await t.app.request(`/api/users/${user.id}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ fullName: "Nama Baru" }),
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: user.id, fullName: "Nama Baru", phone: "081111111111" });
    const escalate = await t.app.request(`/api/users/${user.id}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ role: "admin", status: "active" }),
    });
    expect(escalate.status).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe("kader");
    const foreign = await t.app.request(`/api/users/${other.id}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ fullName: "Diretas" }),
    });
    expect(foreign.status).toBe(403);
  });

  test("PUT /users/:id keeps what it is not sent: an account without a phone changes its name alone", async () => {
    const user = await createUser(t.db, { fullName: "Nama Lama", phone: null });
    const cookie = await sessionCookieFor(t.db, user.id);
    const renamed = await t.app.request(`/api/users/${user.id}`, {
      method: "PUT",
      headers: { ...json, cookie, origin: TEST_ORIGIN },
      body: JSON.stringify({ fullName: "Siti Aminah" }),
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: user.id, fullName: "Siti Aminah", phone: null });
    // The phone alone, as a form body with a bearer (Strapi's body parser takes forms on every route).
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { persistent: false });
    const phoned = await t.app.request(`/api/users/${user.id}`, {
      method: "PUT",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer ${token}` },
      body: "phone=081298765432",
    });
    expect(phoned.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect({ fullName: row?.fullName, phone: row?.phone }).toEqual({ fullName: "Siti Aminah", phone: "081298765432" });
    // A field that is sent is still checked.
    const bad = await t.app.request(`/api/users/${user.id}`, {
      method: "PUT",
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify({ phone: "12ab" }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details.errors.map((error: { path: string[] }) => error.path)).toContainEqual([
      "phone",
    ]);
  });

  test("GET /users/me with an API token → 401 (a token is no user), as Strapi's me() answers", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    const created = await callerFor(t, admin).users.createApiToken({ name: "Mitra", access: "full-access" });
    const me = await t.app.request("/api/users/me", { headers: { authorization: `Bearer ${created.token}` } });
    expect(me.status).toBe(401);
    expect((await me.json()).error).toMatchObject({ status: 401, name: "UnauthorizedError" });
  });
});

describe("API tokens for the REST layer", () => {
  const t = useTestApp();

  test("created by an admin, shown once, stored hashed; read-only tokens cannot write; revoked tokens stop working", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    const created = await callerFor(t, admin).users.createApiToken({ name: "Dinas Sosial", access: "read-only" });
    expect(created.token).toMatch(/^pkk_[a-z0-9]{40,}$/);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.apiToken.id));
    expect(row?.tokenHash).not.toBe(created.token);
    expect(JSON.stringify(row)).not.toContain(created.token);
    const listed = await callerFor(t, admin).users.apiTokens();
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(listed[0]?.prefix).toBe(created.token.slice(0, 10));

    const bearer = { authorization: `Bearer ${created.token}` };
    expect((await t.app.request("/api/kecamatans", { headers: bearer })).status).toBe(200);
    const write = await t.app.request("/api/auth/forgot-password", {
      method: "POST",
      headers: { ...bearer, ...json },
      body: JSON.stringify({ email: "a@contoh.id" }),
    });
    expect(write.status).toBe(403);

    await callerFor(t, admin).users.revokeApiToken({ tokenId: created.apiToken.id });
    expect((await t.app.request("/api/kecamatans", { headers: bearer })).status).toBe(401);
  });

  test("a bearer call is exempt from the Origin check", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    const created = await callerFor(t, admin).users.createApiToken({ name: "Aplikasi Mitra", access: "full-access" });
    const response = await t.app.request("/api/auth/forgot-password", {
      method: "POST",
      headers: { ...json, authorization: `Bearer ${created.token}`, origin: "https://mitra.example" },
      body: JSON.stringify({ email: "a@contoh.id" }),
    });
    expect(response.status).toBe(200);
  });

  test("only admins manage tokens", async () => {
    const kader = await createUser(t.db);
    await expect(callerFor(t, kader).users.createApiToken({ name: "Curang", access: "full-access" })).rejects.toThrow(
      "Anda tidak memiliki akses",
    );
  });
});

describe("REST writes with a session cookie must be JSON (issue 14)", () => {
  const t = useTestApp({ seed: false });

  test("PUT /api/users/:id with text/plain or a form body and a cookie → 415, nothing applied; JSON still works", async () => {
    const user = await createUser(t.db, { fullName: "Nama Lama", phone: "081111111111" });
    const cookie = await sessionCookieFor(t.db, user.id);
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const response = await t.app.request(`/api/users/${user.id}`, {
        method: "PUT",
        headers: { "content-type": contentType, cookie, origin: TEST_ORIGIN },
        body: JSON.stringify({ fullName: "Diubah Lewat Teks" }),
      });
      expect(response.status).toBe(415);
      expect((await response.json()).error).toMatchObject({ status: 415, name: "UnsupportedMediaTypeError" });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.fullName).toBe("Nama Lama");
    const ok = await t.app.request(`/api/users/${user.id}`, {
      method: "PUT",
      headers: { "content-type": "application/json; charset=utf-8", cookie, origin: TEST_ORIGIN },
      body: JSON.stringify({ fullName: "Nama Baru" }),
    });
    expect(ok.status).toBe(200);
  });
});

describe("an API token lives only as long as its creator is an active admin (issue 14)", () => {
  const t = useTestApp({ seed: false });
  const write = (token: string) =>
    t.app.request("/api/kecamatans", {
      method: "POST",
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: { nama: "Kecamatan Uji", kode: "32.75.99" } }),
    });

  test("blocking the admin revokes the full-access tokens they created; a write after the block is 401", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    const other = await createUser(t.db, { role: "admin", level: "kota" });
    const created = await callerFor(t, admin).users.createApiToken({ name: "Mitra Penuh", access: "full-access" });
    expect((await write(created.token)).status).toBe(200);
    await callerFor(t, other).users.block({ userId: admin.id });
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.apiToken.id));
    expect(row?.revokedAt).not.toBeNull();
    const after = await write(created.token);
    expect(after.status).toBe(401);
    expect((await after.json()).error.message).toBe("Missing or invalid credentials");
  });

  test("a token whose creator was blocked behind the service's back, or demoted, is refused at use", async () => {
    const admin = await createUser(t.db, { role: "admin", level: "kota" });
    const created = await callerFor(t, admin).users.createApiToken({ name: "Mitra Baca", access: "read-only" });
    expect(
      (await t.app.request("/api/kecamatans", { headers: { authorization: `Bearer ${created.token}` } })).status,
    ).toBe(200);
    await t.db.update(users).set({ status: "blocked" }).where(eq(users.id, admin.id));
    expect(
      (await t.app.request("/api/kecamatans", { headers: { authorization: `Bearer ${created.token}` } })).status,
    ).toBe(401);
    await t.db.update(users).set({ status: "active", role: "kader" }).where(eq(users.id, admin.id));
    expect(
      (await t.app.request("/api/kecamatans", { headers: { authorization: `Bearer ${created.token}` } })).status,
    ).toBe(401);
  });
});

import { describe, expect, test } from "bun:test";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { StrapiEntry } from "@shared/strapi.ts";
import { auditLog, registerRevisions } from "../db/schema/audit.ts";
import { registerEvents, registers } from "../db/schema/registers.ts";
import { apiTokens } from "../db/schema/auth-tokens.ts";
import { createCadre } from "../../test/cadres.ts";
import { createFamilyRegister, familyForm, ward, withHeadNik } from "../../test/factories.ts";
import { callerFor, createUser, sessionCookieFor, useTestApp } from "../../test/helpers.ts";
import { cookieOf, restBody, restCall, type RestAuth } from "../../test/rest.ts";
import { users, type UserRow } from "../db/schema/users.ts";

const t = useTestApp();

type Auth = RestAuth;
const call = (method: string, path: string, auth: Auth, body?: unknown) => restCall(t, method, path, auth, body);
const as = (user: UserRow): Promise<Auth> => cookieOf(t, user);

async function token(access: "read-only" | "full-access"): Promise<{ bearer: string; id: number }> {
  const admin = await createUser(t.db, { role: "admin" });
  const created = await callerFor(t, admin).users.createApiToken({ name: `Mitra ${access}`, access });
  return { bearer: created.token, id: created.apiToken.id };
}

/** The newest validation event of a register. */
async function lastEventOf(registerId: number) {
  const [event] = await t.db
    .select()
    .from(registerEvents)
    .where(eq(registerEvents.registerId, registerId))
    .orderBy(desc(registerEvents.id))
    .limit(1);
  return event;
}

const entries = (json: { data: StrapiEntry[] }) => json.data;
const ids = (json: { data: StrapiEntry[] }) => json.data.map((entry) => entry.id);

async function lastAudit() {
  const [row] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

describe("reads are never anonymous and stay inside the caller's area", () => {
  test("anonymous list, single and write answer 403 Forbidden", async () => {
    const family = await createFamilyRegister(t.db);
    for (const [method, path] of [
      ["GET", "/registers"],
      ["GET", `/registers/${family.id}`],
      ["DELETE", `/registers/${family.id}`],
    ] as const) {
      const response = await call(method, path, null);
      expect(response.status).toBe(403);
      expect(response.json).toEqual({
        data: null,
        error: { status: 403, name: "ForbiddenError", message: "Forbidden", details: {} },
      });
    }
    const created = await call("POST", "/registers", null, restBody(await familyForm(t.db)));
    expect(created.status).toBe(403);
  });

  test("an RT cadre lists only its RT; another area's id answers 404 as if it did not exist", async () => {
    const mine = await createFamilyRegister(t.db, { rw: "005", rt: "001" });
    const neighbour = await createFamilyRegister(t.db, { rw: "005", rt: "002" });
    const otherWard = await createFamilyRegister(t.db, { wardIndex: 1 });
    const home = await ward(t.db, 0);
    const cadre = await as(await createCadre(t.db, "rt", { rw: "5", rt: "1" }));

    const list = await call("GET", "/registers?pagination[pageSize]=100&populate=desa_kelurahan", cadre);
    expect(list.status).toBe(200);
    expect(ids(list.json)).toContain(mine.id);
    expect(ids(list.json)).not.toContain(neighbour.id);
    expect(ids(list.json)).not.toContain(otherWard.id);
    for (const entry of entries(list.json)) {
      expect(entry.attributes).toMatchObject({ rw: "005", rt: "001", desa_kelurahan: { data: { id: home.id } } });
    }
    const [inArea] = await t.db
      .select({ total: count() })
      .from(registers)
      .where(
        and(
          eq(registers.desaKelurahanId, home.id),
          eq(registers.rw, "005"),
          eq(registers.rt, "001"),
          isNull(registers.deletedAt),
        ),
      );
    expect(list.json.meta.pagination.total).toBe(inArea?.total);

    expect((await call("GET", `/registers/${mine.id}`, cadre)).json.data.attributes.nik_kepala_keluarga).toBe(
      mine.form.nikKepalaKeluarga,
    );
    // 404 rather than 403: a cadre must not learn which ids exist outside its area.
    const outside = await call("GET", `/registers/${otherWard.id}`, cadre);
    expect(outside.status).toBe(404);
    expect(outside.json.error).toEqual({ status: 404, name: "NotFoundError", message: "Not Found", details: {} });
  });

  test("an official (aparat) reads its area and may not change it", async () => {
    const family = await createFamilyRegister(t.db);
    const aparat = await as(await createCadre(t.db, "kelurahan", {}, { role: "aparat" }));
    expect((await call("GET", `/registers/${family.id}`, aparat)).status).toBe(200);
    const refused = await call("PUT", `/registers/${family.id}`, aparat, { data: { nomor_hp: "081234567890" } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.name).toBe("ForbiddenError");
  });

  test("cadre account registrations are read with admin-wide authority only", async () => {
    const home = await ward(t.db, 0);
    const [kaderRow] = await t.db
      .insert(registers)
      .values({
        registrationNumber: `REG-TEST-${Date.now()}`,
        formType: "kader_registration",
        namaKepalaKeluarga: "Calon Kader",
        nikKepalaKeluarga: "3275010101900099",
        nomorHp: "081234567899",
        tanggalPendataan: "2026-11-01",
        kecamatanId: home.kecamatanId,
        desaKelurahanId: home.id,
        rw: "005",
        rt: "001",
        dataRegister: { jabatan: "Kader PKK" },
      })
      .returning({ id: registers.id });
    const id = kaderRow?.id ?? 0;
    const kelurahan = await as(await createCadre(t.db, "kelurahan"));
    expect(
      ids(
        (await call("GET", "/registers?pagination[pageSize]=100&filters[form_type][$eq]=kader_registration", kelurahan))
          .json,
      ),
    ).toEqual([]);
    expect((await call("GET", `/registers/${id}`, kelurahan)).status).toBe(404);
    const admin = await as(await createUser(t.db, { role: "admin" }));
    expect((await call("GET", `/registers/${id}`, admin)).json.data.attributes.form_type).toBe("kader_registration");
  });

  test("a pending cadre and a bad bearer are refused", async () => {
    const pending = await as(await createCadre(t.db, "rt", {}, { status: "pending" }));
    expect((await call("GET", "/registers", pending)).status).toBe(403);
    const bad = await call("GET", "/registers", { bearer: "pkk_not-a-token" });
    expect(bad.status).toBe(401);
    expect(bad.json.error.message).toBe("Missing or invalid credentials");
  });
});

describe("API tokens", () => {
  test("a token's last use is stamped at most once a minute, and a revoked token stops at once", async () => {
    // A page with entries: its statement, not a check of its own, proves the token and stamps it.
    await createFamilyRegister(t.db);
    const reader = await token("read-only");
    const lastUsed = async () => {
      const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, reader.id));
      return row?.lastUsedAt ?? null;
    };
    expect(await lastUsed()).toBeNull();
    expect((await call("GET", "/registers", reader)).status).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect((await call("GET", "/registers", reader)).status).toBe(200);
    expect(await lastUsed()).toEqual(first);
    const earlier = new Date(Date.now() - 2 * 60_000);
    await t.db.update(apiTokens).set({ lastUsedAt: earlier }).where(eq(apiTokens.id, reader.id));
    expect((await call("GET", "/registers", reader)).status).toBe(200);
    expect((await lastUsed())?.getTime()).toBeGreaterThan(earlier.getTime() + 60_000);
    await t.db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, reader.id));
    expect((await call("GET", "/registers", reader)).status).toBe(401);
  });

  test("a token seen before is proven live by its read: revoked or its creator demoted, the next read is 401 and reads nothing", async () => {
    const family = await createFamilyRegister(t.db);
    const reader = await token("read-only");
    const reads = async () =>
      (
        await t.db
          .select({ total: count() })
          .from(auditLog)
          .where(
            and(eq(auditLog.action, "register.read"), sql`${auditLog.details}->>'apiTokenId' = ${String(reader.id)}`),
          )
      )[0]?.total;
    // The first read checks the token on its own; the later ones within their page statement.
    for (let time = 0; time < 3; time += 1) {
      const list = await call("GET", "/registers?pagination[pageSize]=100", reader);
      expect(list.status).toBe(200);
      expect(ids(list.json)).toContain(family.id);
    }
    expect(await reads()).toBe(3);
    await t.db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, reader.id));
    const refused = await call("GET", "/registers?pagination[pageSize]=100", reader);
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({
      data: null,
      error: { status: 401, name: "UnauthorizedError", message: "Missing or invalid credentials", details: {} },
    });
    // Refused inside the statement: no page read, so no read audited.
    expect(await reads()).toBe(3);

    // Every other read of a known token is checked after its handler, before the answer leaves.
    const demoted = await token("read-only");
    const [creator] = await t.db
      .select({ id: apiTokens.createdBy })
      .from(apiTokens)
      .where(eq(apiTokens.id, demoted.id));
    expect((await call("GET", `/registers/${family.id}`, demoted)).status).toBe(200);
    await t.db
      .update(users)
      .set({ role: "kader" })
      .where(eq(users.id, creator?.id ?? 0));
    for (const path of [
      `/registers/${family.id}`,
      "/registers?filters[nama_kepala_keluarga][$eq]=Tidak%20Ada%20Sama%20Sekali",
      "/registers?pagination[page]=999",
      "/kecamatans",
    ]) {
      const response = await call("GET", path, demoted);
      expect(response.status).toBe(401);
      expect(response.json.error.message).toBe("Missing or invalid credentials");
    }
  });
  test("a read-only token reads every area, is audited by token id, and cannot write", async () => {
    const near = await createFamilyRegister(t.db);
    const far = await createFamilyRegister(t.db, { wardIndex: 40 });
    const reader = await token("read-only");
    const list = await call("GET", "/registers?pagination[pageSize]=100&sort=id:desc", reader);
    expect(list.status).toBe(200);
    expect(ids(list.json)).toEqual(expect.arrayContaining([near.id, far.id]));
    const row = await lastAudit();
    expect(row).toMatchObject({
      action: "register.read",
      entity: "registers",
      actorId: null,
      details: { apiTokenId: reader.id },
    });

    const write = await call("PUT", `/registers/${near.id}`, reader, { data: { status: "RT_VERIFIED" } });
    expect(write.status).toBe(403);
    expect((await call("POST", "/registers", reader, restBody(await familyForm(t.db)))).status).toBe(403);
    expect((await call("DELETE", `/registers/${near.id}`, reader)).status).toBe(403);
    const [unchanged] = await t.db.select().from(registers).where(eq(registers.id, near.id));
    expect(unchanged).toMatchObject({ status: "SUBMITTED", deletedAt: null });
  });

  test("a full-access token creates anywhere, overrides a status as an admin (recorded) and deletes", async () => {
    const writer = await token("full-access");
    const form = await familyForm(t.db, { wardIndex: 25, rw: "002", rt: "003" });
    const created = await call("POST", "/registers", writer, restBody(form));
    expect(created.status).toBe(200);
    const id = created.json.data.id;
    expect(created.json.data.attributes).toMatchObject({
      status: "SUBMITTED",
      nik_kepala_keluarga: form.nikKepalaKeluarga,
      rw: "002",
      rt: "003",
      form_type: "family_registration",
    });

    const moved = await call("PUT", `/registers/${id}`, writer, { data: { status: "RT_VERIFIED" } });
    expect(moved.status).toBe(200);
    expect(moved.json.data.attributes.status).toBe("RT_VERIFIED");
    const event = await lastEventOf(id);
    expect(event).toMatchObject({ level: "admin", fromStatus: "SUBMITTED", toStatus: "RT_VERIFIED" });
    expect(event?.note).toContain(`token API #${writer.id}`);

    // Verified means locked: the token must reopen it before deleting (DESIGN §4).
    const locked = await call("DELETE", `/registers/${id}`, writer);
    expect([locked.status, locked.json.error.name]).toEqual([409, "ConflictError"]);
    expect(locked.json.error.message).toContain("Buka Kembali");
    const fresh = await call("POST", "/registers", writer, restBody(await familyForm(t.db, { wardIndex: 3 })));
    expect((await call("DELETE", `/registers/${fresh.json.data.id}`, writer)).status).toBe(200);
    expect((await call("GET", `/registers/${fresh.json.data.id}`, writer)).status).toBe(404);
  });
});

describe("query syntax on registers", () => {
  test("filters the spec uses, sort, pagination, fields and populate", async () => {
    const admin = await as(await createUser(t.db, { role: "admin" }));
    const stamp = `Zulkarnain${Date.now().toString(36)}`;
    const a = await createFamilyRegister(t.db, {
      status: "APPROVED",
      change: (f) => ({ ...f, namaKepalaKeluarga: `${stamp} Satu`, tanggalPendataan: "2026-01-10" }),
    });
    const b = await createFamilyRegister(t.db, {
      status: "SUBMITTED",
      change: (f) => ({ ...f, namaKepalaKeluarga: `${stamp} Dua`, tanggalPendataan: "2026-02-10" }),
    });
    const c = await createFamilyRegister(t.db, {
      status: "APPROVED",
      change: (f) => ({ ...f, namaKepalaKeluarga: `${stamp} Tiga`, tanggalPendataan: "2026-03-10" }),
    });
    const name = `filters[nama_kepala_keluarga][$contains]=${stamp}`;

    expect(ids((await call("GET", `/registers?${name}&sort=id`, admin)).json)).toEqual([a.id, b.id, c.id]);
    expect(ids((await call("GET", `/registers?${name}&filters[status][$eq]=APPROVED&sort=id`, admin)).json)).toEqual([
      a.id,
      c.id,
    ]);
    // $contains is case-sensitive, $containsi is not.
    expect(
      ids(
        (await call("GET", `/registers?filters[nama_kepala_keluarga][$contains]=${stamp.toLowerCase()}`, admin)).json,
      ),
    ).toEqual([]);
    expect(
      ids(
        (
          await call(
            "GET",
            `/registers?filters[nama_kepala_keluarga][$containsi]=${stamp.toLowerCase()}&sort=id`,
            admin,
          )
        ).json,
      ),
    ).toEqual([a.id, b.id, c.id]);
    expect(
      ids((await call("GET", `/registers?filters[nik_kepala_keluarga][$eq]=${b.form.nikKepalaKeluarga}`, admin)).json),
    ).toEqual([b.id]);
    const range = await call(
      "GET",
      `/registers?${name}&filters[tanggal_pendataan][$gte]=2026-02-01&filters[tanggal_pendataan][$lte]=2026-03-31&sort=tanggal_pendataan:desc`,
      admin,
    );
    expect(ids(range.json)).toEqual([c.id, b.id]);
    expect(entries(range.json)[0]?.attributes.tanggal_pendataan).toBe("2026-03-10");

    const paged = await call("GET", `/registers?${name}&sort=id&pagination[page]=2&pagination[pageSize]=2`, admin);
    expect(ids(paged.json)).toEqual([c.id]);
    expect(paged.json.meta.pagination).toEqual({ page: 2, pageSize: 2, pageCount: 2, total: 3 });

    const slim = await call(
      "GET",
      `/registers/${a.id}?fields[0]=nama_kepala_keluarga&fields[1]=status&populate[desa_kelurahan][fields][0]=nama&populate[kecamatan][fields][0]=kode`,
      admin,
    );
    const home = await ward(t.db, 0);
    expect(slim.json.data.id).toBe(a.id);
    expect(Object.keys(slim.json.data.attributes).sort()).toEqual(
      ["desa_kelurahan", "kecamatan", "nama_kepala_keluarga", "status"].sort(),
    );
    expect(slim.json.data.attributes.desa_kelurahan).toEqual({
      data: { id: home.id, attributes: { nama: home.nama } },
    });
    expect(slim.json.data.attributes.kecamatan.data).toMatchObject({
      id: home.kecamatanId,
      attributes: { kode: expect.stringMatching(/^32\.75\./) },
    });

    const full = await call("GET", `/registers/${a.id}`, admin);
    expect(full.json.data.attributes.data_register.members).toHaveLength(a.form.members.length);
    expect(full.json.data.attributes.member_count).toBe(a.form.members.length);
  });

  test("unknown operators, private or unknown fields, JSON filters and bad ids answer 400", async () => {
    const admin = await as(await createUser(t.db, { role: "admin" }));
    for (const query of [
      "filters[status][$foo]=X",
      "filters[deleted_at][$null]=true",
      "filters[created_by][$eq]=1",
      "sort=delete_reason",
      "fields[0]=consent_version",
      "filters[data_register][$containsi]=hamil",
      "sort=data_register",
      "pagination[page]=abc",
    ]) {
      const response = await call("GET", `/registers?${query}`, admin);
      expect({ query, status: response.status, name: response.json.error?.name }).toEqual({
        query,
        status: 400,
        name: "ValidationError",
      });
    }
    expect((await call("GET", "/registers/abc", admin)).status).toBe(400);
    expect((await call("GET", "/registers/999999", admin)).status).toBe(404);
  });

  test("text operators match an instant as the API writes it (ISO, UTC), whatever the database's time zone", async () => {
    const admin = await as(await createUser(t.db, { role: "admin" }));
    // 00:30 WIB on 1 November.
    const family = await createFamilyRegister(t.db, { wardIndex: 3, rw: "009", rt: "009" });
    await t.db
      .update(registers)
      .set({ createdAt: new Date("2026-10-31T17:30:00.000Z") })
      .where(eq(registers.id, family.id));
    const found = async (operator: string, value: string) => {
      const response = await call(
        "GET",
        `/registers?filters[createdAt][${operator}]=${value}&filters[id][$eq]=${family.id}`,
        admin,
      );
      expect(response.status).toBe(200);
      return response.json.data.map((entry: StrapiEntry) => entry.attributes.createdAt);
    };
    expect(await found("$startsWith", "2026-10-31T17:30")).toEqual(["2026-10-31T17:30:00.000Z"]);
    expect(await found("$containsi", "t17:30:00.000z")).toHaveLength(1);
    expect(await found("$endsWith", ".000Z")).toHaveLength(1);
    expect(await found("$startsWith", "2026-11-01")).toEqual([]);
  });

  test("an instant compared with a date, or a time without a zone, is read in WIB: 00:30 WIB on 1 December is December's", async () => {
    const admin = await as(await createUser(t.db, { role: "admin" }));
    const family = await createFamilyRegister(t.db, { wardIndex: 3, rw: "009", rt: "008" });
    await t.db
      .update(registers)
      .set({ createdAt: new Date("2026-11-30T17:30:00.000Z") })
      .where(eq(registers.id, family.id));
    const matches = async (operator: string, value: string) => {
      const response = await call(
        "GET",
        `/registers?filters[createdAt][${operator}]=${encodeURIComponent(value)}&filters[id][$eq]=${family.id}`,
        admin,
      );
      expect(response.status).toBe(200);
      return response.json.meta.pagination.total === 1;
    };
    expect(await matches("$gte", "2026-12-01")).toBe(true);
    expect(await matches("$lt", "2026-12-01")).toBe(false);
    expect(await matches("$gte", "2026-12-01T00:00")).toBe(true);
    expect(await matches("$lt", "2026-12-01T00:31:00")).toBe(true);
    expect(await matches("$lt", "2026-12-01T00:29:59.999")).toBe(false);
    // An instant with its zone is taken as written.
    expect(await matches("$gte", "2026-12-01T00:00:00Z")).toBe(false);
    expect(await matches("$gte", "2026-12-01T00:00:00+07:00")).toBe(true);
    expect((await call("GET", "/registers?filters[createdAt][$gte]=2026-13-01", admin)).status).toBe(400);
  });

  test("the spec's four statistics totals equal counts of the database", async () => {
    await createFamilyRegister(t.db, { status: "REJECTED" });
    await createFamilyRegister(t.db, { status: "APPROVED" });
    const gone = await createFamilyRegister(t.db, { status: "SUBMITTED" });
    await t.db.update(registers).set({ deletedAt: new Date(), deleteReason: "uji" }).where(eq(registers.id, gone.id));
    const admin = await as(await createUser(t.db, { role: "admin" }));
    const expected = async (status?: "SUBMITTED" | "APPROVED" | "REJECTED") => {
      const [row] = await t.db
        .select({ total: count() })
        .from(registers)
        .where(and(isNull(registers.deletedAt), status ? eq(registers.status, status) : undefined));
      return row?.total;
    };
    const total = async (filter: string) =>
      (await call("GET", `/registers?pagination[pageSize]=1${filter}`, admin)).json.meta.pagination.total;
    expect(await total("")).toBe(await expected());
    for (const status of ["SUBMITTED", "APPROVED", "REJECTED"] as const) {
      expect(await total(`&filters[status][$eq]=${status}`)).toBe(await expected(status));
    }
  });
});

describe("POST /registers", () => {
  test("a cadre creates a family in its area; the answer is the created entry", async () => {
    const cadre = await as(await createCadre(t.db, "rt", { rw: "7", rt: "2" }));
    const form = await familyForm(t.db, { rw: "7", rt: "2" });
    const created = await call("POST", "/registers", cadre, restBody(form));
    expect(created.status).toBe(200);
    expect(created.json.meta).toEqual({});
    expect(created.json.data.attributes).toMatchObject({
      nama_kepala_keluarga: form.namaKepalaKeluarga,
      status: "SUBMITTED",
      rw: "007",
      rt: "002",
    });
    expect(created.json.data.attributes.data_register).not.toHaveProperty("captcha");
    const [createdRow] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "register.create"), eq(auditLog.entityId, created.json.data.id)));
    expect(createdRow).toBeDefined();
  });

  test("schema failures answer 400 with details.errors naming the attribute sent", async () => {
    const cadre = await as(await createCadre(t.db, "rt"));
    const form = await familyForm(t.db);
    const body = restBody(form, { nik_kepala_keluarga: "12ab", nomor_hp: "08" });
    body.data.data_register.members = [];
    const response = await call("POST", "/registers", cadre, body);
    expect(response.status).toBe(400);
    expect(response.json.error.name).toBe("ValidationError");
    expect(response.json.error.details.errors).toEqual(
      expect.arrayContaining([
        { path: ["nik_kepala_keluarga"], message: "NIK hanya boleh berisi angka", name: "ValidationError" },
        { path: ["nomor_hp"], message: "Nomor HP tidak valid", name: "ValidationError" },
        { path: ["data_register", "members"], message: "Minimal satu anggota keluarga", name: "ValidationError" },
      ]),
    );
    const missing = await call("POST", "/registers", cadre, { nama_kepala_keluarga: "Tanpa Data" });
    expect(missing.json.error.message).toBe('Missing "data" payload in the request body');
  });

  test("fields left out of a create are named in the form's Indonesian words, never zod's English", async () => {
    const cadre = await as(await createCadre(t.db, "rt"));
    const body = restBody(await familyForm(t.db));
    const { nama_kepala_keluarga: _name, nomor_hp: _phone, ...head } = body.data;
    const { members: _members, waterSource: _water, ...form } = body.data.data_register;
    const response = await call("POST", "/registers", cadre, { data: { ...head, data_register: form } });
    expect(response.status).toBe(400);
    const errors: Array<{ path: string[]; message: string }> = response.json.error.details.errors;
    expect(errors.map(({ path, message }) => ({ path, message }))).toEqual(
      expect.arrayContaining([
        { path: ["nama_kepala_keluarga"], message: "Nama kepala keluarga wajib diisi" },
        { path: ["nomor_hp"], message: "Nomor HP tidak valid" },
        { path: ["data_register", "members"], message: "Minimal satu anggota keluarga" },
        { path: ["data_register", "waterSource"], message: "Pilih sumber air keluarga" },
      ]),
    );
    expect(JSON.stringify(errors)).not.toMatch(/Invalid input|expected|received/);
  });

  test("a status other than SUBMITTED, a place outside the area and a NIK already used are refused", async () => {
    const cadre = await as(await createCadre(t.db, "rt"));
    const approved = await call("POST", "/registers", cadre, restBody(await familyForm(t.db), { status: "APPROVED" }));
    expect(approved.status).toBe(400);
    expect(approved.json.error.details.errors[0].path).toEqual(["status"]);
    const elsewhere = await call("POST", "/registers", cadre, restBody(await familyForm(t.db, { rt: "004" })));
    expect(elsewhere.status).toBe(403);
    const existing = await createFamilyRegister(t.db);
    const again = await call(
      "POST",
      "/registers",
      cadre,
      restBody(await familyForm(t.db, {}, (f) => withHeadNik(f, existing.form.nikKepalaKeluarga))),
    );
    expect(again.status).toBe(409);
    expect(again.json.error.name).toBe("ConflictError");
    expect(again.json.error.message).toBe(`NIK ${existing.form.nikKepalaKeluarga} sudah terdaftar pada keluarga lain`);
    expect(again.json.error.details.errors[0]).toEqual({
      path: ["nik_kepala_keluarga"],
      message: `NIK ${existing.form.nikKepalaKeluarga} sudah terdaftar pada keluarga lain`,
      name: "ValidationError",
    });
  });
});

describe("PUT /registers/:id", () => {
  test("status moves follow the validation levels; a free jump is refused with a reason", async () => {
    const family = await createFamilyRegister(t.db);
    const rt = await as(await createCadre(t.db, "rt"));
    const rw = await as(await createCadre(t.db, "rw"));

    const wrongLevel = await call("PUT", `/registers/${family.id}`, rw, { data: { status: "RT_VERIFIED" } });
    expect(wrongLevel.status).toBe(403);
    expect(wrongLevel.json.error.message).toBe("Data ini menunggu tindakan kader RT, bukan kader RW");

    const jump = await call("PUT", `/registers/${family.id}`, rt, { data: { status: "APPROVED" } });
    expect(jump.status).toBe(400);
    expect(jump.json.error.message).toContain("tidak dapat diubah langsung");

    const verified = await call("PUT", `/registers/${family.id}`, rt, { data: { status: "RT_VERIFIED" } });
    expect(verified.json.data.attributes.status).toBe("RT_VERIFIED");
    const next = await call("PUT", `/registers/${family.id}`, rw, { data: { status: "NEEDS_REVISION" } });
    expect(next.status).toBe(400);
    expect(next.json.error.details.errors[0]).toMatchObject({ path: ["note"], message: "Catatan revisi wajib diisi" });
    const revision = await call("PUT", `/registers/${family.id}`, rw, {
      data: { status: "NEEDS_REVISION", note: "Foto KK buram" },
    });
    expect(revision.json.data.attributes.status).toBe("NEEDS_REVISION");
    const event = await lastEventOf(family.id);
    expect(event).toMatchObject({
      level: "rw",
      fromStatus: "RT_VERIFIED",
      toStatus: "NEEDS_REVISION",
      note: "Foto KK buram",
    });
  });

  test("a rejected family, corrected, is resubmitted by its RT cadre with status SUBMITTED; not by the RW", async () => {
    const family = await createFamilyRegister(t.db, { status: "REJECTED" });
    const rt = await as(await createCadre(t.db, "rt"));
    const rw = await as(await createCadre(t.db, "rw"));
    const byRw = await call("PUT", `/registers/${family.id}`, rw, { data: { status: "SUBMITTED" } });
    expect([byRw.status, byRw.json.error.message]).toEqual([
      403,
      "Data ini menunggu tindakan kader RT, bukan kader RW",
    ]);
    const resubmitted = await call("PUT", `/registers/${family.id}`, rt, {
      data: { status: "SUBMITTED", note: "KK sudah dilampirkan" },
    });
    expect(resubmitted.json.data.attributes.status).toBe("SUBMITTED");
    const event = await lastEventOf(family.id);
    expect(event).toMatchObject({
      level: "rt",
      fromStatus: "REJECTED",
      toStatus: "SUBMITTED",
      note: "KK sudah dilampirkan",
    });
  });

  test("an admin acts at any level as a recorded override", async () => {
    const family = await createFamilyRegister(t.db, { status: "RW_VERIFIED" });
    const admin = await as(await createUser(t.db, { role: "admin" }));
    const approved = await call("PUT", `/registers/${family.id}`, admin, { data: { status: "APPROVED" } });
    expect(approved.json.data.attributes.status).toBe("APPROVED");
    const event = await lastEventOf(family.id);
    expect(event).toMatchObject({ level: "admin", toStatus: "APPROVED" });
    expect(event?.note).toContain("Override admin");
  });

  test("a status move naming a version someone moved on from is 409, even when the record already has that status", async () => {
    const family = await createFamilyRegister(t.db);
    const first = await as(await createCadre(t.db, "rt"));
    const second = await as(await createCadre(t.db, "rt"));
    const seen = (await call("GET", `/registers/${family.id}`, second)).json.data.attributes.version;
    const verified = await call("PUT", `/registers/${family.id}`, first, {
      data: { status: "RT_VERIFIED", version: seen },
    });
    expect(verified.status).toBe(200);
    // The second cadre's decision, made on what it read, did not happen: it is told so.
    const late = await call("PUT", `/registers/${family.id}`, second, {
      data: { status: "RT_VERIFIED", version: seen, note: "Sudah saya cek" },
    });
    expect(late.status).toBe(409);
    expect(late.json.error.name).toBe("ConflictError");
    const events = await t.db.select().from(registerEvents).where(eq(registerEvents.registerId, family.id));
    expect(events.filter((event) => event.toStatus === "RT_VERIFIED")).toHaveLength(1);
    // With the version it has now, asking for the status it has changes nothing.
    const current = verified.json.data.attributes.version;
    const same = await call("PUT", `/registers/${family.id}`, second, {
      data: { status: "RT_VERIFIED", version: current },
    });
    expect(same.status).toBe(200);
    expect(same.json.data.attributes.version).toBe(current);
  });

  test("field updates keep the rest of the family, bump the version and refuse a stale version with 409", async () => {
    const family = await createFamilyRegister(t.db);
    const cadre = await as(await createCadre(t.db, "rt"));
    const before = (await call("GET", `/registers/${family.id}`, cadre)).json.data.attributes;
    const updated = await call("PUT", `/registers/${family.id}`, cadre, {
      data: { nomor_hp: "081299990000", version: before.version },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.data.attributes).toMatchObject({
      nomor_hp: "081299990000",
      version: before.version + 1,
      member_count: before.member_count,
    });
    expect(updated.json.data.attributes.data_register.members).toEqual(before.data_register.members);
    const [revision] = await t.db.select().from(registerRevisions).where(eq(registerRevisions.registerId, family.id));
    expect(revision?.changes).toEqual([{ path: "nomorHp", before: family.form.nomorHp, after: "081299990000" }]);

    const stale = await call("PUT", `/registers/${family.id}`, cadre, {
      data: { nomor_hp: "081200001111", version: before.version },
    });
    expect(stale.status).toBe(409);
    const invalid = await call("PUT", `/registers/${family.id}`, cadre, { data: { nomor_hp: "08x" } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.details.errors[0].path).toEqual(["nomor_hp"]);
    const elsewhere = await createFamilyRegister(t.db, { rt: "003" });
    expect(
      (await call("PUT", `/registers/${elsewhere.id}`, cadre, { data: { nomor_hp: "081200001111" } })).status,
    ).toBe(404);
  });
});

describe("DELETE /registers/:id", () => {
  test("a soft delete with a reason hides the record from later reads", async () => {
    const family = await createFamilyRegister(t.db);
    const cadre = await as(await createCadre(t.db, "rt"));
    const deleted = await call("DELETE", `/registers/${family.id}`, cadre, { data: { reason: "Pindah domisili" } });
    expect(deleted.status).toBe(200);
    expect(deleted.json.data.id).toBe(family.id);
    expect(await lastAudit()).toMatchObject({
      action: "register.delete",
      entityId: family.id,
      details: { reason: "Pindah domisili" },
    });
    expect((await call("GET", `/registers/${family.id}`, cadre)).status).toBe(404);
    expect(ids((await call("GET", "/registers?pagination[pageSize]=100", cadre)).json)).not.toContain(family.id);
    expect((await call("DELETE", `/registers/${family.id}`, cadre)).status).toBe(404);
    const [row] = await t.db.select().from(registers).where(eq(registers.id, family.id));
    expect(row?.deleteReason).toBe("Pindah domisili");
  });
});

describe("privacy", () => {
  test("a list read writes one audit row listing ids and never a NIK", async () => {
    const family = await createFamilyRegister(t.db);
    const cadre = await createCadre(t.db, "rt");
    const [before] = await t.db.select({ total: count() }).from(auditLog);
    const list = await call("GET", "/registers?pagination[pageSize]=100", await as(cadre));
    const [after] = await t.db.select({ total: count() }).from(auditLog);
    expect((after?.total ?? 0) - (before?.total ?? 0)).toBe(1);
    const row = await lastAudit();
    expect(row).toMatchObject({
      action: "register.read",
      entity: "registers",
      actorId: cadre.id,
      details: { ids: ids(list.json) },
    });
    expect(JSON.stringify(row?.details)).not.toContain(family.form.nikKepalaKeluarga);
  });

  test("an API token's unfiltered page (planned once on PostgreSQL) audits an object naming the token and the ids", async () => {
    await createFamilyRegister(t.db);
    await createFamilyRegister(t.db, { rt: "002" });
    const reader = await token("read-only");
    // Twice: the second run of a statement is the prepared one.
    for (const page of [1, 2]) {
      const list = await call("GET", `/registers?pagination[page]=${page}&pagination[pageSize]=1`, reader);
      expect(list.status).toBe(200);
      const row = await lastAudit();
      expect(row?.details).toEqual({ via: "rest", apiTokenId: reader.id, ids: ids(list.json) });
      expect(row).toMatchObject({ action: "register.read", entity: "registers", actorId: null });
    }
  });

  test("a list entry carries every attribute, the stored form passed through unparsed, as the single read does", async () => {
    const family = await createFamilyRegister(t.db, {
      change: (form) => ({ ...form, namaKepalaKeluarga: 'Budi "Kutip" \\ Miring Ütama' }),
    });
    // Microseconds in a timestamp are cut to milliseconds, never rounded.
    await t.db.update(registers).set({ nomorKk: null }).where(eq(registers.id, family.id));
    await t.db.execute(sql`update registers set created_at = '2026-10-31 16:59:59.999999+00' where id = ${family.id}`);
    const reader = await token("read-only");
    const list = await call("GET", `/registers?filters[id][$eq]=${family.id}`, reader);
    const single = await call("GET", `/registers/${family.id}`, reader);
    expect(list.status).toBe(200);
    const [entry] = entries(list.json);
    expect(entry).toEqual(single.json.data);
    expect(entry?.attributes).toMatchObject({
      createdAt: "2026-10-31T16:59:59.999Z",
      publishedAt: "2026-10-31T16:59:59.999Z",
      nomor_kk: null,
    });
    expect(entry?.attributes.data_register).toEqual(single.json.data.attributes.data_register);
    expect(entry?.attributes.data_register).toMatchObject({ namaKepalaKeluarga: 'Budi "Kutip" \\ Miring Ütama' });
    expect(entry?.attributes.nama_kepala_keluarga).toBe('Budi "Kutip" \\ Miring Ütama');
  });

  test("the audit row lists the page's ids in the page's order; a page past the end writes none and keeps the total", async () => {
    await createFamilyRegister(t.db);
    await createFamilyRegister(t.db, { rt: "002" });
    await createFamilyRegister(t.db, { rt: "003" });
    const cadre = await as(await createCadre(t.db, "kelurahan"));
    const page = await call("GET", "/registers?pagination[pageSize]=2&sort=rt:desc", cadre);
    expect(page.status).toBe(200);
    expect(ids(page.json)).toHaveLength(2);
    expect((await lastAudit())?.details).toMatchObject({ via: "rest", ids: ids(page.json) });

    const [before] = await t.db.select({ total: count() }).from(auditLog);
    const past = await call("GET", "/registers?pagination[page]=50&pagination[pageSize]=2", cadre);
    expect(past.status).toBe(200);
    expect(past.json.data).toEqual([]);
    expect(past.json.meta.pagination.total).toBe(page.json.meta.pagination.total);
    const filter = "filters[rt][$in][0]=002&filters[rt][$in][1]=003&pagination[pageSize]=100";
    const filteredFirst = await call("GET", `/registers?${filter}`, cadre);
    expect(filteredFirst.json.meta.pagination.total).toBeGreaterThanOrEqual(2);
    const [between] = await t.db.select({ total: count() }).from(auditLog);
    const filteredPast = await call("GET", `/registers?${filter}&pagination[page]=9`, cadre);
    expect(filteredPast.json).toMatchObject({
      data: [],
      meta: { pagination: { total: filteredFirst.json.meta.pagination.total } },
    });
    const [after] = await t.db.select({ total: count() }).from(auditLog);
    expect(after?.total).toBe((before?.total ?? 0) + 1);
    expect(between?.total).toBe(after?.total);
  });

  test("no password hash, session or token ever appears in an answer", async () => {
    const cadreUser = await createCadre(t.db, "rt");
    const [withHash] = await t.db.select().from(registers).limit(1);
    expect(withHash).toBeDefined();
    const cookie = await sessionCookieFor(t.db, cadreUser.id);
    const sessionToken = cookie.split("=")[1] ?? "";
    const admin = await as(await createUser(t.db, { role: "admin", passwordHash: "$argon2id$v=19$secret-hash" }));
    const responses = [
      await call("GET", "/registers?populate=*&pagination[pageSize]=100", admin),
      await call("GET", "/registers?populate[desa_kelurahan][populate]=kecamatan", { cookie }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.text).not.toContain("argon2");
      expect(response.text).not.toContain("password");
      expect(response.text).not.toContain(sessionToken);
      expect(response.text).not.toContain("deleted_by");
      expect(response.text).not.toContain("created_by");
    }
    // Like Strapi, a name that is not a relation is skipped: nothing private comes back.
    const unknown = await call("GET", "/registers?populate=created_by", admin);
    expect(unknown.status).toBe(200);
    expect(unknown.text).not.toContain("created_by");
  });
});

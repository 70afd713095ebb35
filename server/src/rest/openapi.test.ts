// The OpenAPI document: valid OpenAPI 3.1 by @readme/openapi-parser, and every operation it lists
// answers, when called once, with a status the document names (the documented successes succeed).
import { describe, expect, test } from "bun:test";
import { validate, compileErrors } from "@readme/openapi-parser";
import type { OpenAPIV3_1 } from "openapi-types";
import { callerFor, createUser, useTestApp } from "../../test/helpers.ts";
import { createFamilyRegister, familyForm } from "../../test/factories.ts";

const methods = ["get", "put", "post", "delete"] as const;

describe("OpenAPI document at /api/openapi.json", () => {
  const t = useTestApp();

  const fetchDocument = async (): Promise<OpenAPIV3_1.Document> => {
    const response = await t.app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    return response.json();
  };

  test("is valid OpenAPI 3.1", async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document));
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      "apiToken",
      "sessionCookie",
      "sessionJwt",
    ]);
  });

  test("every operation it lists answers once with a documented status", async () => {
    const document = await fetchDocument();
    const password = "Rahasia-Sekali-123";
    const hash = await Bun.password.hash(password);
    const admin = await createUser(t.db, { role: "admin", passwordHash: hash });
    const token = (await callerFor(t, admin).users.createApiToken({ name: "OpenAPI", access: "full-access" })).token;
    const register = await createFamilyRegister(t.db);
    const form = await familyForm(t.db);
    const login = await t.app.request("/api/auth/local", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identifier: admin.email, password }),
    });
    expect(login.status).toBe(200);
    const jwt: string = (await login.json()).jwt;

    // What each operation is called with: the id it touches, its body, and which credentials.
    const kecamatan = await t.app.request("/api/kecamatans", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ data: { nama_kecamatan: "Dok Raya", kode: "32.75.97" } }),
    });
    const kecamatanId: number = (await kecamatan.json()).data.id;
    const calls: Record<string, { id?: number; body?: unknown; bearer?: string; expect: number }> = {
      login: { body: { identifier: admin.username, password }, expect: 200 },
      registerCadre: { body: { fullName: "x" }, expect: 400 },
      forgotPassword: { body: { email: "siapa@contoh.id" }, expect: 200 },
      resetPassword: { body: { code: "salah", password, passwordConfirmation: password }, expect: 400 },
      me: { bearer: jwt, expect: 200 },
      updateMe: {
        id: admin.id,
        bearer: jwt,
        body: { fullName: "Admin Dokumentasi", phone: "081234567890" },
        expect: 200,
      },
      listKecamatan: { expect: 200 },
      getKecamatan: { id: 1, expect: 200 },
      createKecamatan: { body: { data: { nama_kecamatan: "Dok Jaya", kode: "32.75.96" } }, expect: 200 },
      updateKecamatan: { id: kecamatanId, body: { data: { nama_kecamatan: "Dok Baru" } }, expect: 200 },
      deleteKecamatan: { id: kecamatanId, expect: 200 },
      listDesaKelurahan: { expect: 200 },
      getDesaKelurahan: { id: 1, expect: 200 },
      createDesaKelurahan: {
        body: { data: { nama_desa_kelurahan: "Dok", kode: "32.75.01.1999", jenis: "kelurahan", kecamatan: 1 } },
        expect: 200,
      },
      updateDesaKelurahan: { id: 1, body: { data: { kode_pos: "17111" } }, expect: 200 },
      deleteDesaKelurahan: { id: 999_999, expect: 404 },
      listRegister: { expect: 200 },
      getRegister: { id: register.id, expect: 200 },
      createRegister: {
        body: {
          data: {
            nama_kepala_keluarga: form.namaKepalaKeluarga,
            nik_kepala_keluarga: form.nikKepalaKeluarga,
            nomor_hp: form.nomorHp,
            alamat_email: form.alamatEmail,
            tanggal_pendataan: form.tanggalPendataan,
            data_register: form,
          },
        },
        expect: 200,
      },
      updateRegister: {
        id: register.id,
        body: { data: { status: "REJECTED", reason: "Uji dokumentasi" } },
        expect: 200,
      },
      deleteRegister: { id: register.id, body: { data: { reason: "Uji dokumentasi" } }, expect: 200 },
    };

    const seen: string[] = [];
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of methods) {
        const operation = item?.[method];
        if (!operation) continue;
        const operationId = operation.operationId ?? `${method} ${path}`;
        const call = calls[operationId];
        if (!call) throw new Error(`no call written for ${operationId}`);
        seen.push(operationId);
        const url = `/api${path.replace("{id}", String(call.id ?? 0))}`;
        const headers: Record<string, string> = { authorization: `Bearer ${call.bearer ?? token}` };
        if (call.body !== undefined) headers["content-type"] = "application/json";
        const response = await t.app.request(url, {
          method: method.toUpperCase(),
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
        });
        const documented = Object.keys(operation.responses ?? {});
        expect({
          operationId,
          status: response.status,
          documented: documented.includes(String(response.status)),
        }).toEqual({ operationId, status: call.expect, documented: true });
      }
    }
    expect(seen.sort()).toEqual(Object.keys(calls).sort());
  });

  test("registers document nomor_kk and the write-only nik_confirmed (the cadre's NIK confirmation)", async () => {
    const document = await fetchDocument();
    const body = document.paths?.["/registers"]?.post?.requestBody;
    const schema = body && "content" in body ? body.content["application/json"]?.schema : undefined;
    const data = schema && "properties" in schema ? schema.properties?.data : undefined;
    const confirmed = data && "properties" in data ? data.properties?.nik_confirmed : undefined;
    expect(confirmed).toMatchObject({ type: "boolean" });
    expect(JSON.stringify(confirmed)).toContain("data_register.members.N.nik");
    // Nomor KK: readable and writable.
    expect(data && "properties" in data ? data.properties?.nomor_kk : undefined).toBeDefined();
    const attributes = document.components?.schemas?.RegisterAttributes;
    expect(attributes && "properties" in attributes ? attributes.properties?.nomor_kk : undefined).toBeDefined();
  });

  test("/api/docs is a page that loads the viewer from this server only", async () => {
    const page = await t.app.request("/api/docs");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/api/docs/viewer.js"></script>');
    expect(html).not.toContain("https://");
    const viewer = await t.app.request("/api/docs/viewer.js");
    expect(viewer.status).toBe(200);
    expect(viewer.headers.get("content-type")).toContain("javascript");
  });
});

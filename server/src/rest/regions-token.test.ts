// API tokens on the regions REST writes: a full-access token acts as an admin, a read-only one is refused.
import { describe, expect, test } from "bun:test";
import { callerFor, createUser, useTestApp } from "../../test/helpers.ts";

describe("regions REST writes with API tokens", () => {
  const t = useTestApp();
  const tokenOf = async (access: "read-only" | "full-access") => {
    const admin = await createUser(t.db, { role: "admin" });
    return (await callerFor(t, admin).users.createApiToken({ name: `Mitra ${access}`, access })).token;
  };
  const send = async (method: string, path: string, token: string, body?: unknown) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const response = await t.app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  test("a full-access token creates, edits and deletes a kecamatan", async () => {
    const token = await tokenOf("full-access");
    const created = await send("POST", "/api/kecamatans", token, {
      data: { nama_kecamatan: "Token Raya", kode: "32.75.98" },
    });
    expect(created.status).toBe(200);
    const id: number = created.body.data.id;
    const updated = await send("PUT", `/api/kecamatans/${id}`, token, { data: { nama_kecamatan: "Token Jaya" } });
    expect(updated.body.data.attributes.nama).toBe("Token Jaya");
    expect((await send("DELETE", `/api/kecamatans/${id}`, token)).status).toBe(200);
  });

  test("a read-only token reads regions and may not write them", async () => {
    const token = await tokenOf("read-only");
    expect((await send("GET", "/api/kecamatans", token)).status).toBe(200);
    const refused = await send("POST", "/api/kecamatans", token, {
      data: { nama_kecamatan: "Tidak Boleh", kode: "32.75.97" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ name: "ForbiddenError", message: "Forbidden" });
  });
});

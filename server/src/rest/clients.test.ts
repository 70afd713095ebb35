// The two npm clients third parties use with Strapi v4 — strapi-sdk-js@2 and the official
// @strapi/client — against the app listening on a real port: sign in (username and e-mail), a
// filtered list with nested populate, create, update and delete.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { strapi as strapiClient } from "@strapi/client";
import Strapi from "strapi-sdk-js";
import { z } from "zod";
import { createUser, useTestApp } from "../../test/helpers.ts";

interface Entry {
  id: number;
  attributes: Record<string, unknown>;
}
// The clients type answers loosely (Strapi 5 documents, `{}` meta); the test reads them through zod.
const listShape = z.object({
  data: z.array(z.object({ id: z.number(), attributes: z.record(z.string(), z.unknown()) })),
  meta: z.object({ pagination: z.object({ total: z.number() }) }),
});

describe("Strapi v4 client libraries against the running app", () => {
  const t = useTestApp();
  const password = "Rahasia-Sekali-123";
  let server: ReturnType<typeof Bun.serve> | undefined;
  let base = "";
  let admin = { username: "", email: "" };

  beforeAll(async () => {
    server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => t.app.fetch(request) });
    base = `http://127.0.0.1:${server.port}`;
    const user = await createUser(t.db, { role: "admin", passwordHash: await Bun.password.hash(password) });
    admin = { username: user.username, email: user.email };
  });
  afterAll(async () => {
    await server?.stop(true);
  });

  const nestedQuery = {
    filters: { kecamatan: { kode: { $eq: "32.75.01" } } },
    populate: { kecamatan: { fields: ["kode"], populate: { kelurahans: { fields: ["kode"] } } } },
    sort: ["kode:asc"],
  };
  const expectNested = (raw: unknown) => {
    const list = listShape.parse(raw);
    expect(list.meta.pagination.total).toBe(4);
    for (const entry of list.data) {
      const kecamatan = entry.attributes.kecamatan;
      expect(kecamatan).toMatchObject({ data: { attributes: { kode: "32.75.01" } } });
      expect(JSON.stringify(kecamatan)).toContain(String(entry.attributes.kode));
    }
  };

  test("strapi-sdk-js@2: login by username, nested populate, create, update, delete", async () => {
    const sdk = new Strapi({ url: base, prefix: "/api" });
    const login = await sdk.login({ identifier: admin.username, password });
    expect(login.user.email).toBe(admin.email);
    const list = await sdk.find<Entry[]>("desa-kelurahans", nestedQuery);
    expectNested(list);

    const created = await sdk.create<Entry>("kecamatans", { nama_kecamatan: "Sdk Raya", kode: "32.75.91" });
    expect(created.data.attributes).toMatchObject({ nama_kecamatan: "Sdk Raya", kode: "32.75.91" });
    const updated = await sdk.update<Entry>("kecamatans", created.data.id, { nama_kecamatan: "Sdk Jaya" });
    expect(updated.data.attributes.nama_kecamatan).toBe("Sdk Jaya");
    const removed = await sdk.delete<Entry>("kecamatans", created.data.id);
    expect(removed.data.id).toBe(created.data.id);
    await expect(sdk.findOne("kecamatans", created.data.id)).rejects.toMatchObject({ error: { status: 404 } });
  });

  test("@strapi/client: login by e-mail, nested populate, create, update, delete", async () => {
    const anonymous = strapiClient({ baseURL: `${base}/api` });
    const response = await anonymous.fetch("/auth/local", {
      method: "POST",
      body: JSON.stringify({ identifier: admin.email, password }),
    });
    const { jwt } = await response.json();
    expect(typeof jwt).toBe("string");

    const client = strapiClient({ baseURL: `${base}/api`, auth: jwt });
    const kelurahans = client.collection("desa-kelurahans");
    expectNested(await kelurahans.find(nestedQuery));

    const kecamatans = client.collection("kecamatans");
    const created = await kecamatans.create({ nama_kecamatan: "Klien Raya", kode: "32.75.92" });
    const id = Number(created.data.id);
    expect(created.data).toMatchObject({ attributes: { nama_kecamatan: "Klien Raya" } });
    const updated = await kecamatans.update(String(id), { kode: "32.75.93" });
    expect(updated.data).toMatchObject({ attributes: { kode: "32.75.93", nama_kecamatan: "Klien Raya" } });
    await kecamatans.delete(String(id));
    await expect(kecamatans.findOne(String(id))).rejects.toMatchObject({ name: "HTTPNotFoundError" });
  });
});

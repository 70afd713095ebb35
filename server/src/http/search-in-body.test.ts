// A list search carries a head's name or a Nomor KK: the client sends such queries as POST
// (client/src/lib/trpc.ts) so the term stays out of URLs and proxy access logs (DESIGN §6).
import { describe, expect, test } from "bun:test";
import { createCadre } from "../../test/cadres.ts";
import { createFamilyRegister } from "../../test/factories.ts";
import { TEST_ORIGIN, sessionCookieFor, useTestApp } from "../../test/helpers.ts";

const t = useTestApp();

async function listAsPost(cookie: string, search: string, origin?: string): Promise<Response> {
  return t.app.request("/trpc/registers.list?batch=1", {
    method: "POST",
    headers: { "content-type": "application/json", cookie, ...(origin ? { origin } : {}) },
    body: JSON.stringify({ 0: { search } }),
  });
}

describe("a records search sent in a POST body", () => {
  test("answers as the GET would, for a cadre of the area", async () => {
    const family = await createFamilyRegister(t.db, { rw: "005", rt: "001" });
    const cadre = await createCadre(t.db, "rt");
    const cookie = await sessionCookieFor(t.db, cadre.id);
    const response = await listAsPost(cookie, family.form.namaKepalaKeluarga, TEST_ORIGIN);
    expect(response.status).toBe(200);
    const [answer] = await response.json();
    const names = answer.result.data.items.map((item: { namaKK: string }) => item.namaKK);
    expect(names).toContain(family.form.namaKepalaKeluarga);
    expect(response.headers.get("cache-control")).toContain("no-store");
  });

  test("is a cookie write like any POST: without our Origin it is refused", async () => {
    const cadre = await createCadre(t.db, "rt");
    const cookie = await sessionCookieFor(t.db, cadre.id);
    expect((await listAsPost(cookie, "Budi")).status).toBe(403);
    expect((await listAsPost(cookie, "Budi", "https://jahat.example")).status).toBe(403);
  });
});

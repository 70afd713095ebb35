// A partner's POST /api/registers sent again after its answer was lost: with an Idempotency-Key
// header it answers the family it created; the same key with another body is a 409.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { registers } from "../db/schema/registers.ts";
import { familyForm } from "../../test/factories.ts";
import { useTestApp } from "../../test/helpers.ts";
import { apiToken, restBody, restCall } from "../../test/rest.ts";

const t = useTestApp();

describe("POST /api/registers with an Idempotency-Key", () => {
  test("the same create twice answers one family; another body under the key is refused", async () => {
    const partner = await apiToken(t, "full-access");
    const form = await familyForm(t.db);
    const key = { "idempotency-key": crypto.randomUUID() };
    const first = await restCall(t, "POST", "/registers", partner, restBody(form), key);
    const again = await restCall(t, "POST", "/registers", partner, restBody(form), key);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.json.data.id).toBe(first.json.data.id);
    const stored = await t.db
      .select({ id: registers.id })
      .from(registers)
      .where(eq(registers.nikKepalaKeluarga, form.nikKepalaKeluarga));
    expect(stored).toEqual([{ id: first.json.data.id }]);

    const other = await restCall(t, "POST", "/registers", partner, restBody({ ...form, nomorHp: "081299990000" }), key);
    expect(other.status).toBe(409);
    expect(other.json.error.message).toBe(
      "Pengiriman ini sudah dipakai untuk data lain. Muat ulang halaman lalu kirim kembali.",
    );
  });

  test("a malformed key is a 400 naming it; without a key a second create meets its own NIK (409)", async () => {
    const partner = await apiToken(t, "full-access");
    const form = await familyForm(t.db);
    const bad = await restCall(t, "POST", "/registers", partner, restBody(form), { "idempotency-key": "pendek" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.errors[0]).toMatchObject({
      path: ["Idempotency-Key"],
      message: "Kunci pengiriman tidak valid",
    });
    expect((await restCall(t, "POST", "/registers", partner, restBody(form))).status).toBe(200);
    expect((await restCall(t, "POST", "/registers", partner, restBody(form))).status).toBe(409);
  });
});

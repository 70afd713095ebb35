// Readers of the full view get list entries whose attributes PostgreSQL wrote as JSON (StoredEntry
// in resource.ts); a single entry is still decoded and written in JavaScript. Both must say the
// same thing, value for value: timestamps to the millisecond, dates, numbers, text, the stored form.
import { describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { registers } from "../db/schema/registers.ts";
import { createFamilyRegister } from "../../test/factories.ts";
import { createUser } from "../../test/helpers.ts";
import { useTestApp } from "../../test/helpers.ts";
import { apiToken, cookieOf, restCall, type RestAuth } from "../../test/rest.ts";

const t = useTestApp();

interface Entry {
  id: number;
  attributes: Record<string, unknown>;
}

async function listed(auth: RestAuth, query: string): Promise<Entry[]> {
  const answer = await restCall(t, "GET", `/registers?pagination[pageSize]=100${query}`, auth);
  expect(answer.status).toBe(200);
  return answer.json.data;
}

async function single(auth: RestAuth, id: number, query = ""): Promise<Entry> {
  const answer = await restCall(t, "GET", `/registers/${id}${query ? `?${query}` : ""}`, auth);
  expect(answer.status).toBe(200);
  return answer.json.data;
}

describe("REST register list entries written by PostgreSQL", () => {
  test("equal the single entries for an API token and an admin, with hard values", async () => {
    const plain = await createFamilyRegister(t.db, { wardIndex: 0 });
    const named = await createFamilyRegister(t.db, {
      wardIndex: 1,
      change: (form) => ({ ...form, namaKepalaKeluarga: "Siti Nur'aini Ñoño-Dewi" }),
    });
    await createFamilyRegister(t.db, { wardIndex: 0, status: "APPROVED" });
    // Microseconds, and a time just before midnight UTC (already the next day in WIB).
    await t.db
      .update(registers)
      .set({ createdAt: sql`'2026-03-04 23:59:58.999999+00'::timestamptz` })
      .where(eq(registers.id, named.id));

    const token = await apiToken(t, "read-only");
    const admin = await cookieOf(t, await createUser(t.db, { role: "admin" }));
    for (const auth of [token, admin]) {
      const entries = await listed(auth, "");
      expect(entries.map((entry) => entry.id)).toEqual([...entries.map((entry) => entry.id)].sort((a, b) => a - b));
      expect(entries.length).toBe(3);
      for (const entry of entries) expect(entry).toEqual(await single(auth, entry.id));

      const [namedEntry] = entries.filter((entry) => entry.id === named.id);
      expect(namedEntry?.attributes.nama_kepala_keluarga).toBe("Siti Nur'aini Ñoño-Dewi");
      expect(namedEntry?.attributes.createdAt).toBe("2026-03-04T23:59:58.999Z");
      expect(namedEntry?.attributes.publishedAt).toBe("2026-03-04T23:59:58.999Z");
      expect(typeof namedEntry?.attributes.member_count).toBe("number");
      expect(typeof namedEntry?.attributes.has_special_condition).toBe("boolean");
      expect(namedEntry?.attributes.data_register).toEqual((await single(auth, named.id)).attributes.data_register);
      const [plainEntry] = entries.filter((entry) => entry.id === plain.id);
      expect(plainEntry?.attributes.tanggal_pendataan).toBe(plain.form.tanggalPendataan);
    }
  });

  test("fields choose the attributes, in order, and deep pages hold the right rows", async () => {
    for (let index = 0; index < 4; index += 1) await createFamilyRegister(t.db, { wardIndex: index % 2 });
    const token = await apiToken(t, "read-only");
    const chosen = "fields[0]=updatedAt&fields[1]=nama_kepala_keluarga&fields[2]=data_register";
    const entries = await listed(token, `&${chosen}`);
    expect(entries.length).toBeGreaterThanOrEqual(4);
    for (const entry of entries) {
      expect(Object.keys(entry.attributes)).toEqual(["updatedAt", "nama_kepala_keluarga", "data_register"]);
      expect(entry).toEqual(await single(token, entry.id, chosen));
    }
    // Page n of one holds the n-th entry of the whole list (the deferred join keeps the order).
    for (const [index, entry] of entries.entries()) {
      const page = await restCall(t, "GET", `/registers?pagination[page]=${index + 1}&pagination[pageSize]=1`, token);
      expect(page.json.data.map((item: Entry) => item.id)).toEqual([entry.id]);
      expect(page.json.meta.pagination).toEqual({
        page: index + 1,
        pageSize: 1,
        pageCount: entries.length,
        total: entries.length,
      });
    }
  });
});

import { describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { useTestApp } from "../../test/helpers.ts";
import { seedDemoAccounts } from "./accounts.ts";
import { buildDemoFamily, seedDemoFamilies, seededRandom } from "./families.ts";
import { familyMembers, registerEvents, registers } from "../db/schema/registers.ts";

describe("demo families", () => {
  const t = useTestApp();

  test("seed 40 families in the demo ward plus 2 per other ward, with members and history, once", async () => {
    await seedDemoAccounts(t.db);
    const created = await seedDemoFamilies(t.db);
    expect(created).toBe(40 + 55 * 2);
    expect(await seedDemoFamilies(t.db)).toBe(0);
    const [families] = await t.db.select({ total: count() }).from(registers);
    expect(families?.total).toBe(created);
    const [members] = await t.db.select({ total: count() }).from(familyMembers);
    expect(members?.total).toBeGreaterThanOrEqual(created * 2);
    const approved = await t.db.select({ id: registers.id }).from(registers).where(eq(registers.status, "APPROVED"));
    expect(approved.length).toBeGreaterThan(0);
    const history = await t.db
      .select()
      .from(registerEvents)
      .where(eq(registerEvents.registerId, approved[0]?.id ?? 0));
    expect(history.map((event) => event.toStatus)).toEqual(["SUBMITTED", "RT_VERIFIED", "RW_VERIFIED", "APPROVED"]);
  });

  test("indexed columns agree with data_register", async () => {
    const rows = await t.db.select().from(registers).limit(50);
    for (const row of rows) {
      const data = row.dataRegister;
      const members = Array.isArray(data.members) ? data.members.length : -1;
      expect(row.memberCount).toBe(members);
      expect(row.nikKepalaKeluarga).toMatch(/^\d{16}$/);
      expect(row.rw).toMatch(/^\d{3}$/);
    }
  });
});

test("a generated survey date is never in the future", () => {
  const random = seededRandom(3);
  const today = new Date("2026-03-15T00:00:00Z");
  const area = { kecamatanId: 1, desaKelurahanId: 1, kode: "32.75.01.1001", rw: "001", rt: "001" };
  for (let serial = 1; serial <= 200; serial += 1) {
    expect(buildDemoFamily(random, serial, area, today).tanggalPendataan <= "2026-03-15").toBe(true);
  }
});

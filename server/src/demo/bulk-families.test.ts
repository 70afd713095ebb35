import { describe, expect, test } from "bun:test";
import { count, countDistinct, eq } from "drizzle-orm";
import { familyMembers, registerEvents, registers } from "../db/schema/registers.ts";
import { useTestApp } from "../../test/helpers.ts";
import { generateFamilies } from "./bulk-families.ts";

describe("bulk family generation", () => {
  const t = useTestApp();

  test("writes families with their members and history, spread over wards, consistent with data_register", async () => {
    const written = await generateFamilies(t.db, { families: 120, firstSerial: 5_000_000, batchSize: 50 });
    expect(written).toBe(120);
    const [families] = await t.db
      .select({ total: count(), wards: countDistinct(registers.desaKelurahanId) })
      .from(registers);
    expect(families?.total).toBe(120);
    expect(families?.wards).toBe(56);
    const [members] = await t.db.select({ total: count(), niks: countDistinct(familyMembers.nik) }).from(familyMembers);
    expect(members?.total).toBe(members?.niks);
    const rows = await t.db.select().from(registers);
    const memberTotal = rows.reduce((sum, row) => sum + row.memberCount, 0);
    expect(members?.total).toBe(memberTotal);
    const approved = rows.find((row) => row.status === "APPROVED");
    const history = await t.db
      .select()
      .from(registerEvents)
      .where(eq(registerEvents.registerId, approved?.id ?? 0));
    expect(history.map((event) => event.toStatus)).toEqual(["SUBMITTED", "RT_VERIFIED", "RW_VERIFIED", "APPROVED"]);
    expect(approved?.createdAt).toBeInstanceOf(Date);
    expect(approved?.version).toBe(1);
  });

  test("a second run continues without NIK collisions", async () => {
    await generateFamilies(t.db, { families: 30, firstSerial: 5_001_000 });
    const [members] = await t.db.select({ total: count(), niks: countDistinct(familyMembers.nik) }).from(familyMembers);
    expect(members?.total).toBe(members?.niks);
  });
});

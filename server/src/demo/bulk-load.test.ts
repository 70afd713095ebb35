import { describe, expect, test } from "bun:test";
import { count, countDistinct, eq, max, min, sql } from "drizzle-orm";
import { figureRollups } from "../db/schema/figures.ts";
import { familyMembers, registerEvents, registers } from "../db/schema/registers.ts";
import { useTestApp } from "../../test/helpers.ts";
import { checkRollups } from "../services/figures/rollups.ts";
import { loadFamilies } from "./bulk-load.ts";

describe("bulk family generation", () => {
  const t = useTestApp();
  const indexes = async () =>
    JSON.stringify(
      await t.db.execute(
        sql`select indexdef from pg_indexes where tablename in ('registers', 'family_members', 'register_events') order by indexname`,
      ),
    );

  test("copies families with members and history over 24 months, every ward, and rollups equal to a recount", async () => {
    const before = await indexes();
    // Into an empty table: the secondary indexes are dropped for the load and built again after it.
    const result = await loadFamilies(t.handle, { families: 300, batchSize: 70 });
    expect(await indexes()).toBe(before);
    expect(result.families).toBe(300);
    const [families] = await t.db
      .select({
        total: count(),
        wards: countDistinct(registers.desaKelurahanId),
        rws: countDistinct(registers.rw),
        first: min(registers.createdAt),
        last: max(registers.createdAt),
      })
      .from(registers);
    expect(families?.total).toBe(300);
    expect(families?.wards).toBe(56);
    expect(families?.rws).toBe(20);
    const spanDays = ((families?.last?.getTime() ?? 0) - (families?.first?.getTime() ?? 0)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(365);
    const [members] = await t.db.select({ total: count(), niks: countDistinct(familyMembers.nik) }).from(familyMembers);
    expect(members?.total).toBe(members?.niks);
    expect(members?.total).toBe(result.members);
    const rows = await t.db.select().from(registers);
    expect(members?.total).toBe(rows.reduce((sum, row) => sum + row.memberCount, 0));
    const approved = rows.find((row) => row.status === "APPROVED");
    const history = await t.db
      .select()
      .from(registerEvents)
      .where(eq(registerEvents.registerId, approved?.id ?? 0))
      .orderBy(registerEvents.id);
    expect(history.map((event) => event.toStatus)).toEqual(["SUBMITTED", "RT_VERIFIED", "RW_VERIFIED", "APPROVED"]);
    expect(history[0]?.createdAt.getTime()).toBe(approved?.createdAt.getTime());
    // The triggers were off for the load; the rollups were rebuilt and equal a recount.
    const [rolled] = await t.db.select({ families: count() }).from(figureRollups);
    expect(rolled?.families).toBeGreaterThan(0);
    expect(await checkRollups(t.db)).toEqual([]);
  });

  test("a second run continues without id or NIK collisions, and the triggers are on again", async () => {
    await loadFamilies(t.handle, { families: 40 });
    const [members] = await t.db.select({ total: count(), niks: countDistinct(familyMembers.nik) }).from(familyMembers);
    expect(members?.total).toBe(members?.niks);
    const [one] = await t.db.select().from(registers).limit(1);
    await t.db
      .update(registers)
      .set({ rt: "009" })
      .where(eq(registers.id, one?.id ?? 0));
    expect(await checkRollups(t.db)).toEqual([]);
  });

  test("a load that fails half-way leaves every index in place", async () => {
    const before = await indexes();
    // More families than the tables hold, so the secondary indexes are dropped for the load.
    const load = loadFamilies(t.handle, {
      families: 1_000,
      batchSize: 100,
      onProgress: () => {
        throw new Error("stopped by the test");
      },
    });
    await expect(load).rejects.toThrow("stopped by the test");
    expect(await indexes()).toBe(before);
  });
});

import { describe, expect, test } from "bun:test";
import booleanPointInPolygon from "@turf/boolean-point-in-polygon";
import { count, countDistinct, eq, gt, max, min, sql } from "drizzle-orm";
import { figureRollups } from "../db/schema/figures.ts";
import { familyMembers, householdLocations, registerEvents, registers } from "../db/schema/registers.ts";
import { desaKelurahan } from "../db/schema/regions.ts";
import { getEnv } from "../env.ts";
import { useTestApp } from "../../test/helpers.ts";
import { checkRollups } from "../services/figures/rollups.ts";
import { loadFamilies } from "./bulk-load.ts";
import { wardOutlines } from "./ward-outlines.ts";

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

  test("six in ten families get a house inside their own ward's polygon, recorded after they registered", async () => {
    const env = getEnv();
    const outlines = await wardOutlines(env.CITY_CODE, env.DATA_DIR);
    const wards = await t.db.select({ id: desaKelurahan.id, kode: desaKelurahan.kode }).from(desaKelurahan);
    const codeOf = new Map(wards.map((ward) => [ward.id, ward.kode]));
    const [before] = await t.db.select({ total: count(), lastFamily: max(registers.id) }).from(registers);
    const result = await loadFamilies(t.handle, { families: 500, batchSize: 90, outlines });
    const houses = await t.db
      .select({
        ward: registers.desaKelurahanId,
        createdAt: registers.createdAt,
        deletedAt: registers.deletedAt,
        latitude: householdLocations.latitude,
        longitude: householdLocations.longitude,
        source: householdLocations.source,
        recordedAt: householdLocations.recordedAt,
      })
      .from(householdLocations)
      .innerJoin(registers, eq(registers.id, householdLocations.registerId))
      .where(gt(registers.id, before?.lastFamily ?? 0));
    expect(houses).toHaveLength(result.locations);
    expect(houses.length).toBeGreaterThan(500 * 0.5);
    expect(houses.length).toBeLessThan(500 * 0.7);
    for (const house of houses) {
      const outline = outlines[codeOf.get(house.ward ?? 0) ?? ""];
      if (!outline) throw new Error(`ward ${house.ward} has no polygon`);
      expect(booleanPointInPolygon([house.longitude, house.latitude], outline)).toBe(true);
      expect(house.source).toBe("map");
      expect(house.recordedAt.getTime()).toBeGreaterThanOrEqual(house.createdAt.getTime());
      // A deleted family refuses a new location, so a location it has was recorded before the deletion.
      expect(house.recordedAt.getTime()).toBeLessThanOrEqual(house.deletedAt?.getTime() ?? Date.now());
    }
    // Without outlines (a city with no boundaries), no family gets a house.
    const plain = await loadFamilies(t.handle, { families: 30 });
    expect(plain.locations).toBe(0);
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

// The rollups as a property: after any random sequence of writes to registers, family_members and
// register_events (create, edit, move place, status move with its event, delete, restore, hard
// delete, members added and removed, history back-dated), the trigger-kept rollups equal a recount
// from the rows. The writes go straight to the tables: the triggers must hold whichever path writes.
import { describe, expect, test } from "bun:test";
import { count, eq, sql, sum } from "drizzle-orm";
import fc from "fast-check";
import { registerStatuses } from "@shared/status.ts";
import { familyMembers, registerEvents, registers } from "../../db/schema/registers.ts";
import {
  figureMonthPlaceRollups,
  figureRollups,
  memberRollups,
  registerMonthMarks,
  statusMonthRollups,
} from "../../db/schema/figures.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { checkRollups, rebuildRollups } from "./rollups.ts";

const t = useTestApp();

const status = fc.constantFrom(...registerStatuses);
const place = fc.record({
  wardIndex: fc.integer({ min: 0, max: 2 }),
  rw: fc.constantFrom("001", "002"),
  rt: fc.constantFrom("001", "002"),
});
const operation = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), place, status }),
  fc.record({
    kind: fc.constant("edit" as const),
    pick: fc.nat(),
    pregnantCount: fc.integer({ min: 0, max: 2 }),
    water: fc.constantFrom("PDAM", "Sumur Bor", "Air Hujan", null),
    healthy: fc.boolean(),
    members: fc.integer({ min: 1, max: 6 }),
    // Kegiatan PKK (issue 19): UP2K and home industry toggled.
    up2k: fc.boolean(),
    homeIndustry: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("move" as const), pick: fc.nat(), status, monthsAgo: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant("relocate" as const), pick: fc.nat(), place }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat(), monthsAgo: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant("restore" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("backdate" as const), pick: fc.nat(), monthsAgo: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant("dropMember" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("hardDelete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("dropEvent" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("retimeEvent" as const), pick: fc.nat(), monthsAgo: fc.integer({ min: 0, max: 4 }) }),
);

const monthsAgo = (months: number) => new Date(Date.now() - months * 31 * 24 * 60 * 60 * 1000);

describe("figure rollups kept by triggers", () => {
  test("equal a recount from the rows after random writes", async () => {
    const { db } = t;
    const areas = await Promise.all([0, 1, 2].map((index) => ward(db, index)));
    const ids: number[] = [];
    const pick = (index: number) => ids[index % Math.max(1, ids.length)];
    const rollupTables = [
      figureRollups,
      figureMonthPlaceRollups,
      memberRollups,
      registerMonthMarks,
      statusMonthRollups,
    ];
    const reached = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        for (const op of operations) {
          const id = pick("pick" in op ? op.pick : 0);
          switch (op.kind) {
            case "create": {
              const made = await createFamilyRegister(db, { ...op.place, status: op.status });
              ids.push(made.id);
              break;
            }
            case "edit": {
              if (id === undefined) break;
              await db.transaction(async (tx) => {
                await tx
                  .update(registers)
                  .set({
                    pregnantCount: op.pregnantCount,
                    hasSpecialCondition: op.pregnantCount > 0,
                    waterSource: op.water,
                    houseHealthy: op.healthy,
                    houseLessHealthy: !op.healthy,
                    activityUp2k: op.up2k,
                    activityHomeIndustry: op.homeIndustry,
                    memberCount: op.members,
                    version: sql`${registers.version} + 1`,
                  })
                  .where(eq(registers.id, id));
                // Members are replaced as the cadre's edit does: all out, the new list in.
                const kept = await tx.select().from(familyMembers).where(eq(familyMembers.registerId, id));
                await tx.delete(familyMembers).where(eq(familyMembers.registerId, id));
                const members = kept.slice(0, op.members);
                if (members.length === 0) return;
                await tx.insert(familyMembers).values(
                  members.map(({ id: _id, ...member }) => ({
                    ...member,
                    birthDate: `${1950 + ((member.position * 17 + op.members) % 70)}-06-01`,
                  })),
                );
              });
              break;
            }
            case "move": {
              if (id === undefined) break;
              await db.transaction(async (tx) => {
                const [row] = await tx.select().from(registers).where(eq(registers.id, id));
                if (!row) return;
                await tx.update(registers).set({ status: op.status }).where(eq(registers.id, id));
                await tx.insert(registerEvents).values({
                  registerId: id,
                  fromStatus: row.status,
                  toStatus: op.status,
                  createdAt: monthsAgo(op.monthsAgo),
                });
              });
              break;
            }
            case "relocate": {
              if (id === undefined) break;
              const area = areas[op.place.wardIndex];
              if (!area) break;
              await db
                .update(registers)
                .set({ kecamatanId: area.kecamatanId, desaKelurahanId: area.id, rw: op.place.rw, rt: op.place.rt })
                .where(eq(registers.id, id));
              break;
            }
            case "delete":
              if (id !== undefined)
                await db
                  .update(registers)
                  .set({ deletedAt: monthsAgo(op.monthsAgo) })
                  .where(eq(registers.id, id));
              break;
            case "restore":
              if (id !== undefined) await db.update(registers).set({ deletedAt: null }).where(eq(registers.id, id));
              break;
            case "backdate":
              if (id !== undefined)
                await db
                  .update(registers)
                  .set({ createdAt: monthsAgo(op.monthsAgo) })
                  .where(eq(registers.id, id));
              break;
            case "dropMember": {
              if (id === undefined) break;
              const [member] = await db.select().from(familyMembers).where(eq(familyMembers.registerId, id)).limit(1);
              if (member) await db.delete(familyMembers).where(eq(familyMembers.id, member.id));
              break;
            }
            case "hardDelete":
              if (id !== undefined) {
                await db.delete(registers).where(eq(registers.id, id));
                ids.splice(ids.indexOf(id), 1);
              }
              break;
            case "retimeEvent": {
              if (id === undefined) break;
              const [event] = await db.select().from(registerEvents).where(eq(registerEvents.registerId, id)).limit(1);
              if (event)
                await db
                  .update(registerEvents)
                  .set({ createdAt: monthsAgo(op.monthsAgo) })
                  .where(eq(registerEvents.id, event.id));
              break;
            }
            case "dropEvent": {
              if (id === undefined) break;
              const [event] = await db.select().from(registerEvents).where(eq(registerEvents.registerId, id)).limit(1);
              if (event) await db.delete(registerEvents).where(eq(registerEvents.id, event.id));
              break;
            }
          }
        }
        expect(await checkRollups(db)).toEqual([]);
        for (const [index, table] of rollupTables.entries()) {
          const [row] = await db.select({ rows: count() }).from(table);
          if ((row?.rows ?? 0) > 0) reached.add(index);
        }
      }),
      // A fixed seed: CI sees the same runs every time; change it locally to explore further.
      { numRuns: 25, seed: 20261123 },
    );
    // The writes reached every rollup at some point (the recount was not trivially empty).
    expect([...reached].sort()).toEqual(rollupTables.map((_, index) => index));
  }, 120_000);

  test("a check finds a rollup changed behind the triggers' back", async () => {
    const { db } = t;
    await createFamilyRegister(db, { status: "SUBMITTED" });
    await db.execute(sql`update figure_rollups set families = families + 1 where families > 0`);
    const differences = await checkRollups(db);
    expect(differences.map((item) => item.table)).toContain("figure_rollups");
    // The check rolls its recount back: the damage is still there until a rebuild.
    expect((await checkRollups(db)).length).toBeGreaterThan(0);
  });

  test("a check finds a waiting time written with the triggers off, and a rebuild repairs it", async () => {
    const { db } = t;
    const family = await createFamilyRegister(db, { status: "SUBMITTED" });
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update registers set waiting_since = created_at - interval '9 days' where id = ${family.id}`,
      );
    });
    const differences = await checkRollups(db);
    expect(differences.map((item) => [item.table, item.missing])).toContainEqual(["registers.waiting_since", 1]);
    await rebuildRollups(db);
    expect(await checkRollups(db)).toEqual([]);
  });

  test("the form's births and deaths are copied out on every write, checked, and repaired", async () => {
    const { db } = t;
    const birth = {
      motherName: "Ibu Uji",
      babyName: "Bayi Uji",
      sex: "Perempuan" as const,
      birthDate: "2026-01-15",
      hasBirthCertificate: true,
    };
    const family = await createFamilyRegister(db, {
      change: (form) => ({ ...form, events: { births: [birth], deaths: [] } }),
    });
    const kept = async () => {
      const [row] = await db
        .select({ events: registers.lifeEvents })
        .from(registers)
        .where(eq(registers.id, family.id));
      return row?.events ?? null;
    };
    expect(await kept()).toEqual({ births: [birth], deaths: [] });
    // The form edited to list none: the copy goes.
    await db
      .update(registers)
      .set({ dataRegister: { ...family.form, events: { births: [], deaths: [] } } })
      .where(eq(registers.id, family.id));
    expect(await kept()).toBeNull();
    // Set by hand, it is worked out from the form again.
    await db
      .update(registers)
      .set({ lifeEvents: { births: [birth], deaths: [] } })
      .where(eq(registers.id, family.id));
    expect(await kept()).toBeNull();
    expect(await checkRollups(db)).toEqual([]);
    // Written with the triggers off (as a bulk COPY could), the check finds it and a rebuild repairs it.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`update registers set life_events = '{"births": [], "deaths": [{}]}' where id = ${family.id}`,
      );
    });
    const differences = await checkRollups(db);
    expect(differences.map((item) => [item.table, item.missing])).toContainEqual(["registers.life_events", 1]);
    await rebuildRollups(db);
    expect(await checkRollups(db)).toEqual([]);
    expect(await kept()).toBeNull();
  });

  test("Kegiatan PKK is summed by the triggers and recounted by the check", async () => {
    const { db } = t;
    await rebuildRollups(db);
    const up2kSum = async () => {
      const [row] = await db.select({ value: sum(figureRollups.activityUp2k).mapWith(Number) }).from(figureRollups);
      return row?.value ?? 0;
    };
    const before = await up2kSum();
    const made = await createFamilyRegister(db, {
      change: (form) => ({ ...form, communityActivities: { ...form.communityActivities, up2k: true } }),
    });
    expect(await up2kSum()).toBe(before + 1);
    await db.update(registers).set({ activityUp2k: false }).where(eq(registers.id, made.id));
    expect(await up2kSum()).toBe(before);
    expect(await checkRollups(db)).toEqual([]);
    await db.execute(sql`update figure_rollups set activity_up2k = activity_up2k + 1 where families > 0`);
    expect((await checkRollups(db)).map((item) => item.table)).toContain("figure_rollups");
    await rebuildRollups(db);
    expect(await checkRollups(db)).toEqual([]);
  });
});

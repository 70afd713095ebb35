import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { createUser, useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { overdueCounts } from "./deadlines.ts";
import { queue, transition } from "./workflow.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });
const WARD = 5;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** Moves a record's arrival at its current status back in time (its creation and its events). */
async function age(id: number, hours: number) {
  await t.db
    .update(registers)
    .set({ createdAt: hoursAgo(hours) })
    .where(eq(registers.id, id));
  await t.db
    .update(registerEvents)
    .set({ createdAt: hoursAgo(hours) })
    .where(eq(registerEvents.registerId, id));
}

describe("the review promise: age, target, overdue", () => {
  test("an RT queue marks records past 2×24 h and sorts them first, the longest waiting first", async () => {
    const fresh = await createFamilyRegister(t.db, { wardIndex: WARD, rw: "001", rt: "001" });
    const late = await createFamilyRegister(t.db, { wardIndex: WARD, rw: "001", rt: "001" });
    const later = await createFamilyRegister(t.db, { wardIndex: WARD, rw: "001", rt: "001" });
    await age(fresh.id, 5);
    await age(late.id, 50);
    await age(later.id, 80);
    const rt = await createCadre(t.db, "rt", { wardIndex: WARD, rw: "001", rt: "001" });

    const newest = await queue(t.db, as(rt), {});
    const byId = new Map(newest.items.map((item) => [item.id, item]));
    expect(byId.get(fresh.id)).toMatchObject({ overdue: false, targetHours: 48 });
    expect(byId.get(late.id)).toMatchObject({ overdue: true, targetHours: 48 });
    const waited = Date.now() - Date.parse(byId.get(later.id)?.waitingSince ?? "");
    expect(Math.round(waited / 3_600_000)).toBe(80);

    const sorted = await queue(t.db, as(rt), { sort: "overdue" });
    expect(sorted.items.map((item) => item.id)).toEqual([later.id, late.id, fresh.id]);

    expect(await overdueCounts(t.db, as(rt))).toEqual({ rt: 2, rw: 0, kelurahan: 0, total: 2 });
  });

  test("a verified record's age restarts at the RW level, measured against the configured RW target", async () => {
    const family = await createFamilyRegister(t.db, { wardIndex: WARD, rw: "002", rt: "001" });
    await age(family.id, 100);
    const rt = await createCadre(t.db, "rt", { wardIndex: WARD, rw: "002", rt: "001" });
    await transition(t.db, as(rt), { registerId: family.id, action: "verify" });
    const rw = await createCadre(t.db, "rw", { wardIndex: WARD, rw: "002" });
    const targets = { rt: 48, rw: 24, kelurahan: 48 };

    const [waiting] = (await queue(t.db, as(rw), {}, targets)).items;
    expect(waiting).toMatchObject({ id: family.id, status: "RT_VERIFIED", overdue: false, targetHours: 24 });

    await t.db
      .update(registerEvents)
      .set({ createdAt: hoursAgo(30) })
      .where(eq(registerEvents.registerId, family.id));
    const [late] = (await queue(t.db, as(rw), {}, targets)).items;
    expect(late).toMatchObject({ id: family.id, overdue: true });
    expect((await overdueCounts(t.db, as(rw), targets)).rw).toBe(1);
    // With the default 48 h target the same record is still on time.
    expect((await overdueCounts(t.db, as(rw))).rw).toBe(0);
  });

  test("an admin sees overdue records of every level city-wide", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const counts = await overdueCounts(t.db, as(admin));
    expect(counts.rt).toBeGreaterThanOrEqual(2);
    expect(counts.total).toBe(counts.rt + counts.rw + counts.kelurahan);
  });
});

import { describe, expect, test } from "bun:test";
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import fc from "fast-check";
import { statusesWaitingFor, validationLevels } from "@shared/status.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import type { DbOrTx } from "../../db/client.ts";
import { planOf } from "../../../test/query-plan.ts";
import { resultRows } from "../../db/raw-rows.ts";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { createUser, useTestApp } from "../../../test/helpers.ts";
import type { Actor, SessionUser } from "../accounts/actor.ts";
import { overdueCounts, overdueCountsStatement, overdueSql, targetHoursSql, waitingSelections } from "./deadlines.ts";
import { selectionCondition, visibleSelection } from "./policy.ts";
import { queue, transition } from "./workflow.ts";
import type { ValidationTargets } from "@shared/deadlines.ts";

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
    expect(Math.round(byId.get(later.id)?.waitedHours ?? 0)).toBe(80);

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

  test("the dashboard's counts equal the row-by-row rule for every reader, whenever records arrived", async () => {
    const ward = 7;
    const rt = await createCadre(t.db, "rt", { wardIndex: ward, rw: "003", rt: "001" });
    const rw = await createCadre(t.db, "rw", { wardIndex: ward, rw: "003" });
    const kelurahan = await createCadre(t.db, "kelurahan", { wardIndex: ward });
    const admin = await createUser(t.db, { role: "admin" });
    const official = await createUser(t.db, { role: "aparat", level: "kecamatan", kecamatanId: rt.kecamatanId });
    const family = () => createFamilyRegister(t.db, { wardIndex: ward, rw: "003", rt: "001" });
    const movedHoursAgo = (id: number, hours: number) =>
      t.db
        .update(registerEvents)
        .set({ createdAt: hoursAgo(hours) })
        .where(eq(registerEvents.registerId, id));
    // Registered at many ages; some moved on (verified by the RT, then the RW, or sent back) long ago or just now.
    for (const hours of [1, 30, 47, 49, 60, 200]) await age((await family()).id, hours);
    for (const [registered, moved] of [
      [300, 10],
      [300, 23],
      [300, 25],
      [300, 70],
      [300, 80],
      [5, 1],
    ] as const) {
      const { id } = await family();
      await age(id, registered);
      await transition(t.db, as(rt), { registerId: id, action: "verify" });
      await movedHoursAgo(id, moved);
      if (moved >= 70) {
        await transition(t.db, as(rw), { registerId: id, action: "verify" });
        await movedHoursAgo(id, moved - 60);
      }
    }
    const revised = await family();
    await age(revised.id, 100);
    await transition(t.db, as(rt), {
      registerId: revised.id,
      action: "requestRevision",
      note: "Lengkapi data anggota",
    });
    await movedHoursAgo(revised.id, 90);

    const targets: ValidationTargets = { rt: 48, rw: 24, kelurahan: 72 };
    for (const reader of [rt, rw, kelurahan, official, admin]) {
      const counts = await overdueCounts(t.db, as(reader), targets);
      const byRows = await overdueByRows(t.db, as(reader), targets);
      expect(counts).toEqual(byRows);
    }
    // The ward's own records: waiting for the RT, those registered 49, 60 and 200 h ago and the one
    // sent back 90 h ago; for the RW, the one verified 25 h ago (target 24 h). Verified by the RW
    // 10 and 20 h ago, two wait for the kelurahan, on time.
    expect(await overdueCounts(t.db, as(kelurahan), targets)).toEqual({ rt: 4, rw: 1, kelurahan: 0, total: 5 });
  });

  test("'Terlambat dulu' pages, read in parts, are the pages of the plain order, for every reader", async () => {
    const ward = 8;
    const rt = await createCadre(t.db, "rt", { wardIndex: ward, rw: "002", rt: "001" });
    const kelurahan = await createCadre(t.db, "kelurahan", { wardIndex: ward });
    const admin = await createUser(t.db, { role: "admin" });
    const official = await createUser(t.db, { role: "aparat", level: "kecamatan", kecamatanId: rt.kecamatanId });
    for (const [hours, verifiedHoursAgo] of [
      [1, null],
      [40, null],
      [49, null],
      [70, 5],
      [80, 60],
      [90, 30],
      [200, null],
    ] as const) {
      const { id } = await createFamilyRegister(t.db, { wardIndex: ward, rw: "002", rt: "001" });
      await age(id, hours);
      if (verifiedHoursAgo !== null) {
        await transition(t.db, as(rt), { registerId: id, action: "verify" });
        await t.db
          .update(registerEvents)
          .set({ createdAt: hoursAgo(verifiedHoursAgo) })
          .where(and(eq(registerEvents.registerId, id), eq(registerEvents.toStatus, "RT_VERIFIED")));
      }
    }
    await createFamilyRegister(t.db, { wardIndex: ward, rw: "002", rt: "001", status: "APPROVED" });
    // Verified 30 h ago, one is overdue at the RW (24 h) while one registered 40 h ago is not yet at
    // the RT (48 h): the order is not simply the longest waiting first.
    const targets: ValidationTargets = { rt: 48, rw: 24, kelurahan: 72 };
    for (const reader of [rt, kelurahan, official, admin])
      for (const status of ["waiting", "all"] as const)
        for (const pageSize of [1, 3]) {
          // Single-record pages show the order in which the rows are picked; pages of three also
          // hold pages that begin among the overdue records and end among the others, and pages
          // wholly past the overdue ones (read from an offset less the overdue records counted).
          const pages = Array.from({ length: Math.ceil(9 / pageSize) }, (_, index) => index + 1);
          const read = await Promise.all(
            pages.map((page) => queue(t.db, as(reader), { sort: "overdue", status, page, pageSize }, targets)),
          );
          const statuses = status === "waiting" ? read[0]?.waitingStatuses : undefined;
          const selection = visibleSelection(as(reader), { forms: "families", statuses });
          const plain = await t.db
            .select({ id: registers.id })
            .from(registers)
            .where(selectionCondition(selection, "inline"))
            .orderBy(sql`${overdueSql(targets)} desc`, registers.waitingSince, sql`${registers.id} desc`)
            .limit(9);
          expect(read.flatMap((page) => page.items.map((item) => item.id))).toEqual(plain.map((row) => row.id));
        }
  });

  test("'Terlambat dulu' pages of any size follow the plain order at one instant, for random records, targets and readers", async () => {
    const inFirstWard = await createCadre(t.db, "kelurahan", { wardIndex: 0 });
    const inSecondWard = await createCadre(t.db, "kelurahan", { wardIndex: 1 });
    // Two wards of one kecamatan: the official's pages are read ward by ward (page.ts pageIds).
    expect(inSecondWard.kecamatanId).toBe(inFirstWard.kecamatanId);
    const official = await createUser(t.db, {
      role: "aparat",
      level: "kecamatan",
      kecamatanId: inFirstWard.kecamatanId,
    });
    const admin = await createUser(t.db, { role: "admin" });
    const statuses = ["SUBMITTED", "RT_VERIFIED", "RW_VERIFIED", "NEEDS_REVISION", "APPROVED", "REJECTED"] as const;
    // Minutes of waiting before the page's instant, on a target's boundary (due at that instant, not
    // yet overdue) and a minute either side of it among them, or anywhere over a month.
    const boundary = [24, 48, 72].flatMap((hours) => [hours * 60 - 1, hours * 60, hours * 60 + 1]);
    const record = fc.record({
      ward: fc.constantFrom(0, 1),
      status: fc.constantFrom(...statuses),
      minutes: fc.oneof(fc.constantFrom(...boundary), fc.integer({ min: -60, max: 45_000 })),
    });
    const target = fc.constantFrom(24, 48, 72);
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 1, maxLength: 12 }),
        fc.record({ rt: target, rw: target, kelurahan: target }),
        fc.integer({ min: 1, max: 5 }),
        // The page's instant, some hours before or after the database's clock: every read of the
        // page (its groups, their counts, the rows' flags) is judged at it, not at its own now().
        fc.integer({ min: -100, max: 100 }),
        async (records, targets, pageSize, shiftHours) => {
          await t.db.delete(registers);
          const asOf = new Date(Date.now() + shiftHours * 3_600_000);
          for (const { ward, status, minutes } of records) {
            const { id } = await createFamilyRegister(t.db, { wardIndex: ward, rw: "001", rt: "001", status });
            const at = new Date(asOf.getTime() - minutes * 60_000);
            await t.db.update(registers).set({ createdAt: at }).where(eq(registers.id, id));
            await t.db.update(registerEvents).set({ createdAt: at }).where(eq(registerEvents.registerId, id));
          }
          for (const reader of [inFirstWard, official, admin])
            for (const status of ["waiting", "all"] as const) {
              const pages = Array.from({ length: Math.ceil(records.length / pageSize) + 1 }, (_, index) => index + 1);
              const read = await Promise.all(
                pages.map((page) =>
                  queue(t.db, as(reader), { sort: "overdue", status, page, pageSize }, targets, asOf),
                ),
              );
              const waiting = status === "waiting" ? read[0]?.waitingStatuses : undefined;
              const selection = visibleSelection(as(reader), { forms: "families", statuses: waiting });
              const overdueThen = overdueSql(targets, sql`${asOf.toISOString()}::timestamptz`);
              const plain = await t.db
                .select({ id: registers.id, overdue: overdueThen })
                .from(registers)
                .where(selectionCondition(selection, "inline"))
                .orderBy(sql`${overdueThen} desc`, registers.waitingSince, sql`${registers.id} desc`);
              expect(read.flatMap((page) => page.items.map((item) => [item.id, item.overdue]))).toEqual(
                plain.map((row) => [row.id, row.overdue]),
              );
              // The age shown beside the mark is the one it was judged by.
              for (const item of read.flatMap((page) => page.items))
                expect(item.overdue).toBe(item.targetHours !== null && item.waitedHours > item.targetHours);
            }
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);

  test("the waiting time follows the record's events, whatever writes them", async () => {
    const family = await createFamilyRegister(t.db, { wardIndex: WARD, rw: "004", rt: "001" });
    const kept = async () => {
      const [row] = await t.db
        .select({ at: registers.waitingSince })
        .from(registers)
        .where(eq(registers.id, family.id));
      return row?.at.getTime();
    };
    // The rule itself: the latest event into the record's status, else its creation.
    const byRule = async () => {
      const [row] = resultRows(
        await t.db.execute(sql`select coalesce((select max(e.created_at) from register_events e
          where e.register_id = r.id and e.to_status = r.status), r.created_at) as at from registers r where r.id = ${family.id}`),
      );
      return new Date(String(row?.at)).getTime();
    };
    await age(family.id, 100);
    expect(Math.round((Date.now() - ((await kept()) ?? 0)) / 3_600_000)).toBe(100);
    expect(await kept()).toBe(await byRule());
    const rt = await createCadre(t.db, "rt", { wardIndex: WARD, rw: "004", rt: "001" });
    await transition(t.db, as(rt), { registerId: family.id, action: "verify" });
    expect(Math.round((Date.now() - ((await kept()) ?? 0)) / 60_000)).toBe(0);
    expect(await kept()).toBe(await byRule());
    // Set by hand, it is worked out again.
    await t.db
      .update(registers)
      .set({ waitingSince: hoursAgo(500) })
      .where(eq(registers.id, family.id));
    expect(await kept()).toBe(await byRule());
    // Its move retimed, then removed: it follows.
    const move = and(eq(registerEvents.registerId, family.id), eq(registerEvents.toStatus, "RT_VERIFIED"));
    await t.db
      .update(registerEvents)
      .set({ createdAt: hoursAgo(30) })
      .where(move);
    expect(Math.round((Date.now() - ((await kept()) ?? 0)) / 3_600_000)).toBe(30);
    await t.db.delete(registerEvents).where(move);
    expect(await kept()).toBe(await byRule());
    expect(Math.round((Date.now() - ((await kept()) ?? 0)) / 3_600_000)).toBe(100);
  });

  test("the count reads the last days' arrivals through the waiting-since index, not every waiting record", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const statement = overdueCountsStatement(waitingSelections(as(admin)), { rt: 48, rw: 48, kelurahan: 48 });
    const template = await createFamilyRegister(t.db, { wardIndex: 0 });
    const plan = await planOf(t.db, toQuery(statement), {
      addRows: async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await copyAged(tx, template.id);
      },
    });
    expect(plan).toContain("registers_live_status_waiting");
    expect(plan).not.toContain("Seq Scan on registers");
  }, 60_000);
});

/**
 * The counts worked out from the events themselves, record by record: waiting since its latest event
 * into its status, else its creation, for longer than its level's target.
 */
async function overdueByRows(db: DbOrTx, actor: Actor, targets: ValidationTargets) {
  const result = { rt: 0, rw: 0, kelurahan: 0, total: 0 };
  for (const level of validationLevels) {
    const waiting = visibleSelection(actor, { forms: "families", statuses: statusesWaitingFor(level) });
    const since = sql`coalesce((select max(e.created_at) from register_events e
      where e.register_id = ${registers.id} and e.to_status = ${registers.status}), ${registers.createdAt})`;
    const [row] = await db
      .select({ count: count() })
      .from(registers)
      .where(
        and(
          selectionCondition(waiting, "inline"),
          sql`${since} + ${targetHoursSql(targets)} * interval '1 hour' < now()`,
        ),
      );
    result[level] = row?.count ?? 0;
    result.total += result[level];
  }
  return result;
}

/** The statement's text and values, as a query builder gives them. */
function toQuery(statement: SQL) {
  return t.db.select({ counts: sql`counted.*` }).from(sql`(${statement}) as counted`).toSQL();
}

/** 6,000 families copied from one over two years (triggers off: their waiting time set as they are). */
async function copyAged(tx: DbOrTx, templateId: number): Promise<void> {
  await tx.execute(
    sql`create temporary table copied on commit drop as select * from registers where id = ${templateId}`,
  );
  await tx.execute(sql`insert into registers select (r).* from (
      select jsonb_populate_record(c, jsonb_build_object('id', nextval(pg_get_serial_sequence('registers', 'id')),
        'registration_number', c.registration_number || '-' || g, 'nik_kepala_keluarga', '77' || lpad(g::text, 14, '0'),
        'status', (array['SUBMITTED', 'RT_VERIFIED', 'RW_VERIFIED', 'APPROVED'])[1 + g % 4],
        'created_at', now() - (g % 730) * interval '1 day', 'waiting_since', now() - (g % 730) * interval '1 day')) as r
      from copied c, generate_series(1, 6000) g) rows`);
}

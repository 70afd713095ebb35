import { describe, expect, test } from "bun:test";
import { and, count, desc, eq, gte, lt, Placeholder, sql, type SQL } from "drizzle-orm";
import { openStatuses, statusesWaitingFor, validationLevels } from "@shared/status.ts";
import { registers } from "../../db/schema/registers.ts";
import type { DbOrTx } from "../../db/client.ts";
import { isPlannedOnce } from "../../db/statement-plans.ts";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { createUser, useTestApp } from "../../../test/helpers.ts";
import { copyFamilies, planOf } from "../../../test/query-plan.ts";
import { desaKelurahan } from "../../db/schema/regions.ts";
import { defaultValidationTargets } from "@shared/deadlines.ts";
import { overdueFirst } from "./deadlines.ts";
import { groupPageIdsStatement } from "./page.ts";
import { householdMapStatement } from "./household-map.ts";
import { selectionCondition, visibleSelection } from "./policy.ts";

const t = useTestApp();

/**
 * The plan PostgreSQL keeps for a prepared statement once it plans it for every value (its generic
 * plan), on 6,000 families over 10 wards, 20 RWs and 24 months, copied from one (triggers off).
 */
async function genericPlan(
  query: { sql: string; params: unknown[] },
  /** More rows the statement reads, added after the families are copied. */
  addRows: (tx: DbOrTx) => Promise<unknown> = async () => {},
): Promise<string> {
  const template = await createFamilyRegister(t.db, { wardIndex: 0 });
  return planOf(t.db, query, {
    generic: true,
    addRows: async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await copyFamilies(tx, template.id);
      await addRows(tx);
    },
  });
}

const indexOf = (plan: string) => /using (\w+)/i.exec(plan)?.[1] ?? plan;

describe("a selection's plan made once for every value", () => {
  test("an RW's month of registrations reads the live place index", async () => {
    const reader = { user: await createCadre(t.db, "rw", { rw: "001" }), ip: "127.0.0.1" };
    const live: SQL = selectionCondition(visibleSelection(reader, { forms: "families" }), "inline");
    const query = t.db
      .select({ status: registers.status, count: count() })
      .from(registers)
      .where(
        and(
          live,
          gte(registers.createdAt, new Date("2026-10-01T00:00:00+07:00")),
          lt(registers.createdAt, new Date("2026-11-01T00:00:00+07:00")),
        ),
      )
      .groupBy(registers.status)
      .toSQL();
    expect(indexOf(await genericPlan(query))).toBe("registers_live_place_created");
  });

  test("the city's open queue, newest first, reads the open-queue index in order", async () => {
    const reader = { user: await createUser(t.db, { role: "admin" }), ip: "127.0.0.1" };
    const open = selectionCondition(
      visibleSelection(reader, { forms: "families", statuses: openStatuses }),
      "placeholders",
    );
    const query = t.db
      .select({ id: registers.id })
      .from(registers)
      .where(open)
      .orderBy(desc(registers.createdAt), desc(registers.id))
      .limit(25)
      .toSQL();
    const plan = await genericPlan(query);
    expect(indexOf(plan)).toBe("registers_live_open_created");
    expect(plan).not.toContain("Sort");
  });

  test("a kelurahan's household map reads its ward through an index, not every family in id order", async () => {
    const reader = { user: await createCadre(t.db, "kelurahan"), ip: "127.0.0.1" };
    const selection = visibleSelection(reader, { forms: "families" });
    const query = t.db.execute(householdMapStatement(selection)).getQuery();
    const params = query.params.map((value) =>
      value instanceof Placeholder ? selection.place.values[value.name] : value,
    );
    // Six in ten families have a house on the map.
    const located = (tx: DbOrTx) =>
      tx.execute(sql`insert into household_locations (register_id, latitude, longitude, source)
        select id, -6.2, 107.0, 'map' from registers where id % 5 < 3`);
    const plan = await genericPlan({ sql: query.sql, params }, located);
    expect(plan).toMatch(/Index Cond: \(desa_kelurahan_id = \$1\)/);
  });

  test("an official's later 'Terlambat dulu' page reads each ward's waiting-since range in order, planned once", async () => {
    const official = await createUser(t.db, {
      role: "aparat",
      level: "kecamatan",
      kecamatanId: (await createCadre(t.db, "kelurahan", { wardIndex: 0 })).kecamatanId,
    });
    const reader = { user: official, ip: "127.0.0.1" };
    const selection = visibleSelection(reader, { forms: "families" });
    const wards = await t.db
      .select({ id: desaKelurahan.id })
      .from(desaKelurahan)
      .where(eq(desaKelurahan.kecamatanId, official.kecamatanId ?? 0));
    expect(wards.length).toBeGreaterThan(1);
    const order = overdueFirst(defaultValidationTargets, new Date());
    // The overdue group of page 500 (pages of 20): the statement page.ts plans once for every value.
    const query = t.db
      .execute(groupPageIdsStatement(t.db, { selection, order, wardCount: wards.length, group: 0 }))
      .getQuery();
    const values: Record<string, unknown> = {
      ...selection.place.values,
      ...order.values,
      ...Object.fromEntries(wards.map((ward, index) => [`ward${index}`, ward.id])),
      limit: 20,
      offset: 9_980,
      window: 10_000,
    };
    expect(isPlannedOnce(query.sql)).toBe(true);
    const params = query.params.map((value) => (value instanceof Placeholder ? values[value.name] : value));
    // Some approved families sent back for revision: every range of the group holds rows.
    const revised = (tx: DbOrTx) =>
      tx.execute(sql`update registers set status = 'NEEDS_REVISION' where status = 'APPROVED' and id % 3 = 0`);
    const plan = await genericPlan({ sql: query.sql, params }, revised);
    // One range per status waiting for a level, per ward, each read from the ward's waiting-since
    // index and merged in order; not the kecamatan's families filtered, nor all of them sorted.
    const ranges = validationLevels.flatMap(statusesWaitingFor).length * wards.length;
    expect(plan).toContain("Merge Append");
    expect(plan.match(/(?:using|on) registers_live_ward_status_waiting\b/g)?.length).toBe(ranges);
    expect(plan).not.toContain("Seq Scan on registers");
  });

  test("deleting a kecamatan finds its families (its own count and PostgreSQL's foreign-key check) by an index", async () => {
    // The foreign-key check PostgreSQL runs on deleting a kecamatan (ON DELETE RESTRICT) reads the
    // same column the same way: without this index both scanned every family (1.3-1.7 s at 1,000,000).
    // A kecamatan that can be deleted holds no family: planned for such a value, beside 6,000 families.
    const template = await createFamilyRegister(t.db, { wardIndex: 0 });
    const empty = 999_999;
    for (const statement of [
      t.db.select({ total: count() }).from(registers).where(eq(registers.kecamatanId, empty)).toSQL(),
      { sql: "select 1 from only registers x where kecamatan_id = $1 for key share of x", params: [empty] },
    ]) {
      const plan = await planOf(t.db, statement, {
        addRows: async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          await copyFamilies(tx, template.id);
        },
      });
      expect(plan).toContain("registers_kecamatan_id_index");
      expect(plan).not.toContain("Seq Scan");
    }
  });
});

// Writes that meet on the figure rollups: every family of a ward, RT or month shares their rows, so
// writes in one ward, or spanning wards, could deadlock in PostgreSQL (migration
// issue12_rollup_lock_order_custom, db/write-transaction.ts). Users must see their writes saved or
// a clear refusal, never a server error, and the rollups must still equal a recount. PGlite runs one
// transaction at a time: the same tests run there, but only PostgreSQL can deadlock.
import { describe, expect, test } from "bun:test";
import { eq, inArray, sql } from "drizzle-orm";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import { resultRows } from "../../db/raw-rows.ts";
import { registers } from "../../db/schema/registers.ts";
import { writeTransaction, WRITE_ATTEMPTS } from "../../db/write-transaction.ts";
import { seededRandom } from "../../demo/families.ts";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister, familyForm, ward } from "../../../test/factories.ts";
import { createUser, useTestApp } from "../../../test/helpers.ts";
import type { SessionUser } from "../accounts/actor.ts";
import { DomainError } from "../common/errors.ts";
import { checkRollups } from "../figures/rollups.ts";
import { createRecord, deleteRecord, reopenRecord, restoreRecord, setRecordLocation, updateRecord } from "./records.ts";
import { bulkVerify, transition } from "./workflow.ts";

const t = useTestApp();
const as = (user: SessionUser | null) => ({ user, ip: "127.0.0.1" });

/** Resolves once `parties` callers have arrived: the moment every transaction holds its first lock. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived === parties) open();
    return opened;
  };
}

async function statusesOf(ids: number[]): Promise<string[]> {
  const rows = await t.db.select({ status: registers.status }).from(registers).where(inArray(registers.id, ids));
  return rows.map((row) => row.status);
}

describe("writes that meet on the rollups at once", () => {
  test("eight users writing to forty families of two wards at once: only clear refusals, rollups equal a recount", async () => {
    const admin = await createUser(t.db, { role: "admin", status: "active" });
    const cadres = [
      await createCadre(t.db, "kelurahan", { wardIndex: 0 }),
      await createCadre(t.db, "kelurahan", { wardIndex: 1 }),
    ];
    const statuses = ["SUBMITTED", "RT_VERIFIED", "RW_VERIFIED", "APPROVED"] as const;
    const ids: number[] = [];
    for (let index = 0; index < 40; index += 1) {
      const place = { wardIndex: index % 2, rt: String(1 + (index % 3)).padStart(3, "0") };
      ids.push((await createFamilyRegister(t.db, { ...place, status: statuses[index % 4] })).id);
    }
    const random = seededRandom(20261126);
    const pick = () => ids[Math.floor(random() * ids.length)] ?? 0;
    const latest = async (id: number) => {
      const [row] = await t.db.select().from(registers).where(eq(registers.id, id));
      if (!row) throw new Error(`no register ${id}`);
      return row;
    };
    const cadreOf = (row: { desaKelurahanId: number | null }) =>
      cadres.find((cadre) => cadre.desaKelurahanId === row.desaKelurahanId) ?? admin;
    // The forms are drawn before the writers start: drawn by writers in whatever order they ran, the
    // factory's generator would hand the test files after this one other names on every run.
    const forms: FamilyRegistration[] = [];
    for (let index = 0; index < 240; index += 1) {
      forms.push(await familyForm(t.db, { wardIndex: index % 2, rt: String(1 + (index % 3)).padStart(3, "0") }));
    }
    const nextForm = () => {
      const form = forms.pop();
      if (!form) throw new Error("out of forms");
      return form;
    };
    // What cadres and admins do all day, each reading the record first as the screens do.
    const writes: Array<() => Promise<unknown>> = [
      async () => {
        const saved = await createRecord(t.db, as(cadres[0] ?? admin), {
          data: nextForm(),
        });
        ids.push(saved.registerId);
      },
      async () => {
        const row = await latest(pick());
        const data = nextForm();
        return updateRecord(t.db, as(admin), { registerId: row.id, version: row.version, data });
      },
      async () => {
        const row = await latest(pick());
        const action = random() < 0.7 ? "verify" : "requestRevision";
        return transition(t.db, as(cadreOf(row)), { registerId: row.id, action, note: "Cek ulang" });
      },
      () => bulkVerify(t.db, as(admin), { registerIds: [pick(), pick(), pick(), pick()] }),
      async () => {
        const row = await latest(pick());
        return deleteRecord(t.db, as(admin), { registerId: row.id, version: row.version, reason: "Data ganda" });
      },
      () => restoreRecord(t.db, as(admin), { registerId: pick() }),
      async () => {
        const row = await latest(pick());
        return reopenRecord(t.db, as(admin), { registerId: row.id, version: row.version, reason: "Periksa ulang" });
      },
      async () => {
        const row = await latest(pick());
        const location = { latitude: -6.24, longitude: 106.99, source: "map" as const, accuracyM: null };
        return setRecordLocation(t.db, as(admin), { registerId: row.id, version: row.version, location });
      },
    ];
    const refusals: string[] = [];
    const failures: unknown[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let step = 0; step < 30; step += 1) {
          const write = writes[Math.floor(random() * writes.length)];
          try {
            await write?.();
          } catch (error) {
            if (error instanceof DomainError) refusals.push(error.code);
            else failures.push(error);
          }
        }
      }),
    );
    // Stale versions, locked or deleted records and the like are refused with a message (409/403);
    // nothing failed as a server error.
    expect(failures).toEqual([]);
    expect(new Set(refusals).size).toBeGreaterThan(0);
    expect([...new Set(refusals)].every((code) => code === "CONFLICT" || code === "FORBIDDEN")).toBe(true);
    // Every family's history ends in its status: no move's event was kept without its move.
    const astray = await t.db.execute(sql`select r.id from registers r where r.status is distinct from (
        select e.to_status from register_events e where e.register_id = r.id order by e.created_at desc, e.id desc limit 1)`);
    expect(resultRows(astray)).toEqual([]);
    expect(await checkRollups(t.db)).toEqual([]);
  });

  test("three admins bulk-verifying families of four wards in different orders: all moved, no deadlock", async () => {
    const admins = await Promise.all([0, 1, 2].map(() => createUser(t.db, { role: "admin", status: "active" })));
    const selections: number[][] = [[], [], []];
    for (let index = 0; index < 24; index += 1) {
      const family = await createFamilyRegister(t.db, {
        wardIndex: index % 4,
        rt: String(1 + (index % 5)).padStart(3, "0"),
        status: "RW_VERIFIED",
      });
      selections[index % 3]?.push(family.id);
    }
    // Each admin's selection walks the wards in its own order (as the list was sorted on screen).
    const orders = [
      (ids: number[]) => ids,
      (ids: number[]) => [...ids].reverse(),
      (ids: number[]) => [...ids.filter((_, i) => i % 2 === 1), ...ids.filter((_, i) => i % 2 === 0)],
    ];
    const results = await Promise.all(
      admins.map((admin, index) =>
        bulkVerify(t.db, as(admin), { registerIds: orders[index]?.(selections[index] ?? []) ?? [] }),
      ),
    );
    expect(results.map((result) => [result.verified.length, result.skipped.length])).toEqual([
      [8, 0],
      [8, 0],
      [8, 0],
    ]);
    expect(new Set(await statusesOf(selections.flat()))).toEqual(new Set(["APPROVED"]));
    // Each moved its families in place order whatever order they were picked in: transactions that
    // share wards then take the wards' rollup rows in one order and queue instead of deadlocking.
    for (const [index, result] of results.entries()) {
      const inPlaceOrder = await t.db
        .select({ id: registers.id })
        .from(registers)
        .where(inArray(registers.id, selections[index] ?? []))
        .orderBy(registers.desaKelurahanId, registers.rw, registers.rt, registers.id);
      expect(result.verified.map((item) => item.registerId)).toEqual(inPlaceOrder.map((row) => row.id));
    }
    expect(await checkRollups(t.db)).toEqual([]);
  });

  test("families moved between two wards in opposite directions at once: every move saved", async () => {
    const admin = await createUser(t.db, { role: "admin", status: "active" });
    const [first, second] = await Promise.all([ward(t.db, 0), ward(t.db, 1)]);
    if (!first || !second) throw new Error("no wards");
    const pairs = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (index) => {
        const from = index % 2 === 0 ? 0 : 1;
        const family = await createFamilyRegister(t.db, { wardIndex: from, rt: "009" });
        const target = from === 0 ? second : first;
        const moved = await familyForm(t.db, { wardIndex: from === 0 ? 1 : 0, rt: "009" });
        return { id: family.id, target, data: { ...family.form, address: moved.address } };
      }),
    );
    const saved = await Promise.all(
      pairs.map((pair) => updateRecord(t.db, as(admin), { registerId: pair.id, version: 1, data: pair.data })),
    );
    expect(saved.map((result) => result.version)).toEqual(pairs.map(() => 2));
    const wards = await t.db
      .select({ id: registers.id, ward: registers.desaKelurahanId })
      .from(registers)
      .where(
        inArray(
          registers.id,
          pairs.map((pair) => pair.id),
        ),
      );
    for (const pair of pairs) expect(wards.find((row) => row.id === pair.id)?.ward).toBe(pair.target.id);
    expect(await checkRollups(t.db)).toEqual([]);
  });

  test("a transaction PostgreSQL ends with a deadlock runs again and both writers finish", async () => {
    // Two connections are needed to deadlock; PGlite has one.
    if (t.handle.kind !== "postgres") return;
    const arrive = barrier(2);
    const attempts = [0, 0];
    // Two writers take the same two locks in opposite orders, each waiting until the other holds its first.
    const writer = (index: number, keys: [number, number]) =>
      writeTransaction(t.db, async (tx) => {
        attempts[index] = (attempts[index] ?? 0) + 1;
        await tx.execute(sql`select pg_advisory_xact_lock(${keys[0]})`);
        if (attempts[index] === 1) await arrive();
        await tx.execute(sql`select pg_advisory_xact_lock(${keys[1]})`);
        return index;
      });
    expect(await Promise.all([writer(0, [881_001, 881_002]), writer(1, [881_002, 881_001])])).toEqual([0, 1]);
    expect([...attempts].sort()).toEqual([1, 2]);
  });

  test("other failures are not run again, nor a deadlock more than WRITE_ATTEMPTS times", async () => {
    let runs = 0;
    const refused = writeTransaction(t.db, async (tx) => {
      runs += 1;
      await tx.execute(sql`select 1 / 0`);
    });
    await expect(refused).rejects.toThrow();
    expect(runs).toBe(1);
    let deadlocked = 0;
    const always = writeTransaction(t.db, async (tx) => {
      deadlocked += 1;
      // PL/pgSQL raising the deadlock's SQLSTATE, as PostgreSQL does to its chosen victim.
      await tx.execute(sql`do $$ begin raise exception 'deadlock' using errcode = '40P01'; end $$`);
    });
    await expect(always).rejects.toThrow();
    expect(deadlocked).toBe(WRITE_ATTEMPTS);
  });
});

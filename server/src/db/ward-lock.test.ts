// Which ward locks a write holds (migrations issue12_rollup_lock_order_custom and
// issue12_ward_lock_inline_custom): every write to a register, its members or its events holds its
// ward's lock to the end of its transaction; a register moved between wards holds both.
import { expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { createFamilyRegister, ward } from "../../test/factories.ts";
import { useTestApp } from "../../test/helpers.ts";
import type { DbOrTx } from "./client.ts";
import { resultRows } from "./raw-rows.ts";
import { familyMembers, registerEvents, registers } from "./schema/registers.ts";
import { lockWards } from "./ward-lock.ts";

const t = useTestApp();

/** The wards whose rollup lock this transaction holds. */
async function heldWards(tx: DbOrTx): Promise<number[]> {
  const rows = resultRows(
    await tx.execute(sql`select objid::integer as ward from pg_locks
      where locktype = 'advisory' and classid = 1200012 and objsubid = 2 and pid = pg_backend_pid() and granted
      order by objid`),
  );
  return rows.map((row) => Number(row.ward));
}

test("each write holds its ward's lock until it commits; a move between wards holds both", async () => {
  if (t.handle.kind !== "postgres") return;
  const [a, b] = [await ward(t.db, 1), await ward(t.db, 2)];
  const family = await createFamilyRegister(t.db, { wardIndex: 1 });
  const [member] = await t.db.select().from(familyMembers).where(eq(familyMembers.registerId, family.id)).limit(1);
  if (!member) throw new Error("no member");
  const rollback = new Error("rolled back on purpose");
  const during = async (write: (tx: DbOrTx) => Promise<unknown>) => {
    let held: number[] = [];
    await t.db
      .transaction(async (tx) => {
        await write(tx);
        held = await heldWards(tx);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    return held;
  };

  expect(
    await during((tx) => tx.update(familyMembers).set({ occupation: "Guru" }).where(eq(familyMembers.id, member.id))),
  ).toEqual([a.id]);
  expect(await during((tx) => tx.delete(familyMembers).where(eq(familyMembers.id, member.id)))).toEqual([a.id]);
  expect(
    await during((tx) =>
      tx.insert(registerEvents).values({ registerId: family.id, toStatus: "SUBMITTED", note: "uji" }),
    ),
  ).toEqual([a.id]);
  expect(await during((tx) => tx.update(registers).set({ rt: "009" }).where(eq(registers.id, family.id)))).toEqual([
    a.id,
  ]);
  expect(
    await during((tx) =>
      tx
        .update(registers)
        .set({ desaKelurahanId: b.id, kecamatanId: b.kecamatanId })
        .where(eq(registers.id, family.id)),
    ),
  ).toEqual([a.id, b.id].sort((x, y) => x - y));
  expect(await during((tx) => lockWards(tx, b.id, a.id))).toEqual([a.id, b.id].sort((x, y) => x - y));
});

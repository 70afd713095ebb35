// A family's month marks are refreshed by their difference (migration 0041): a change writes the
// month rollup rows whose sums it changes and no other. Every rollup row a write touches is locked
// until it commits and written again through its indexes and the state totals' triggers; the sums
// themselves are the rollups' property test's concern (rollups.property.test.ts).
import { describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { resultRows } from "../../db/raw-rows.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import type { UserRow } from "../../db/schema/users.ts";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { transition } from "../registers/workflow.ts";
import { checkRollups } from "./rollups.ts";

const t = useTestApp();
const as = (user: UserRow) => ({ user, ip: "127.0.0.1" });

/** Each month rollup row of the ward with the transaction that last wrote it. */
async function monthRollupWriters(wardId: number): Promise<Map<string, string>> {
  const rows = resultRows(
    await t.db.execute(sql`select kind, month, status, special, families, xmin::text as writer
      from status_month_rollups where desa_kelurahan_id = ${wardId} order by kind, month, status, special`),
  );
  return new Map(
    rows.map((row) => [`${row.kind} ${row.month} ${row.status} ${row.special} ${row.families}`, String(row.writer)]),
  );
}

/** The family, created and submitted three months ago (in WIB months: 100 days back). */
async function familyOfLastSeason(place: { wardIndex: number; rw: string; rt: string }) {
  const family = await createFamilyRegister(t.db, place);
  const then = sql`now() - interval '100 days'`;
  await t.db.update(registerEvents).set({ createdAt: then }).where(eq(registerEvents.registerId, family.id));
  await t.db.update(registers).set({ createdAt: then }).where(eq(registers.id, family.id));
  const [row] = await t.db.select().from(registers).where(eq(registers.id, family.id));
  if (!row?.desaKelurahanId) throw new Error("family without a ward");
  return { id: family.id, wardId: row.desaKelurahanId };
}

describe("month marks refreshed by their difference", () => {
  test("a status move of an older family rewrites this month's rollup rows only", async () => {
    const place = { wardIndex: 4, rw: "003", rt: "004" };
    const family = await familyOfLastSeason(place);
    const rt = await createCadre(t.db, "rt", place);
    const before = await monthRollupWriters(family.wardId);

    await transition(t.db, as(rt), { registerId: family.id, action: "verify" });

    const after = await monthRollupWriters(family.wardId);
    const month = String(resultRows(await t.db.execute(sql`select pkk_wib_month(now()) as month`))[0]?.month);
    const rewritten = [...after].filter(([row, writer]) => before.get(row) !== writer).map(([row]) => row);
    // The older months' rows (the family's creation, its submission) are the ones they were.
    expect(rewritten.length).toBeGreaterThan(0);
    for (const row of rewritten) expect(row.split(" ")[1]).toBe(month);
    expect([...before].filter(([row]) => !row.includes(` ${month} `))).toEqual(
      [...after].filter(([row]) => !row.includes(` ${month} `)),
    );
    expect(await checkRollups(t.db)).toEqual([]);
  });

  test("a family moved to another RT of its ward keeps the ward's month rollups untouched; its marks follow it", async () => {
    const place = { wardIndex: 4, rw: "003", rt: "005" };
    const family = await familyOfLastSeason(place);
    const before = await monthRollupWriters(family.wardId);

    await t.db.update(registers).set({ rt: "006" }).where(eq(registers.id, family.id));

    expect(await monthRollupWriters(family.wardId)).toEqual(before);
    const marks = resultRows(
      await t.db.execute(sql`select distinct rt from register_month_marks where register_id = ${family.id}`),
    );
    expect(marks.map((mark) => mark.rt)).toEqual(["006"]);
    expect(await checkRollups(t.db)).toEqual([]);
  });
});

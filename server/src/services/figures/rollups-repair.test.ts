// `figures:check --rebuild` beside a portal in use: every rollup damaged behind the triggers' back is
// repaired ward by ward, a ward without a difference is left as it was, and writes running at the
// same time (in the wards being repaired) are neither lost nor counted twice.
import { describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { resultRows } from "../../db/raw-rows.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import { createFamilyRegister, ward } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { checkRollups } from "./rollups.ts";
import { repairRollups } from "./rollups-repair.ts";

const t = useTestApp();

const monthsAgo = (months: number) => new Date(Date.now() - months * 31 * 24 * 60 * 60 * 1000);

/** A family moved to `status` with its event, `months` ago (a status move as the workflow writes it). */
async function moveStatus(id: number, status: "RT_VERIFIED" | "APPROVED" | "REJECTED", months = 0) {
  await t.db.transaction(async (tx) => {
    const [row] = await tx.select().from(registers).where(eq(registers.id, id));
    if (!row) throw new Error(`no register ${id}`);
    await tx.update(registers).set({ status }).where(eq(registers.id, id));
    await tx
      .insert(registerEvents)
      .values({ registerId: id, fromStatus: row.status, toStatus: status, createdAt: monthsAgo(months) });
  });
}

/** Each rollup table's rows of a ward, with the transaction that last wrote each (xmin). */
async function wardRows(wardId: number) {
  const tables = [
    "figure_rollups",
    "figure_ward_rollups",
    "figure_month_rollups",
    "figure_month_place_rollups",
    "member_rollups",
    "register_month_marks",
    "status_month_rollups",
    "status_state_totals",
    "register_counts",
  ];
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = resultRows(
      await t.db.execute(
        sql.raw(
          `select xmin::text || ' ' || t::text as row from ${table} t where desa_kelurahan_id = ${wardId} order by 1`,
        ),
      ),
    );
    result[table] = rows.map((row) => String(row.row));
  }
  return result;
}

describe("figures:check --rebuild, ward by ward", () => {
  test("every rollup damaged in two wards is repaired; a third ward's rows are not rewritten", async () => {
    const [first, second, third] = await Promise.all([3, 4, 5].map((index) => ward(t.db, index)));
    if (!first || !second || !third) throw new Error("wards");
    const families = [];
    for (const [wardIndex, rt] of [
      [3, "001"],
      [3, "002"],
      [4, "001"],
      [5, "001"],
    ] as const) {
      const family = await createFamilyRegister(t.db, { wardIndex, rw: "001", rt });
      families.push(family.id);
      await moveStatus(family.id, "RT_VERIFIED", 2);
      await moveStatus(family.id, "APPROVED", 1);
    }
    expect(await checkRollups(t.db)).toEqual([]);
    const untouched = await wardRows(third.id);
    const stateRows = sql`select xmin::text || ' ' || t::text as row from status_month_rollups t
      where desa_kelurahan_id = ${first.id} and kind = 'state' and families <> 0 order by 1`;
    const statesBefore = resultRows(await t.db.execute(stateRows));
    expect(statesBefore.length).toBeGreaterThan(0);

    // Damage of every kind, as a bulk fix with the triggers off or a hand edit would leave it.
    await t.db.execute(sql`update figure_rollups set families = families + 1, pregnant_people = pregnant_people + 2
      where desa_kelurahan_id = ${first.id}`);
    await t.db.execute(sql`delete from figure_ward_rollups where desa_kelurahan_id = ${first.id}`);
    await t.db.execute(
      sql`update figure_month_place_rollups set members = members - 1 where desa_kelurahan_id = ${second.id}`,
    );
    await t.db.execute(
      sql`update figure_month_rollups set house_healthy = house_healthy + 3 where desa_kelurahan_id = ${second.id}`,
    );
    await t.db.execute(sql`update member_rollups set members = members + 1 where desa_kelurahan_id = ${first.id}`);
    await t.db.execute(sql`update register_counts set live = live + 5 where desa_kelurahan_id = ${second.id}`);
    // A family's month marks gone, and a stray mark filed under another ward.
    await t.db.execute(sql`delete from register_month_marks where register_id = ${families[0]}`);
    await t.db.execute(sql`insert into register_month_marks
      select register_id, kind, '2020-01', status, delta, kecamatan_id, ${second.id}, rw, rt, special
      from register_month_marks where register_id = ${families[1]} limit 1`);
    await t.db.execute(sql`update status_month_rollups set families = families + 1
      where desa_kelurahan_id = ${first.id} and kind = 'move'`);
    await t.db.execute(
      sql`update status_state_totals set families = families - 1 where desa_kelurahan_id = ${second.id}`,
    );
    const found = await checkRollups(t.db);
    expect(found.map((difference) => difference.table).sort()).toEqual([
      "figure_month_place_rollups",
      "figure_month_rollups",
      "figure_rollups",
      "figure_ward_rollups",
      "member_rollups",
      "register_counts",
      "register_month_marks",
      "status_month_rollups",
      "status_state_totals",
    ]);

    const { wards } = await repairRollups(t.db);
    expect(wards).toEqual([first.id, second.id].sort((a, b) => a - b));
    expect(await checkRollups(t.db)).toEqual([]);
    // The ward without a difference kept its rows as they were written (the same transactions).
    expect(await wardRows(third.id)).toEqual(untouched);
    // In a repaired ward, only the rows that differed were written (rows of 0, which the triggers
    // leave behind and a recount has not, are gone).
    expect(resultRows(await t.db.execute(stateRows))).toEqual(statesBefore);
    // A second repair finds nothing to do.
    expect(await repairRollups(t.db)).toEqual({ wards: [] });
  });

  test("writes in the wards being repaired, at the same time, are neither lost nor counted twice", async () => {
    // PGlite serves one connection: nothing runs beside the repair there.
    if (t.handle.kind !== "postgres") return;
    const ids: number[] = [];
    for (const wardIndex of [6, 7, 8]) {
      for (const rt of ["001", "002", "003"])
        ids.push((await createFamilyRegister(t.db, { wardIndex, rw: "002", rt })).id);
    }
    const areas = await Promise.all([6, 7, 8].map((index) => ward(t.db, index)));
    for (const area of areas) {
      await t.db.execute(sql`update figure_rollups set families = families + 7 where desa_kelurahan_id = ${area.id}`);
      await t.db.execute(sql`update member_rollups set members = members + 1 where desa_kelurahan_id = ${area.id}`);
    }
    // Status moves, edits, new families and moves between the repaired wards, for as long as the
    // repair runs (its check first, then one ward after another).
    let repairing = true;
    let written = 0;
    const writes = async () => {
      for (let round = 0; repairing; round += 1) {
        const id = ids[round % ids.length] ?? 0;
        const area = areas[round % areas.length];
        if (round % 4 === 0) await moveStatus(id, round % 8 === 0 ? "RT_VERIFIED" : "APPROVED");
        else if (round % 4 === 1)
          await t.db
            .update(registers)
            .set({ pregnantCount: round % 3, hasSpecialCondition: round % 3 > 0 })
            .where(eq(registers.id, id));
        else if (round % 4 === 2)
          await createFamilyRegister(t.db, { wardIndex: 6 + (round % 3), rw: "002", rt: "004" });
        else if (area)
          await t.db
            .update(registers)
            .set({ kecamatanId: area.kecamatanId, desaKelurahanId: area.id, rt: "005" })
            .where(eq(registers.id, id));
        written += 1;
      }
    };
    const repair = repairRollups(t.db).finally(() => {
      repairing = false;
    });
    const [repaired] = await Promise.all([repair, writes()]);
    expect(written).toBeGreaterThan(10);
    expect(repaired.wards).toEqual(areas.map((area) => area.id).sort((a, b) => a - b));
    expect(await checkRollups(t.db)).toEqual([]);
  });
});

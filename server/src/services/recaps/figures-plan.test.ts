import { describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { registers } from "../../db/schema/registers.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { copyFamilies, planOf } from "../../../test/query-plan.ts";
import { figureRowsStatement } from "./figures.ts";

// A file of its own: its families are committed and vacuumed, as a city's are.
const t = useTestApp();

describe("the recap sheets' plan", () => {
  test("a kelurahan's sheet finds its approved households through a live ward-and-status index", async () => {
    const template = await createFamilyRegister(t.db, { wardIndex: 0, status: "APPROVED" });
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await copyFamilies(tx, template.id);
    });
    await t.db.execute(sql`vacuum analyze registers`);
    const [row] = await t.db
      .select({ ward: registers.desaKelurahanId, surveyed: registers.tanggalPendataan })
      .from(registers)
      .where(eq(registers.id, template.id));
    if (!row?.ward || !row.surveyed) throw new Error("template family without a ward or survey date");
    const statement = figureRowsStatement({ desaKelurahanId: row.ward }, row.surveyed.slice(0, 7), "rw");
    // As the portal runs it: prepared, planned once for every ward and month (its generic plan).
    const plan = await planOf(t.db, t.db.execute(statement).getQuery(), { generic: true, addRows: async () => {} });
    // With the form type and status as parameters that plan could not use the partial live indexes:
    // it intersected the ward's rows with every approved family of the city (registers_status_index,
    // 333,000 entries at 1,000,000 families), 260 ms a kelurahan sheet on a slow VM against 140.
    expect(plan).toMatch(/Index Scan (using|on) registers_live_ward_status_\w+/);
    expect(plan).not.toMatch(/registers_status_index/);
  });
});

import { describe, expect, test } from "bun:test";
import { Placeholder, sql } from "drizzle-orm";
import { createCadre } from "../../../test/cadres.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";
import { copyFamilies, planOf } from "../../../test/query-plan.ts";
import { householdMapStatement } from "./household-map.ts";
import { visibleSelection } from "./policy.ts";

// A file of its own: its families are committed and vacuumed (a plan test's rolled-back rows cannot
// be), as a city's are once autovacuum has run or the generator has loaded them.
const t = useTestApp();

describe("the household map's plan", () => {
  test("a kelurahan's map reads its points from one index alone, not the registers' rows", async () => {
    const template = await createFamilyRegister(t.db, { wardIndex: 0 });
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await copyFamilies(tx, template.id);
      // Six in ten families have a house on the map.
      await tx.execute(sql`insert into household_locations (register_id, latitude, longitude, source)
        select id, -6.2, 107.0, 'map' from registers where id % 5 < 3`);
    });
    await t.db.execute(sql`vacuum analyze registers, household_locations`);
    const reader = { user: await createCadre(t.db, "kelurahan"), ip: "127.0.0.1" };
    const selection = visibleSelection(reader, { forms: "families" });
    const query = t.db.execute(householdMapStatement(selection)).getQuery();
    const params = query.params.map((value) =>
      value instanceof Placeholder ? selection.place.values[value.name] : value,
    );
    // As the portal runs it: prepared, planned once for every ward (its generic plan).
    const plan = await planOf(t.db, { sql: query.sql, params }, { generic: true, addRows: async () => {} });
    // Without the index (or with a point column it does not carry, such as a new condition's count)
    // the ward's rows are read from the heap: a 1,000,000-family ward's ~17,700 scattered pages took
    // 630-670 ms on a slow VM, 140 ms from the index.
    expect(plan).toMatch(/Index Only Scan using registers_live_ward_map on registers/);
  });
});

import { describe, expect, test } from "bun:test";
import { and, desc, isNull, sql } from "drizzle-orm";
import { SEARCH_RESULT_LIMIT } from "@shared/schemas/search.ts";
import { desaKelurahan } from "../../db/schema/regions.ts";
import { registers } from "../../db/schema/registers.ts";
import { wardNameMatch } from "./status-lookup.ts";
import { ACCENTED, foldName } from "@shared/name-match.ts";
import type { Db } from "../../db/client.ts";
import { resultRows } from "../../db/raw-rows.ts";
import { createFamilyRegister } from "../../../test/factories.ts";
import { useTestApp } from "../../../test/helpers.ts";

describe("the indexed name fold", () => {
  const t = useTestApp();

  test("pkk_fold_name in the database folds every name exactly as foldName does", async () => {
    const names = [
      "Budi Santoso",
      "  budi   SANTOSO ",
      "Siti\tNur\u00a0Aisyah",
      `Ägnes ${ACCENTED}`,
      ACCENTED.toUpperCase(),
      "D'Souza-Łukasz Ørsted",
      "",
    ];
    for (const name of names) {
      const [row] = resultRows(await t.db.execute(sql`select pkk_fold_name(${name}) as folded`));
      expect({ name, folded: row?.folded }).toEqual({ name, folded: foldName(name) });
    }
  });

  test("a whole-name lookup reads the ward's newest families of that name in index order, never sorting them", async () => {
    const ward = await firstWard(t.db);
    const match = and(wardNameMatch(foldName("Budi  Santoso"), ward), isNull(registers.deletedAt));
    const query = t.db
      .select({ id: registers.id })
      .from(registers)
      .where(match)
      .orderBy(desc(registers.createdAt))
      .limit(SEARCH_RESULT_LIMIT)
      .toSQL();
    // The plan PostgreSQL picks for a large ward: 5,000 families of the ward (one in 50 of that name),
    // copied from one in a transaction that is rolled back, triggers off; on an empty table any
    // index, or none, costs the same.
    const template = await createFamilyRegister(t.db, { wardIndex: 0 });
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      const [list] = resultRows(
        await tx.execute(sql`select string_agg(quote_ident(column_name), ', ') as columns from information_schema.columns
          where table_schema = current_schema() and table_name = 'registers' and column_name not in
          ('id', 'registration_number', 'nik_kepala_keluarga', 'nama_kepala_keluarga', 'created_at')`),
      );
      const columns = sql.raw(String(list?.columns));
      await tx.execute(sql`insert into registers (registration_number, nik_kepala_keluarga, nama_kepala_keluarga, created_at, ${columns})
        select r.registration_number || '-' || g, '88' || lpad(g::text, 14, '0'),
          case when g % 50 = 0 then 'Budi Santoso' else 'Keluarga ' || g end, now() - g * interval '1 hour', ${columns}
        from registers r, generate_series(1, 5000) g where r.id = ${template.id}`);
      await tx.execute(sql`analyze registers`);
      const rows = resultRows(await tx.execute(sql.raw(`explain ${inlined(query.sql, query.params)}`)));
      return rows.map((row) => String(row["QUERY PLAN"])).join("\n");
    });
    expect(plan).toContain("registers_live_ward_folded_name_newest");
    expect(plan).not.toContain("Sort");
  });
});

/** The statement with its parameters written in (EXPLAIN of a parameterised statement needs values). */
function inlined(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_match, index: string) => {
    const value = params[Number(index) - 1];
    return typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

async function firstWard(db: Db): Promise<number> {
  const [ward] = await db.select({ id: desaKelurahan.id }).from(desaKelurahan).limit(1);
  if (!ward) throw new Error("no ward seeded");
  return ward.id;
}

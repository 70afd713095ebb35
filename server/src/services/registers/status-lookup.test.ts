import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { ACCENTED, foldName } from "@shared/name-match.ts";
import { resultRows } from "../../db/raw-rows.ts";
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
});

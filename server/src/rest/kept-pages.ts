// REST list pages kept with the change version they were read at (issue 12). A page PostgreSQL wrote
// as text (StoredEntry) depends only on the rows the version covers, so while the version reads the
// same the kept page is the page: a request then costs one small statement that reads the version
// and, in the same statement and only if it still holds, writes the read's audit row for the kept
// ids. A moved version writes nothing there and the page is read again.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { resultRows } from "../db/raw-rows.ts";
import { KeptReads, perDatabase, statementKey } from "./kept-reads.ts";

export interface KeptPage {
  version: number;
  rows: ReadonlyArray<{ id: number; text: string }>;
  total: number | null;
}

/** At most 32 MB of pages per database (a full REST page of 25 families is ~75 KB). */
const keptPages = perDatabase(
  () =>
    new KeptReads<KeptPage>({ entries: 1000, weight: 32 * 1024 * 1024 }, (page) =>
      page.rows.reduce((sum, row) => sum + 2 * row.text.length + 64, 0),
    ),
);

export interface VersionedPage {
  kept: KeptPage | undefined;
  keep: (page: KeptPage) => void;
}

/** The page `statement` (its page and total, without the alongside write) reads, if kept. */
export function versionedPage(db: Db, statement: SQL): VersionedPage {
  const key = statementKey(db, statement);
  const pages = keptPages(db);
  const kept = pages.get(key);
  return {
    kept,
    keep: (page) => {
      if (kept?.version !== page.version) pages.set(key, page);
    },
  };
}

/**
 * One statement: reads `version` and, only when it is the kept page's, runs `alongside` (the read's
 * audit row) for the kept ids. True when the kept page still holds.
 */
export async function confirmKeptPage(
  db: Db,
  page: KeptPage,
  version: SQL,
  alongside?: (ids: SQL) => SQL | null,
): Promise<boolean> {
  const ids = JSON.stringify(page.rows.map((row) => row.id));
  const current = sql`(select current_version.v from current_version)`;
  const extra =
    alongside?.(sql`(case when ${current} = ${page.version}::float8 then ${ids}::jsonb else '[]'::jsonb end)`) ?? null;
  const statement = sql`with current_version as (select ${version} as v)${extra ? sql`, alongside as (${extra})` : sql``}
    select current_version.v from current_version`;
  const [row] = resultRows(await db.execute(statement));
  return Number(row?.v) === page.version;
}

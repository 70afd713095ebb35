// Exact list totals that are not recounted while nothing they read has changed (issue 12). A total
// is kept with the version it was counted at (both read in one statement, so from one snapshot); a
// later statement that reads the same version answers the kept total instead of counting, inside
// the same SQL, so a version that moved is counted again in that very statement. The version must
// grow with every committed write to what the count reads (registers: services/registers/change-log.ts).
// Each process keeps its own totals; the database alone decides whether they still hold.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";

interface KeptTotal {
  version: number;
  total: number;
}

/** Distinct counts kept per database handle: the filters are the callers' to choose. */
const keptLimit = 1000;
const keptTotals = new WeakMap<Db, Map<string, KeptTotal>>();

function keptOf(db: Db): Map<string, KeptTotal> {
  let kept = keptTotals.get(db);
  if (!kept) {
    kept = new Map();
    keptTotals.set(db, kept);
  }
  return kept;
}

export interface VersionedTotal {
  /** The total as one SQL value: the kept one when the version still reads the same, else the count. */
  total: SQL;
  /** Keeps what a statement answered (its version and total), for the next with the same count. */
  keep: (version: number, total: number) => void;
}

/** `counted` (a count statement) with its total kept while `version` (one SQL value) is unchanged. */
export function versionedTotal(db: Db, counted: SQL, version: SQL): VersionedTotal {
  const query = db.execute(counted).getQuery();
  const key = JSON.stringify([query.sql, query.params]);
  const kept = keptOf(db);
  const known = kept.get(key);
  const total = known
    ? sql`case when ${version} = ${known.version}::float8 then ${known.total}::float8 else (${counted})::float8 end`
    : sql`(${counted})::float8`;
  return {
    total,
    keep: (readVersion, readTotal) => {
      if (known?.version === readVersion) return;
      kept.delete(key);
      // A Map iterates in insertion order: the first key is the oldest.
      const oldest = kept.size >= keptLimit ? kept.keys().next() : null;
      if (oldest && !oldest.done) kept.delete(oldest.value);
      kept.set(key, { version: readVersion, total: readTotal });
    },
  };
}

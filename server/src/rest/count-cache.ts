// Exact list totals that are not recounted while nothing they read has changed (issue 12). A total
// is kept with the version it was counted at (both read in one statement, so from one snapshot); a
// later statement that reads the same version answers the kept total instead of counting, inside
// the same SQL, so a version that moved is counted again in that very statement. The version must
// grow with every committed write to what the count reads (registers: services/registers/change-log.ts).
// Each process keeps its own totals; the database alone decides whether they still hold.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { KeptReads, perDatabase, statementKey } from "./kept-reads.ts";

interface KeptTotal {
  version: number;
  total: number;
}

/** Distinct counts kept per database: the filters are the callers' to choose. */
const keptTotals = perDatabase(() => new KeptReads<KeptTotal>({ entries: 1000, weight: 0 }));

export interface VersionedTotal {
  /** The total as one SQL value: the kept one when `version` still reads the same, else `counted`. */
  total: SQL;
  /** Keeps what a statement answered (its version and total), for the next with the same count. */
  keep: (version: number, total: number) => void;
}

/** `counted` (a count statement) with its total kept while `version` (one SQL value) is unchanged. */
export function versionedTotal(db: Db, counted: SQL, version: SQL): VersionedTotal {
  const key = statementKey(db, counted);
  const kept = keptTotals(db);
  const known = kept.get(key);
  const total = known
    ? sql`case when ${version} = ${known.version}::float8 then ${known.total}::float8 else (${counted})::float8 end`
    : sql`(${counted})::float8`;
  return {
    total,
    keep: (readVersion, readTotal) => {
      if (known?.version !== readVersion) kept.set(key, { version: readVersion, total: readTotal });
    },
  };
}

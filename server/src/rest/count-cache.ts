// Exact list totals that are not recounted while nothing they read has changed (issue 12). A total
// is kept with the version it was counted at (both read in one statement, so from one snapshot). A
// later page statement reads only the version: while it reads the same, the kept total is the
// answer; once it has moved, the total is counted again (with its version) and kept. The version
// must change with every committed write to what the count reads, and never return to a value it
// had over other rows, a restore included (registers: services/registers/change-log.ts). Each process keeps its own totals; the database alone decides
// whether they still hold.
import type { SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { perHandle, setNewest } from "../services/common/bounded-map.ts";

export interface KeptTotal {
  /** The data version as read (text): equal only while nothing the count reads has changed. */
  version: string;
  total: number;
}

/** Distinct counts kept per database handle: the filters are the callers' to choose. */
const keptLimit = 1000;
const keptOf = perHandle<Db, Map<string, KeptTotal>>(() => new Map());

export interface CountCache {
  /** The total counted earlier and the version it was counted at; undefined until one is kept. */
  known: KeptTotal | undefined;
  /** Keeps a total with the version read in the same statement, for the next list of this count. */
  keep: (counted: KeptTotal) => void;
}

/** The kept total of `counted` (a count statement: its text and values are the key). */
export function countCacheOf(db: Db, counted: SQL): CountCache {
  const query = db.execute(counted).getQuery();
  const key = JSON.stringify([query.sql, query.params]);
  const kept = keptOf(db);
  const known = kept.get(key);
  return {
    known,
    keep: (counted) => {
      if (known?.version === counted.version) return;
      setNewest(kept, key, counted, keptLimit);
    },
  };
}

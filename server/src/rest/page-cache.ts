// List pages that are not read again while nothing they show has changed (issue 12): a partner
// polling the same page, or many readers of one kelurahan's first page. A page's rows are kept with
// the data version read in the same snapshot (count-cache.ts has the version's rules). A later
// request for the same page sends one small statement instead: the kept ids read again within the
// caller's scope, only while the version reads the same, with the read's audit row and the token's
// stamp for the ids it finds. The rows are answered from memory only for the ids the database
// answered; none found (the version moved, the token was revoked) reads the page anew. Each process
// keeps its own pages; the database alone decides whether they still hold.
import type { Db } from "../db/client.ts";
import type { RawRow } from "../db/raw-rows.ts";
import { perHandle, setNewest } from "../services/common/bounded-map.ts";

export interface KeptPage {
  /** The data version as read with the rows (text): equal only while nothing they show has changed. */
  version: string;
  /** The page's rows as the driver gave them (never changed by the reader: rowDecoder copies). */
  rows: RawRow[];
  /** The row that carried the page's totals when it was read. */
  totalsRow: RawRow | undefined;
}

/**
 * Pages kept per database handle. At most 100 entries of ~3 KB (a register's stored form) a page:
 * under 10 MB, a small share of the server's memory budget (DESIGN §9: 300 MB).
 */
const keptLimit = 32;
/**
 * Pages are kept from their second read on: a client walking a list reads each page once, and
 * keeping every page it passed cost it server time and memory (the rows outlive the request) for
 * nothing. Keys of pages read once, remembered up to this many.
 */
const askedLimit = 1000;

interface Kept {
  pages: Map<string, KeptPage>;
  asked: Map<string, true>;
}

const keptOf = perHandle<Db, Kept>(() => ({ pages: new Map(), asked: new Map() }));

export interface PageCache {
  /** The page read earlier and its version; undefined until one is kept. */
  known: KeptPage | undefined;
  /**
   * Keeps a page read with its version, once it is read the second time (a page with rows only: an
   * empty one costs little to read).
   */
  keep: (page: KeptPage) => void;
  /** Forgets the kept page (none of its ids was found again: it is read anew). */
  drop: () => void;
}

/** The kept page of `key` (the page statement's text and values, the audit and stamp left out). */
export function pageCacheOf(db: Db, key: string): PageCache {
  const { pages, asked } = keptOf(db);
  const known = pages.get(key);
  return {
    known,
    keep: (page) => {
      if (page.rows.length === 0) return;
      if (!asked.has(key)) {
        setNewest(asked, key, true, askedLimit);
        return;
      }
      setNewest(pages, key, page, keptLimit);
    },
    drop: () => {
      pages.delete(key);
    },
  };
}

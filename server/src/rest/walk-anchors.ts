// Where a client walking a list in id order left off (issue 12). Strapi pages by offset, so page k
// of a partner's sync skipped (k - 1) × pageSize rows of the index before it read its own: at
// 100,000 families page 925 cost ~7 ms of the database, and a whole sync grew with the square of
// the families. A page read in id order (either way) leaves an anchor: at the data version read
// with it, the first `position` rows of the walk end at id `lastId`. A later page at an offset at or
// past an anchor starts after that id and skips only the rows between. The database alone decides
// whether an anchor holds: the page statement uses it only while the version reads as it did, in the
// same snapshot as the rows (resource.ts pageIdsSelect), else it skips from the start as before.
// Each process keeps its own anchors.
import type { Db } from "../db/client.ts";
import { perHandle, setNewest } from "../services/common/bounded-map.ts";

export interface WalkAnchor {
  /** The data version read with the page that left the anchor (text). */
  version: string;
  /** How many rows of the walk lie up to and including `lastId`. */
  position: number;
  lastId: number;
}

/** Walks remembered per database handle (a walk: a reader's condition, in id order). */
const walkLimit = 200;
/** Anchors per walk: a few readers at different places of one walk (10 connections of one partner). */
const anchorLimit = 16;

const walksOf = perHandle<Db, Map<string, WalkAnchor[]>>(() => new Map());

export interface WalkAnchors {
  /** The anchor nearest before `offset` (at most `offset` rows in), if any. */
  before(offset: number): WalkAnchor | undefined;
  /** Remembers where a page read at `anchor.version` ended; anchors of older versions are forgotten. */
  note(anchor: WalkAnchor): void;
}

/** The anchors of the walk `key` (its condition's statement text and values). */
export function walkAnchorsOf(db: Db, key: string): WalkAnchors {
  const known = walksOf(db);
  return {
    before(offset) {
      let best: WalkAnchor | undefined;
      for (const anchor of known.get(key) ?? []) {
        if (anchor.position <= offset && (!best || anchor.position > best.position)) best = anchor;
      }
      return best;
    },
    note(anchor) {
      if (anchor.position <= 0 || !Number.isSafeInteger(anchor.lastId)) return;
      const kept = (known.get(key) ?? []).filter(
        (other) => other.version === anchor.version && other.position !== anchor.position,
      );
      kept.push(anchor);
      setNewest(known, key, kept.slice(-anchorLimit), walkLimit);
    },
  };
}

// What a list read is kept with between requests (rest/count-cache.ts, rest/kept-pages.ts): per
// database, bounded, the oldest out first. Whether a kept read still holds is the database's to say
// (a change version read in the same statement), never this map's.
import type { Db } from "../db/client.ts";

export class KeptReads<V> {
  readonly #entries = new Map<string, { value: V; weight: number }>();
  #weight = 0;

  constructor(
    private readonly limits: { entries: number; weight: number },
    private readonly weigh: (value: V) => number = () => 0,
  ) {}

  get(key: string): V | undefined {
    return this.#entries.get(key)?.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.limits.weight) return;
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    // A Map iterates in insertion order: the first key is the oldest.
    for (const [oldest] of this.#entries) {
      if (this.#entries.size <= this.limits.entries && this.#weight <= this.limits.weight) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const known = this.#entries.get(key);
    if (!known) return;
    this.#entries.delete(key);
    this.#weight -= known.weight;
  }
}

/** One value per database handle (tests open many; a handle's reads never answer another's). */
export function perDatabase<V>(make: () => V): (db: Db) => V {
  const values = new WeakMap<Db, V>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = make();
      values.set(db, value);
    }
    return value;
  };
}

/** A statement's text and values as one key. */
export function statementKey(db: Db, statement: Parameters<Db["execute"]>[0]): string {
  const query = db.execute(statement).getQuery();
  return JSON.stringify([query.sql, query.params]);
}

// A per-process memo that callers fill with keys of their own choosing (filters, tokens): it must
// not grow without bound.

/** Sets `key` as the newest entry, first dropping the oldest once the map holds `limit` entries. */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  // A Map iterates in insertion order: the first key is the oldest.
  const oldest = map.size >= limit ? map.keys().next() : null;
  if (oldest && !oldest.done) map.delete(oldest.value);
  map.set(key, value);
}

/**
 * A memo of each handle (a database handle): made by `make` on the handle's first use, gone with
 * the handle, so tests' and tools' handles never share one.
 */
export function perHandle<K extends object, V>(make: () => V): (handle: K) => V {
  const memos = new WeakMap<K, V>();
  return (handle) => {
    let memo = memos.get(handle);
    if (memo === undefined) {
      memo = make();
      memos.set(handle, memo);
    }
    return memo;
  };
}

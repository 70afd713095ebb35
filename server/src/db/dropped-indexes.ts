// A bulk load (server/src/demo/bulk-load.ts) drops the loaded tables' secondary indexes and builds
// them again once its rows are in. Each one is written down (dropped_indexes) in the transaction that
// drops it and forgotten once built, so a load that never got to build them (Ctrl-C, a kill, a lost
// machine) leaves the list behind: migrate() builds them at the next start of the portal or of a
// command, and the next load builds them with its own. Without the list an interrupted load left the
// portal without its list and search indexes for good: the next load dropped only what remained.
import { inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "./client.ts";
import { resultRows } from "./raw-rows.ts";
import { droppedIndexes } from "./schema/dropped-indexes.ts";

export interface IndexDefinition {
  name: string;
  /** pg_indexes.indexdef: `CREATE INDEX name ON table USING …`. */
  definition: string;
}

/** A key no other advisory lock of the portal uses (client.ts lockKeys are 72_501 and 72_502). */
export const BULK_LOAD_LOCK = 72_503;

/**
 * The statement that builds an index again, harmless when the index is already there: two
 * processes that both find it written down (a start beside a load) cannot fail each other.
 */
export function buildStatement(index: IndexDefinition): string {
  return index.definition.replace(/^CREATE INDEX (?!IF NOT EXISTS )/i, "CREATE INDEX IF NOT EXISTS ");
}

/** The indexes an unfinished load dropped, in the order they were written down. */
export async function pendingIndexes(db: DbOrTx): Promise<IndexDefinition[]> {
  return db
    .select({ name: droppedIndexes.name, definition: droppedIndexes.definition })
    .from(droppedIndexes)
    .orderBy(droppedIndexes.droppedAt, droppedIndexes.name);
}

/** Drops the indexes, writing each down first; all of it commits together or not at all. */
export async function dropIndexesForLoad(db: Db, indexes: readonly IndexDefinition[]): Promise<void> {
  if (indexes.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(droppedIndexes)
      .values(indexes.map(({ name, definition }) => ({ name, definition })))
      .onConflictDoNothing();
    for (const index of indexes) await tx.execute(sql`drop index if exists ${sql.identifier(index.name)}`);
  });
}

/** Forgets the written-down indexes once they are built again. */
export async function forgetDroppedIndexes(db: DbOrTx, indexes: readonly IndexDefinition[]): Promise<void> {
  if (indexes.length === 0) return;
  await db.delete(droppedIndexes).where(
    inArray(
      droppedIndexes.name,
      indexes.map((index) => index.name),
    ),
  );
}

/** Builds every written-down index and forgets each once built; answers their names. */
export async function restoreDroppedIndexes(db: Db): Promise<string[]> {
  const pending = await pendingIndexes(db);
  for (const index of pending) {
    await db.execute(sql.raw(buildStatement(index)));
    await forgetDroppedIndexes(db, [index]);
  }
  return pending.map((index) => index.name);
}

/**
 * restoreDroppedIndexes unless a load is running (PostgreSQL: it holds BULK_LOAD_LOCK for its whole
 * run and builds them itself); `lockDb` is a single connection, so the lock taken here is released
 * on the same session.
 */
export async function restoreUnlessLoading(lockDb: Db): Promise<string[]> {
  const [lock] = resultRows(await lockDb.execute(sql`select pg_try_advisory_lock(${BULK_LOAD_LOCK}) as taken`));
  if (lock?.taken !== true) return [];
  try {
    return await restoreDroppedIndexes(lockDb);
  } finally {
    await lockDb.execute(sql`select pg_advisory_unlock(${BULK_LOAD_LOCK})`);
  }
}

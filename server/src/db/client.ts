import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as schema from "./schema/index.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { BULK_LOAD_LOCK, restoreDroppedIndexes, restoreUnlessLoading } from "./dropped-indexes.ts";
import { preparingPglite } from "./pglite-prepared.ts";
import { vacuumWhereDue, type VacuumedTable } from "./pglite-autovacuum.ts";
import { keepTableActivity, takeCarriedActivity } from "./pglite-table-activity.ts";
import { isPlannedOnce, PREPARED_STATEMENT_LIMIT, preparable } from "./statement-plans.ts";
import { placeOf, PORTAL_LOCK, takeExclusively } from "./portal-lock.ts";
import { postgresOptions } from "./postgres-options.ts";
import { rollingBackWhenAbandoned } from "./request-deadline.ts";

export type Schema = typeof schema;
/** The database both drivers satisfy; services depend on this, never on a driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services that write several tables accept either. */
export type DbOrTx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Runs start-up work, or a bulk load, while holding a cluster-wide lock (PostgreSQL; a bulk load is
   * refused with DatabaseInUseError while a portal runs on the database); directly on PGlite.
   */
  exclusive<T>(lock: StartupLock, work: (lockDb: Db) => Promise<T>): Promise<T>;
  /**
   * Applies the committed migrations, then builds any index a bulk load dropped and could not build
   * again (db/dropped-indexes.ts); answers those indexes' names.
   */
  migrate(): Promise<{ rebuiltIndexes: string[] }>;
  /** Throws when the database does not answer within 2 s. */
  ping(): Promise<void>;
  /** True when every committed migration has been applied (readiness). */
  migrationsApplied(): Promise<boolean>;
  /**
   * Vacuums and analyzes the tables that need it (housekeeping): PGlite has no autovacuum
   * (pglite-autovacuum.ts); on PostgreSQL its own autovacuum does this, and nothing is done here.
   */
  vacuumWhereDue(): Promise<VacuumedTable[]>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Number of committed migrations (drizzle's journal), for the readiness check. */
function expectedMigrationCount(): number {
  const journal: unknown = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, "utf8"));
  return typeof journal === "object" && journal !== null && "entries" in journal && Array.isArray(journal.entries)
    ? journal.entries.length
    : 0;
}

async function appliedMigrationCount(client: postgres.Sql): Promise<number> {
  // Before the first migration the journal table does not exist yet: nothing applied.
  const [exists] = await client<
    { table: string | null }[]
  >`select to_regclass('drizzle.__drizzle_migrations') as table`;
  if (!exists?.table) return 0;
  const rows = await client<{ count: number }[]>`select count(*)::int as count from drizzle.__drizzle_migrations`;
  return rows[0]?.count ?? 0;
}

export type DatabaseTarget =
  | {
      url: string;
      /** Per-statement limit on the server; 0 for bulk scripts. Default 10 s. */
      statementTimeoutMs?: number;
      /** Pool size per instance. Default 10. */
      max?: number;
    }
  | { dataDir: string }
  | { memory: true };

/** How long a health check waits for the database before calling it unreachable. */
const pingTimeoutMs = 2000;

// Startup work (migrations, seeding) runs under these PostgreSQL advisory locks, so instances
// started together on an empty database take turns instead of racing (CREATE EXTENSION, seeds);
// bulk loads take turns under the third (db/dropped-indexes.ts).
const lockKeys = { migrate: 72_501, seed: 72_502, bulkLoad: BULK_LOAD_LOCK } as const;
export type StartupLock = keyof typeof lockKeys;

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * PGlite's shared buffers. They live in its WebAssembly memory, which never shrinks: at PostgreSQL's
 * default 128 MB a city's tables filled them and the server held ~400 MB under `bench:load` (50
 * users, 100,000 families); at 16 MB 271–290 MB, with throughput as before or better (README,
 * "The embedded database's memory and upkeep"). Pages not held here come from the system's cache.
 */
const PGLITE_SHARED_BUFFERS = "16MB";

/** Connections per process for plannedOnce statements (short probes, pipelined when all are busy). */
const PLANNED_ONCE_POOL = 2;

/** Connections per process for statements with a text pattern (planForValues). */
const PATTERN_POOL = 4;

/**
 * drizzle sends every statement unnamed, so PostgreSQL parses and plans it on every call (for a
 * REST list page that is a third of the database's work). This client prepares a statement on
 * each connection the first time it runs and reuses it, for the first PREPARED_STATEMENT_LIMIT
 * distinct statement texts of the process (values are parameters: a list page, a lookup, a token
 * check each are one text). Texts beyond the limit run unprepared, so an endless variety of REST
 * filter shapes cannot fill the server's memory with cached plans. Transactions run unprepared.
 * A prepared statement keeps PostgreSQL's own choice (plan_cache_mode auto): after five runs it
 * reuses one plan for all values when that plan is estimated no dearer than planning each call
 * (the token check, a region lookup), and goes on planning per call where values matter (a page's
 * LIMIT and OFFSET). Statements with a text pattern (not preparable) go to `patternClient`, whose
 * connections plan every call for its values. Statements marked by plannedOnce go to
 * `plannedOnceClient`, always prepared (inside a transaction they stay on its connection: the mark
 * is only a comment there).
 */
export function preparingClient(
  client: postgres.Sql,
  limit = PREPARED_STATEMENT_LIMIT,
  plannedOnceClient: postgres.Sql = client,
  patternClient?: postgres.Sql,
): postgres.Sql {
  const prepared = new Set<string>();
  const unsafe: postgres.Sql["unsafe"] = (query, parameters, options) => {
    const marked = isPlannedOnce(query);
    const pattern = !marked && !preparable(query);
    // Without connections of its own, a pattern statement goes unnamed: planned for its values.
    if (pattern && !patternClient) return client.unsafe(query, parameters, options);
    const known = prepared.has(query) || (prepared.size < limit && prepared.add(query).has(query));
    const target = marked ? plannedOnceClient : pattern && patternClient ? patternClient : client;
    return target.unsafe(query, parameters, known ? { ...options, prepare: true } : options);
  };
  return new Proxy(client, {
    get: (target, property, receiver) => (property === "unsafe" ? unsafe : Reflect.get(target, property, receiver)),
  });
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ("url" in target) {
    const url = target.url;
    const statementTimeoutMs = target.statementTimeoutMs ?? 10_000;
    const max = target.max ?? 10;
    const client = postgres(url, postgresOptions(statementTimeoutMs, max));
    // Connects only when a plannedOnce statement first runs.
    const plannedOnceClient = postgres(
      url,
      postgresOptions(statementTimeoutMs, Math.min(max, PLANNED_ONCE_POOL), "force_generic_plan"),
    );
    const patternClient = postgres(
      url,
      postgresOptions(statementTimeoutMs, Math.min(max, PATTERN_POOL), "force_custom_plan"),
    );
    const db = drizzlePostgres({
      client: preparingClient(client, PREPARED_STATEMENT_LIMIT, plannedOnceClient, patternClient),
      schema,
      casing: "snake_case",
    });
    // drizzle makes the client it is given pass JSON and dates through as text (its columns map
    // them); the other pools, which drizzle never sees, must read and write values the same
    // way: with postgres.js's own serializer a JSON text sent for a jsonb parameter was stored as
    // a JSON string, not the object it spells.
    for (const pool of [plannedOnceClient, patternClient]) {
      Object.assign(pool.options.serializers, client.options.serializers);
      Object.assign(pool.options.parsers, client.options.parsers);
    }
    // Startup work gets its own single connection: a session advisory lock lives on one connection,
    // and migrations may run longer than the app's statement timeout.
    // A bulk load also takes the database from its portals (portal-lock.ts), or is refused: after
    // waiting its turn among loads, and given back before that turn passes on, so the next load
    // never finds it still held by the one before.
    const exclusive = async <T>(lock: StartupLock, work: (lockDb: PostgresJsDatabase<Schema>) => Promise<T>) => {
      const single = postgres(url, postgresOptions(0, 1));
      try {
        await single`select pg_advisory_lock(${lockKeys[lock]})`;
        if (lock === "bulkLoad") await takeExclusively(single, placeOf(url), "load");
        return await work(drizzlePostgres({ client: single, schema, casing: "snake_case" }));
      } finally {
        if (lock === "bulkLoad") await single`select pg_advisory_unlock(${PORTAL_LOCK})`.catch(() => {});
        await single`select pg_advisory_unlock(${lockKeys[lock]})`.catch(() => {});
        await single.end({ timeout: 5 });
      }
    };
    return {
      db: rollingBackWhenAbandoned(db),
      kind: "postgres",
      exclusive,
      // A bulk load stopped before it built its indexes again (db/dropped-indexes.ts) is mended here.
      migrate: () =>
        exclusive("migrate", async (lockDb) => {
          await migratePostgres(lockDb, { migrationsFolder });
          return { rebuiltIndexes: await restoreUnlessLoading(lockDb) };
        }),
      ping: async () => {
        await withTimeout(client`select 1`, pingTimeoutMs, "database ping timed out");
      },
      vacuumWhereDue: async () => [],
      migrationsApplied: async () => {
        const rows = await withTimeout(appliedMigrationCount(client), pingTimeoutMs, "database ping timed out");
        return rows >= expectedMigrationCount();
      },
      close: async () => {
        await Promise.all([client, plannedOnceClient, patternClient].map((pool) => pool.end({ timeout: 5 })));
      },
    };
  }
  // A data directory is this process's alone while open (data-dir-lock.ts).
  const unlock = "dataDir" in target ? lockDataDir(target.dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...("dataDir" in target ? { dataDir: target.dataDir } : {}),
      extensions: { pg_trgm },
      // Given at each start, so the data directory's own postgresql.conf stays as initdb wrote it.
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client: preparingPglite(client), schema, casing: "snake_case" });
  const dataDir = "dataDir" in target ? target.dataDir : undefined;
  // What autovacuum counted before this start (an in-memory database has no before).
  const carried = dataDir === undefined ? [] : takeCarriedActivity(dataDir);
  return {
    db: rollingBackWhenAbandoned(db),
    kind: "pglite",
    // One process owns an embedded database: nobody to take turns with.
    exclusive: (_lock, work) => work(db),
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      return { rebuiltIndexes: await restoreDroppedIndexes(db) };
    },
    ping: async () => {
      await client.query("select 1");
    },
    vacuumWhereDue: () => vacuumWhereDue(client, carried),
    migrationsApplied: async () => {
      const result = await client.query<{ count: number }>(
        "select count(*)::int as count from drizzle.__drizzle_migrations",
      );
      return (result.rows[0]?.count ?? 0) >= expectedMigrationCount();
    },
    close: async () => {
      try {
        // The counts only bring a vacuum forward: a database that cannot give them still closes.
        if (dataDir !== undefined) await keepTableActivity(client, dataDir, carried).catch(() => undefined);
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

// The bulk family generator (`npm run demo:data`, bench:db): COPY instead of INSERT, with the rollup
// triggers off for the load (session_replication_role = replica) and the rollups rebuilt from the
// rows at the end, then VACUUM ANALYZE. The rows are drawn on a worker thread (bulk-feed.ts) while
// this one writes them: on PostgreSQL through COPY connections (two for registers, one for each other
// table), each in a transaction committed only when all succeeded; PGlite takes
// each batch as a COPY blob.
// Run it while the portal is idle: on PGlite, rows written by others during the load skip the
// triggers too, join the load's transaction (kept or dropped with it) and are only counted by the
// final rebuild.
import { once } from "node:events";
import { availableParallelism } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import type { Writable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import { asc, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type postgres from "postgres";
import type { DatabaseHandle } from "../db/client.ts";
import {
  buildStatement,
  dropIndexesForLoad,
  forgetDroppedIndexes,
  type IndexDefinition,
  pendingIndexes,
  restoreDroppedIndexes,
} from "../db/dropped-indexes.ts";
import { resultRows } from "../db/raw-rows.ts";
import { codeOf } from "../db/sql-state.ts";
import { desaKelurahan } from "../db/schema/regions.ts";
import { rollupRebuildParts } from "../services/figures/rollups.ts";
import { drawnBatches } from "./bulk-feed.ts";
import {
  type EncodedBatch,
  eventCopyColumns,
  locationCopyColumns,
  memberCopyColumns,
  registerCopyColumns,
} from "./bulk-rows.ts";
import type { WardOutline } from "./ward-outlines.ts";

export interface LoadOptions {
  families: number;
  batchSize?: number;
  seed?: number;
  now?: Date;
  /** Ward polygons by code (ward-outlines.ts): most families get a house location inside theirs. */
  outlines?: Record<string, WardOutline>;
  onProgress?: (done: number) => void;
}

export interface LoadResult {
  families: number;
  members: number;
  events: number;
  /** Families with a house location. */
  locations: number;
  /** Generating and copying the rows (and building the indexes dropped for a large load). */
  loadSeconds: number;
  /** Rebuilding the rollups, then VACUUM ANALYZE. */
  finishSeconds: number;
  /** Where the time went: generating and copying, building dropped indexes, rollups, VACUUM ANALYZE. */
  phases: { copy: number; indexes: number; rollups: number; vacuum: number };
}

/** Members per family are at most 8 (families.ts householdSize) and events at most 4. */
const MAX_MEMBERS = 8;
const MAX_EVENTS = 4;

/**
 * Where the batches go. A load is all or nothing: `close` keeps every row written, `abort` none of
 * them (a refused load left no families without members, nor members without families).
 */
interface Sink {
  write(batch: Pick<EncodedBatch, "registers" | "members" | "events" | "locations">): Promise<void>;
  close(): Promise<void>;
  abort(reason: unknown): Promise<void>;
}

const copyStatement = (table: string, columns: readonly string[], source: string) =>
  `copy ${table} (${columns.join(", ")}) from ${source}`;

/** The postgres.js client drizzle was built on (db.$client): a function with reserve(). */
export function isPostgresClient(value: unknown): value is postgres.Sql {
  return typeof value === "function" && "reserve" in value && typeof value.reserve === "function";
}

/**
 * Registers take two COPY streams, batches in turn: parsing a register row (its ~2 KB form) is most
 * of the load's database work, and one backend parsing them all kept one core busy while the member
 * and event streams mostly waited for data.
 */
const REGISTER_STREAMS = 2;

interface CopyStream {
  table: string;
  connection: postgres.ReservedSql;
  stream: Writable;
  /** Settles once the stream has passed on its last batch. */
  drained: Promise<void>;
  /** The error the stream was destroyed with: PostgreSQL's refusal while batches were still sent. */
  failure?: unknown;
}

/** The COPY's rows stay uncommitted until every stream is known to have succeeded. */
async function openCopy(client: postgres.Sql, table: string, columns: readonly string[]): Promise<CopyStream> {
  const connection = await client.reserve();
  let stream: Writable;
  try {
    // Triggers (the rollups, and the foreign-key checks) are off for this session only.
    await connection`set session_replication_role = replica`;
    await connection`set synchronous_commit = off`;
    await connection`begin`;
    stream = await connection.unsafe(copyStatement(table, columns, "stdin")).writable();
  } catch (error) {
    await giveBack(connection, ["rollback", "reset session_replication_role", "reset synchronous_commit"]).catch(
      () => {},
    );
    throw error;
  }
  const copy: CopyStream = { table, connection, stream, drained: Promise.resolve() };
  stream.on("error", (error) => {
    copy.failure ??= error;
  });
  return copy;
}

/** The driver refused a statement because the connection's COPY has not ended on its side yet. */
const copyInProgress = (error: unknown) => codeOf(error) === "COPY_IN_PROGRESS";

/**
 * What became of the COPY, asked of its own connection after the stream ended: undefined when it
 * succeeded, else the error the question got. postgres.js reports a refusal that arrives after the
 * last batch nowhere (the stream never finishes), but the transaction it aborted refuses the next
 * statement, so this answer always comes. The driver takes that statement only once the stream has
 * passed its last buffered batch to the socket; before, it answers COPY_IN_PROGRESS without asking
 * the database (a load whose database was slow to take its last batches was thrown away as refused,
 * with nothing in PostgreSQL's log), so the question waits for the stream and is asked again.
 */
async function copyRefusal(copy: CopyStream): Promise<unknown> {
  const ended = new Promise<void>((resolve) => {
    for (const event of ["finish", "close", "error"]) copy.stream.once(event, () => resolve());
  });
  for (;;) {
    try {
      await copy.connection`select 1`;
      return undefined;
    } catch (error) {
      if (!copyInProgress(error)) return error;
      await Promise.race([ended, sleep(10)]);
    }
  }
}

/**
 * Gives a reserved connection back to the pool after `statements`, unless they fail: postgres.js
 * files a released connection whose backend died among its open ones, and every later query sent
 * to it fails (porsager/postgres#1199, open). One kept back leaves the pool a connection short.
 */
async function giveBack(connection: postgres.ReservedSql, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await connection.unsafe(statement);
  connection.release();
}

const releaseCopy = (copy: CopyStream, outcome: "commit" | "rollback") =>
  giveBack(copy.connection, [outcome, "reset session_replication_role", "reset synchronous_commit"]);

async function postgresSink(client: postgres.Sql): Promise<Sink> {
  const copies: CopyStream[] = [];
  const openNext = async (table: string, columns: readonly string[]) => {
    const copy = await openCopy(client, table, columns);
    copies.push(copy);
    return copy;
  };
  let registerCopies: CopyStream[];
  let memberCopy: CopyStream;
  let eventCopy: CopyStream;
  let locationCopy: CopyStream;
  try {
    registerCopies = await Promise.all(
      Array.from({ length: REGISTER_STREAMS }, () => openNext("registers", registerCopyColumns)),
    );
    memberCopy = await openNext("family_members", memberCopyColumns);
    eventCopy = await openNext("register_events", eventCopyColumns);
    locationCopy = await openNext("household_locations", locationCopyColumns);
  } catch (error) {
    // The streams already open are ended without a row kept.
    await Promise.allSettled(
      copies.map(async (copy) => {
        copy.stream.destroy(new Error("the load could not start"));
        await copyRefusal(copy);
        await releaseCopy(copy, "rollback");
      }),
    );
    throw error;
  }
  // A stream takes its next batch once it has passed on the last one, whatever the other streams
  // are doing: at most one batch waits per stream, and no stream waits for a slower one.
  const put = async (copy: CopyStream, text: Uint8Array<ArrayBuffer>) => {
    if (text.length === 0) return;
    await copy.drained;
    // A destroyed stream takes writes without a word and never drains.
    if (copy.stream.destroyed) throw copy.failure ?? new Error(`COPY into ${copy.table} was stopped`);
    if (copy.stream.write(text)) return;
    copy.drained = once(copy.stream, "drain").then(() => {});
    // A failed stream is reported by the next put or by close(), not as an unhandled rejection.
    copy.drained.catch(() => {});
  };
  /** Ends every stream, then commits all of them or none. */
  const finish = async (reason?: unknown) => {
    for (const copy of copies) {
      if (reason !== undefined) copy.stream.destroy(new Error("the load was abandoned"));
      else copy.stream.end();
    }
    const refusals = await Promise.all(copies.map(copyRefusal));
    const outcome = reason === undefined && refusals.every((refusal) => refusal === undefined) ? "commit" : "rollback";
    const released = await Promise.allSettled(copies.map((copy) => releaseCopy(copy, outcome)));
    const lost = released.find((result) => result.status === "rejected");
    // A connection lost between its probe and its commit is the one way a part can go missing.
    if (outcome === "commit" && lost) throw lost.reason;
    if (outcome === "commit") return;
    const index = refusals.findIndex((refusal) => refusal !== undefined);
    const refused = copies[index];
    throw (
      reason ??
      refused?.failure ??
      new Error(
        `PostgreSQL refused the COPY into ${refused?.table} (its log says why); nothing of this load was kept`,
        {
          cause: refusals[index],
        },
      )
    );
  };
  let batches = 0;
  return {
    async write(batch) {
      const registerCopy = registerCopies[batches % registerCopies.length];
      if (!registerCopy) throw new Error("no register stream");
      batches += 1;
      await Promise.all([
        put(registerCopy, batch.registers),
        put(memberCopy, batch.members),
        put(eventCopy, batch.events),
        put(locationCopy, batch.locations),
      ]);
    },
    close: () => finish(),
    abort: (reason) => finish(reason).catch(() => {}),
  };
}

async function pgliteSink(client: PGlite): Promise<Sink> {
  await client.exec("set session_replication_role = replica");
  await client.exec("begin");
  const end = async (outcome: "commit" | "rollback") => {
    try {
      await client.exec(outcome);
    } finally {
      await client.exec("reset session_replication_role");
    }
  };
  const copy = (table: string, columns: readonly string[], text: Uint8Array<ArrayBuffer>) =>
    text.length === 0
      ? Promise.resolve()
      : client.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob([text]) }).then(() => {});
  return {
    async write(batch) {
      await copy("registers", registerCopyColumns, batch.registers);
      await copy("family_members", memberCopyColumns, batch.members);
      await copy("register_events", eventCopyColumns, batch.events);
      await copy("household_locations", locationCopyColumns, batch.locations);
    },
    close: () => end("commit"),
    abort: () => end("rollback").catch(() => {}),
  };
}

/** Reserves `count` consecutive ids of a table's serial; answers the first. */
async function reserveIds(handle: DatabaseHandle, table: string, count: number): Promise<number> {
  const rows = resultRows(
    await handle.db.execute(sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::bigint as first`),
  );
  const first = Number(rows[0]?.first);
  await handle.db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${first + count - 1})`);
  return first;
}

const loadedTables = ["registers", "family_members", "register_events", "household_locations"];

/**
 * The non-unique indexes of the loaded tables (unique ones stay: they guard the data). When a load
 * at least doubles the families, they are dropped for the load and built again afterwards, which is
 * far cheaper than maintaining them row by row (pg_restore does the same).
 */
async function secondaryIndexes(handle: DatabaseHandle): Promise<IndexDefinition[]> {
  const rows = resultRows(
    await handle.db.execute(
      sql`select indexname as name, indexdef as definition from pg_indexes
          where schemaname = current_schema() and tablename in (${sql.join(
            loadedTables.map((table) => sql`${table}`),
            sql`, `,
          )}) and indexdef not like 'CREATE UNIQUE%'`,
    ),
  );
  return rows.map((row) => ({ name: String(row.name), definition: String(row.definition) }));
}

type Run = (statement: SQL) => Promise<unknown>;
type Job = (run: Run) => Promise<void>;

/** Builds one dropped index again (its own CREATE INDEX statement). */
const buildIndex =
  (index: IndexDefinition): Job =>
  async (run) => {
    await run(sql.raw(buildStatement(index)));
  };

/** The dropped indexes built again, on the lanes, costliest first (a failed load's way back). */
async function rebuildIndexes(handle: DatabaseHandle, indexes: IndexDefinition[]) {
  await runJobs(handle, [...indexes].sort(byBuildCost).map(buildIndex));
  await forgetDroppedIndexes(handle.db, indexes);
}

/**
 * Connections the work after the COPY is spread over on PostgreSQL. Handed to the pool all at once,
 * postgres.js queued the statements beyond its free connections behind running ones (it pipelines
 * onto busy connections): the three rollup parts ran one after another while a core sat idle. Each
 * lane is a connection of its own that takes the next job when free; three keep two cores busy
 * through the moments one waits on a write.
 */
const LANES = 3;

/**
 * Workers each index build of a lane may add (PostgreSQL's max_parallel_maintenance_workers, 2 by
 * default): the lanes already keep the cores busy, so a build's workers only compete with the other
 * lanes for them. On 2 cores, with the default, the 25 index builds of a 100,000-family load took
 * 10.4–12.0 s of CPU (5.5–6.4 s on three lanes) against 6.3–7.7 s (3.6–4.5 s) with none. Counted
 * on this machine's cores: the generator runs beside its database (demo, benchmarks).
 */
export function buildWorkersPerLane(cores: number, lanes = LANES): number {
  return Math.max(0, Math.floor(cores / lanes) - 1);
}

/**
 * GiST and GIN builds, and expression indexes (a function call per row), cost several plain btrees
 * each (trigram GiST ~0.8 s at 100,000 families): started first.
 */
function byBuildCost(a: { definition: string }, b: { definition: string }): number {
  const cost = (definition: string) => (/USING gist/i.test(definition) ? 2 : /USING gin|\w\(/.test(definition) ? 1 : 0);
  return cost(b.definition) - cost(a.definition);
}

const dialect = new PgDialect();

/** What a lane sets on its connection, undone before the pool gets it back. */
const laneResets = ["reset maintenance_work_mem", "reset max_parallel_maintenance_workers"];

/** Runs the jobs in order on LANES reserved connections (PostgreSQL) or in turn (PGlite). */
async function runJobs(handle: DatabaseHandle, jobs: Job[]): Promise<void> {
  const client: unknown = Reflect.get(handle.db, "$client");
  if (!isPostgresClient(client)) {
    for (const job of jobs) await job((statement) => handle.db.execute(statement));
    return;
  }
  let next = 0;
  let failed = false;
  const workers = buildWorkersPerLane(availableParallelism());
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      const connection = await client.reserve();
      const run: Run = (statement) => {
        const query = dialect.sqlToQuery(statement);
        // The jobs' statements name tables and functions only; none carries a value.
        if (query.params.length > 0) throw new Error("runJobs: a statement with parameters");
        return connection.unsafe(query.sql);
      };
      try {
        await connection`set maintenance_work_mem = '256MB'`;
        await connection`select set_config('max_parallel_maintenance_workers', ${String(workers)}, false)`;
        for (let job = jobs[next++]; job && !failed; job = jobs[next++]) await job(run);
      } catch (error) {
        failed = true;
        // Given back only when it still answers (see giveBack).
        await giveBack(connection, laneResets).catch(() => {});
        throw error;
      }
      await giveBack(connection, laneResets);
    }),
  );
}

/**
 * One column of each loaded table, for ANALYZE: enough to count its rows and pages (a column list
 * skips the registers' ~2 KB forms, 0.1 s at 100,000 families against 0.6 s for every column).
 */
const countedColumns = {
  registers: "id",
  family_members: "id",
  register_events: "id",
  household_locations: "register_id",
};

/**
 * Loads `options.families` generated families (see the top of this file). Loads take turns
 * (PostgreSQL: an advisory lock held for the whole load, which also keeps a portal starting beside
 * it from building the indexes it dropped; see db/dropped-indexes.ts).
 */
export async function loadFamilies(handle: DatabaseHandle, options: LoadOptions): Promise<LoadResult> {
  return handle.exclusive("bulkLoad", () => load(handle, options));
}

async function load(handle: DatabaseHandle, options: LoadOptions): Promise<LoadResult> {
  const { db } = handle;
  const wards = await db.select().from(desaKelurahan).orderBy(asc(desaKelurahan.kode));
  if (wards.length === 0) throw new Error("no regions: seed the regions first");
  const total = options.families;
  const firstRegisterId = await reserveIds(handle, "registers", total);
  const firstMemberId = await reserveIds(handle, "family_members", total * MAX_MEMBERS);
  const firstEventId = await reserveIds(handle, "register_events", total * MAX_EVENTS);

  const [existing] = resultRows(await db.execute(sql`select count(*)::integer as families from registers`));
  // A load stopped before it built its indexes again left them written down: this one builds them
  // with its own, or first when it drops none.
  const pending = await pendingIndexes(db);
  const dropping = total >= Number(existing?.families ?? 0) ? await secondaryIndexes(handle) : [];
  if (dropping.length === 0) await restoreDroppedIndexes(db);
  else await dropIndexesForLoad(db, dropping);
  // By name, once: one written down and also present (built again by hand) would be built on two
  // lanes at once, and one of the two builds would fail on the name the other took.
  const dropped =
    dropping.length === 0 ? [] : [...new Map([...pending, ...dropping].map((index) => [index.name, index])).values()];

  const started = performance.now();
  let copied = started;
  let members = 0;
  let events = 0;
  let locations = 0;
  let sink: Sink | undefined;
  try {
    // The driver's own client behind drizzle: COPY is not part of drizzle's API.
    const client: unknown = Reflect.get(db, "$client");
    if (client instanceof PGlite) sink = await pgliteSink(client);
    else if (isPostgresClient(client)) sink = await postgresSink(client);
    else throw new Error("loadFamilies: no PGlite or postgres.js client behind the database handle");
    let done = 0;
    for await (const batch of drawnBatches({
      wards: wards.map((ward) => ({
        id: ward.id,
        kecamatanId: ward.kecamatanId,
        kode: ward.kode,
        outline: options.outlines?.[ward.kode] ?? null,
      })),
      total,
      batchSize: options.batchSize ?? 2000,
      seed: options.seed ?? 1,
      now: (options.now ?? new Date()).getTime(),
      firstRegisterId,
      firstMemberId,
      firstEventId,
    })) {
      members += batch.memberCount;
      events += batch.eventCount;
      locations += batch.locationCount;
      await sink.write(batch);
      done += batch.families;
      options.onProgress?.(done);
    }
    const filled = sink;
    sink = undefined;
    await filled.close();
  } catch (error) {
    // A failed load keeps none of its rows and still leaves every index in place.
    await sink?.abort(error);
    await rebuildIndexes(handle, dropped);
    throw error;
  }
  copied = performance.now();
  // The planner still counts the rows the tables held before the load (an aborted load's dead rows
  // among them): with a few hundred registers expected instead of 100,000, the member rollup was
  // planned as a loop over an index that leads with another column and ran for over 10 minutes.
  await db.execute(
    sql`analyze ${sql.join(
      Object.entries(countedColumns).map(
        ([table, column]) => sql`${sql.identifier(table)} (${sql.identifier(column)})`,
      ),
      sql`, `,
    )}`,
  );
  // The rollups are rebuilt from the rows in parts that share no table, each vacuumed once filled,
  // while the dropped indexes are built; the loaded tables are vacuumed once their indexes exist (so
  // ANALYZE sees the expression indexes). Longest first, on a few lanes that each take the next job
  // when free (see `lanes`).
  let indexed = copied;
  let rolledUp = copied;
  let indexesLeft = dropped.length;
  let indexesBuilt: () => void = () => {};
  const allIndexes = new Promise<void>((resolve) => {
    indexesBuilt = resolve;
  });
  if (indexesLeft === 0) indexesBuilt();
  const jobs: Job[] = [
    ...rollupRebuildParts.map((part) => async (run: Run) => {
      await run(part.statement);
      rolledUp = Math.max(rolledUp, performance.now());
      await run(
        sql`vacuum analyze ${sql.join(
          part.tables.map((table) => sql`${table}`),
          sql`, `,
        )}`,
      );
    }),
    ...[...dropped].sort(byBuildCost).map((index) => async (run: Run) => {
      try {
        await buildIndex(index)(run);
      } finally {
        // Also after a failure, so no vacuum job waits for ever.
        indexesLeft -= 1;
        if (indexesLeft === 0) {
          indexed = performance.now();
          indexesBuilt();
        }
      }
    }),
    ...loadedTables.map((table) => async (run: Run) => {
      await allIndexes;
      await run(sql`vacuum analyze ${sql.identifier(table)}`);
    }),
  ];
  await runJobs(handle, jobs);
  await forgetDroppedIndexes(db, dropped);
  // Once nothing else runs, the loaded tables are vacuumed again: a 1,000,000-family load ended with
  // no page of registers marked all-visible although its vacuum had run beside the rollups (why was
  // not found; a vacuum afterwards marked every page), so every index-only scan read the heap (an
  // official's records page 500: 313 ms instead of 4). Pages already marked are skipped, so this
  // costs next to nothing when the first vacuum did its work.
  for (const table of loadedTables) await db.execute(sql`vacuum ${sql.identifier(table)}`);
  const finishing = copied;
  const loadSeconds = (indexed - started) / 1000;
  const done = performance.now();
  return {
    families: total,
    members,
    events,
    locations,
    loadSeconds,
    finishSeconds: (done - indexed) / 1000,
    phases: {
      copy: (copied - started) / 1000,
      indexes: (indexed - copied) / 1000,
      rollups: (rolledUp - finishing) / 1000,
      vacuum: (done - Math.max(rolledUp, indexed)) / 1000,
    },
  };
}

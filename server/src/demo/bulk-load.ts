// The bulk family generator (`npm run demo:data`, bench:db): COPY instead of INSERT, with the rollup
// triggers off for the load (session_replication_role = replica) and the rollups rebuilt from the
// rows at the end, then VACUUM ANALYZE. On PostgreSQL the three tables stream through three COPY
// connections while the next batch is built (pipelined); PGlite takes each batch as a COPY blob.
// Run it while the portal is idle: rows written by others during the load skip the triggers too
// (on PGlite) and are only counted by the final rebuild.
import { once } from "node:events";
import { finished } from "node:stream/promises";
import type { Writable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import { asc, sql } from "drizzle-orm";
import type postgres from "postgres";
import type { DatabaseHandle } from "../db/client.ts";
import { desaKelurahan } from "../db/schema/regions.ts";
import { rollupRebuildParts } from "../services/figures/rollups.ts";
import { batchText, eventCopyColumns, memberCopyColumns, registerCopyColumns, type FamilySlot } from "./bulk-rows.ts";
import { seededRandom } from "./families.ts";

export interface LoadOptions {
  families: number;
  batchSize?: number;
  seed?: number;
  now?: Date;
  onProgress?: (done: number) => void;
}

export interface LoadResult {
  families: number;
  members: number;
  events: number;
  /** Generating and copying the rows (and building the indexes dropped for a large load). */
  loadSeconds: number;
  /** Rebuilding the rollups, then VACUUM ANALYZE. */
  finishSeconds: number;
  /** Where the time went: generating and copying, building dropped indexes, rollups, VACUUM ANALYZE. */
  phases: { copy: number; indexes: number; rollups: number; vacuum: number };
}

/** Members per family are at most 5 (head, spouse, 0-3 children) and events at most 4. */
const MAX_MEMBERS = 5;
const MAX_EVENTS = 4;

interface Sink {
  write(batch: { registers: string; members: string; events: string }): Promise<void>;
  close(): Promise<void>;
}

const copyStatement = (table: string, columns: readonly string[], source: string) =>
  `copy ${table} (${columns.join(", ")}) from ${source}`;

/** The postgres.js client drizzle was built on (db.$client): a function with reserve(). */
function isPostgresClient(value: unknown): value is postgres.Sql {
  return typeof value === "function" && "reserve" in value && typeof value.reserve === "function";
}

async function postgresSink(client: postgres.Sql): Promise<Sink> {
  const tables: Array<[string, readonly string[]]> = [
    ["registers", registerCopyColumns],
    ["family_members", memberCopyColumns],
    ["register_events", eventCopyColumns],
  ];
  const streams: Writable[] = [];
  const connections: postgres.ReservedSql[] = [];
  for (const [table, columns] of tables) {
    const connection = await client.reserve();
    // Triggers (the rollups, and the foreign-key checks) are off for this session only.
    await connection`set session_replication_role = replica`;
    await connection`set synchronous_commit = off`;
    streams.push(await connection.unsafe(copyStatement(table, columns, "stdin")).writable());
    connections.push(connection);
  }
  const put = async (stream: Writable | undefined, text: string) => {
    if (!stream || text === "") return;
    if (!stream.write(text)) await once(stream, "drain");
  };
  return {
    async write(batch) {
      await Promise.all([
        put(streams[0], batch.registers),
        put(streams[1], batch.members),
        put(streams[2], batch.events),
      ]);
    },
    async close() {
      for (const stream of streams) stream.end();
      await Promise.all(streams.map((stream) => finished(stream)));
      for (const connection of connections) {
        await connection`reset session_replication_role`;
        await connection`reset synchronous_commit`;
        connection.release();
      }
    },
  };
}

async function pgliteSink(client: PGlite): Promise<Sink> {
  await client.exec("set session_replication_role = replica");
  const copy = (table: string, columns: readonly string[], text: string) =>
    text === ""
      ? Promise.resolve()
      : client.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob([text]) }).then(() => {});
  return {
    async write(batch) {
      await copy("registers", registerCopyColumns, batch.registers);
      await copy("family_members", memberCopyColumns, batch.members);
      await copy("register_events", eventCopyColumns, batch.events);
    },
    async close() {
      await client.exec("reset session_replication_role");
    },
  };
}

/** Reserves `count` consecutive ids of a table's serial; answers the first. */
async function reserveIds(handle: DatabaseHandle, table: string, count: number): Promise<number> {
  const rows = rowsOf(
    await handle.db.execute(sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::bigint as first`),
  );
  const first = Number(rows[0]?.first);
  await handle.db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${first + count - 1})`);
  return first;
}

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  const rows: unknown[] = Array.isArray(result)
    ? result
    : typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)
      ? result.rows
      : [];
  return rows.filter((row): row is Record<string, unknown> => typeof row === "object" && row !== null);
}

const loadedTables = ["registers", "family_members", "register_events"];

/**
 * The non-unique indexes of the loaded tables (unique ones stay: they guard the data). When a load
 * at least doubles the families, they are dropped for the load and built again afterwards, which is
 * far cheaper than maintaining them row by row (pg_restore does the same).
 */
async function secondaryIndexes(handle: DatabaseHandle): Promise<Array<{ name: string; definition: string }>> {
  const rows = rowsOf(
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

async function rebuildIndexes(handle: DatabaseHandle, indexes: Array<{ name: string; definition: string }>) {
  await Promise.all(
    indexes.map((index) =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
        await tx.execute(sql.raw(index.definition));
      }),
    ),
  );
}

export async function loadFamilies(handle: DatabaseHandle, options: LoadOptions): Promise<LoadResult> {
  const { db } = handle;
  const wards = await db.select().from(desaKelurahan).orderBy(asc(desaKelurahan.kode));
  if (wards.length === 0) throw new Error("no regions: seed the regions first");
  const total = options.families;
  const batchSize = options.batchSize ?? 2000;
  const now = options.now ?? new Date();
  const random = seededRandom(options.seed ?? 1);
  // Wards in turn; RW 001-020 and RT 001-015 drawn, so even a small run covers many of them.
  const placeRandom = seededRandom((options.seed ?? 1) + 1);
  const firstRegisterId = await reserveIds(handle, "registers", total);
  let memberId = await reserveIds(handle, "family_members", total * MAX_MEMBERS);
  let eventId = await reserveIds(handle, "register_events", total * MAX_EVENTS);

  const [existing] = rowsOf(await db.execute(sql`select count(*)::integer as families from registers`));
  const dropped = total >= Number(existing?.families ?? 0) ? await secondaryIndexes(handle) : [];
  for (const index of dropped) await db.execute(sql`drop index if exists ${sql.identifier(index.name)}`);

  const started = performance.now();
  let copied = started;
  let members = 0;
  let events = 0;
  let sink: Sink | undefined;
  try {
    // The driver's own client behind drizzle: COPY is not part of drizzle's API.
    const client: unknown = Reflect.get(db, "$client");
    if (client instanceof PGlite) sink = await pgliteSink(client);
    else if (isPostgresClient(client)) sink = await postgresSink(client);
    else throw new Error("loadFamilies: no PGlite or postgres.js client behind the database handle");
    for (let done = 0; done < total; ) {
      const size = Math.min(batchSize, total - done);
      const slots: FamilySlot[] = [];
      for (let index = 0; index < size; index += 1) {
        const registerId = firstRegisterId + done + index;
        const ward = wards[registerId % wards.length] ?? wards[0];
        if (!ward) throw new Error("no ward");
        slots.push({
          registerId,
          area: {
            kecamatanId: ward.kecamatanId,
            desaKelurahanId: ward.id,
            kode: ward.kode,
            rw: String(1 + Math.floor(placeRandom() * 20)).padStart(3, "0"),
            rt: String(1 + Math.floor(placeRandom() * 15)).padStart(3, "0"),
          },
        });
      }
      const batch = batchText(random, slots, { firstMemberId: memberId, firstEventId: eventId }, now);
      memberId += batch.memberCount;
      eventId += batch.eventCount;
      members += batch.memberCount;
      events += batch.eventCount;
      await sink.write(batch);
      done += size;
      options.onProgress?.(done);
    }
    await sink.close();
    sink = undefined;
  } catch (error) {
    // A failed load still leaves every index in place.
    await sink?.close().catch(() => {});
    await rebuildIndexes(handle, dropped);
    throw error;
  }
  copied = performance.now();
  // The rollups are rebuilt from the rows in parts that share no table, each vacuumed once filled
  // (started first so they have connections), while the dropped indexes are built and the loaded
  // tables vacuumed on other connections: one chain of rollup statements outlasted the index builds
  // and left the second core idle. PGlite, with one connection, takes them in turn.
  let indexed = copied;
  let rolledUp = copied;
  await Promise.all([
    ...rollupRebuildParts.map(async (part) => {
      await db.execute(part.statement);
      rolledUp = Math.max(rolledUp, performance.now());
      await db.execute(
        sql`vacuum analyze ${sql.join(
          part.tables.map((table) => sql`${table}`),
          sql`, `,
        )}`,
      );
    }),
    (async () => {
      await rebuildIndexes(handle, dropped);
      indexed = performance.now();
      await Promise.all(loadedTables.map((table) => db.execute(sql`vacuum analyze ${sql.identifier(table)}`)));
    })(),
  ]);
  const finishing = copied;
  const loadSeconds = (indexed - started) / 1000;
  const done = performance.now();
  return {
    families: total,
    members,
    events,
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

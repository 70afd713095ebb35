// npm run backup / npm run restore round trip on both databases: back up, wipe, restore — the same
// rows in every table and the same public figures as before.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import postgres from "postgres";
import * as tar from "tar";
import { seedDemoAccounts } from "../demo/accounts.ts";
import { seedDemoFamilies } from "../demo/families.ts";
import { computePublicStats } from "../services/figures/stats.ts";
import { seedRegions } from "../services/regions/regions.ts";
import { postgresServer } from "../../test/private-postgres.ts";
import { backupDatabase, restoreDatabase } from "./backup.ts";
import { openDatabase, type DatabaseHandle } from "./client.ts";
import { sql } from "drizzle-orm";

const work = mkdtempSync(join(tmpdir(), "pkk-backup-"));
const statsAt = new Date("2026-11-20T05:00:00Z");
let release = async () => {};

afterAll(async () => {
  await release();
  rmSync(work, { recursive: true, force: true });
});

async function fill(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await seedRegions(handle.db, "32.75");
  await seedDemoAccounts(handle.db);
  await seedDemoFamilies(handle.db);
}

/** db.execute answers an array (postgres.js) or {rows} (PGlite); read either. */
function rowsOf(result: unknown): Array<Record<string, unknown>> {
  const rows: unknown = Array.isArray(result)
    ? result
    : typeof result === "object" && result !== null && "rows" in result
      ? result.rows
      : [];
  return Array.isArray(rows) ? rows.filter((row) => typeof row === "object" && row !== null) : [];
}

/** Row count and a content digest of every table in the public schema (figure rollups included). */
async function fingerprint(handle: DatabaseHandle): Promise<Record<string, string>> {
  const tables = rowsOf(
    await handle.db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const result: Record<string, string> = {};
  for (const table of tables) {
    const name = String(table.name);
    const [row] = rowsOf(
      await handle.db.execute(
        sql.raw(
          `select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as digest from "${name}" t`,
        ),
      ),
    );
    result[name] = `${row?.rows}:${row?.digest}`;
  }
  return result;
}

async function snapshot(handle: DatabaseHandle) {
  return { tables: await fingerprint(handle), stats: await computePublicStats(handle.db, statsAt) };
}

describe("backup and restore", () => {
  test("PGlite: backup, wipe, restore gives the same rows and figures", async () => {
    const dataDir = join(work, "pglite");
    const file = join(work, "pglite-backup.tar.gz");
    let handle = await openDatabase({ dataDir });
    await fill(handle);
    const before = await snapshot(handle);
    expect(Number(before.tables.registers?.split(":")[0])).toBeGreaterThan(0);
    await handle.close();

    await backupDatabase({ dataDir }, file);
    // Wipe: the data directory is gone (restore keeps nothing of it).
    rmSync(dataDir, { recursive: true, force: true });
    await restoreDatabase({ dataDir }, file);

    handle = await openDatabase({ dataDir });
    expect(await snapshot(handle)).toEqual(before);
    await handle.close();
  }, 120_000);

  test("PGlite: backups written by PGlite's own dumpDataDir restore, and PGlite's loadDataDir reads ours", async () => {
    const dataDir = join(work, "pglite-formats");
    let handle = await openDatabase({ dataDir });
    await fill(handle);
    const before = await snapshot(handle);
    await handle.close();

    // The portal's backups before 2026-11-28 were dumpDataDir's tarballs (paths from "/").
    const older = join(work, "dump-data-dir.tar.gz");
    const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
    await Bun.write(older, await client.dumpDataDir("gzip"));
    await client.close();
    rmSync(dataDir, { recursive: true, force: true });
    await restoreDatabase({ dataDir }, older);
    handle = await openDatabase({ dataDir });
    expect(await snapshot(handle)).toEqual(before);
    await handle.close();

    // And a backup written now is one an earlier portal (loadDataDir) restores.
    const newer = join(work, "streamed.tar.gz");
    await backupDatabase({ dataDir }, newer);
    const loaded = join(work, "pglite-loaded");
    const reader = await PGlite.create({
      dataDir: loaded,
      loadDataDir: new Blob([readFileSync(newer)], { type: "application/x-gzip" }),
      extensions: { pg_trgm },
    });
    await reader.close();
    handle = await openDatabase({ dataDir: loaded });
    expect(await snapshot(handle)).toEqual(before);
    await handle.close();
  }, 120_000);

  test("PGlite: a mistyped data directory is refused, not backed up as a new empty database", async () => {
    const missing = join(work, "no-such-data-dir");
    const file = join(work, "empty.tar.gz");
    await expect(backupDatabase({ dataDir: missing }, file)).rejects.toThrow(/no embedded database in/);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(missing)).toBe(false);
  });

  test("PGlite: a file that is not a backup leaves the database as it was", async () => {
    const dataDir = join(work, "pglite-kept");
    let handle = await openDatabase({ dataDir });
    await fill(handle);
    const before = await snapshot(handle);
    await handle.close();

    // A PostgreSQL dump, a cut-off download, the wrong file: refused, with the data still in place
    // (the restore left an empty data directory, so the next start made a new empty database).
    // A tarball of something else unpacks too: it must not become a new, empty database.
    const elsewhere = join(work, "not-a-data-dir");
    mkdirSync(elsewhere);
    await Bun.write(join(elsewhere, "readme.txt"), "photos of the posyandu");
    await tar.create({ gzip: true, file: join(work, "other-tarball.tar.gz"), cwd: elsewhere }, ["readme.txt"]);
    const otherTarball = readFileSync(join(work, "other-tarball.tar.gz"));
    for (const [name, content] of [
      ["not-a-backup.tar.gz", "PGDMP this is not a PGlite data directory"],
      ["cut-off.tar.gz", Buffer.from(Bun.gzipSync(new TextEncoder().encode("x".repeat(10_000)))).subarray(0, 200)],
      ["other.tar.gz", otherTarball],
    ] as const) {
      const file = join(work, name);
      await Bun.write(file, content);
      await expect(restoreDatabase({ dataDir }, file)).rejects.toThrow(/is not a PGlite backup/);
      handle = await openDatabase({ dataDir });
      expect(await snapshot(handle)).toEqual(before);
      await handle.close();
    }
    // Nothing of the failed restores is left beside it.
    expect(readdirSync(work).filter((entry) => entry.startsWith("pglite-kept"))).toEqual(["pglite-kept"]);
  }, 120_000);

  test("PostgreSQL: pg_dump, drop everything, pg_restore gives the same rows and figures", async () => {
    const server = await postgresServer();
    release = server.release;
    const serverUrl = server.url;
    const name = `pkk_backup_${Date.now().toString(36)}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const file = join(work, "postgres-backup.dump");
    try {
      let handle = await openDatabase({ url: url.toString() });
      await fill(handle);
      const before = await snapshot(handle);
      expect(Number(before.tables.registers?.split(":")[0])).toBeGreaterThan(0);
      await backupDatabase({ url: url.toString() }, file);
      // Wipe: every table, sequence and the migration journal.
      await handle.db.execute(sql`drop schema public cascade`);
      await handle.db.execute(sql`drop schema drizzle cascade`);
      await handle.db.execute(sql`create schema public`);
      await handle.close();

      await restoreDatabase({ url: url.toString() }, file);
      handle = await openDatabase({ url: url.toString() });
      expect(await snapshot(handle)).toEqual(before);
      expect(await handle.migrationsApplied()).toBe(true);
      await handle.close();

      // A backup that fails (here: no such database) leaves the last good file of that name whole.
      const good = readFileSync(file);
      const gone = new URL(url);
      gone.pathname = `/${name}_gone`;
      await expect(backupDatabase({ url: gone.toString() }, file)).rejects.toThrow(/pg_dump failed/);
      expect(readFileSync(file).equals(good)).toBe(true);
      expect(readdirSync(work).filter((entry) => entry.includes(".partial-"))).toEqual([]);

      // A file that is not a dump is refused before anything is dropped.
      const wrong = join(work, "not-a-dump.dump");
      await Bun.write(wrong, "PGDMP cut off");
      await expect(restoreDatabase({ url: url.toString() }, wrong)).rejects.toThrow(/pg_restore failed/);
      handle = await openDatabase({ url: url.toString() });
      expect(await snapshot(handle)).toEqual(before);
      await handle.close();
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});

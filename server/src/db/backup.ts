// Backups of either database. PostgreSQL: pg_dump's custom format, restored with pg_restore (Debian's
// postgresql-client, same major version as the server). PGlite: a gzipped tar of its data directory,
// written and unpacked as streams (PGlite's own dumpDataDir/loadDataDir hold the whole directory in
// memory several times over: 2.7 GB and 3.7 GB of RSS for the 1.2 GB directory of 100,000 families).
// The tar has the layout dumpDataDir writes (paths from the data directory's root), so either reads
// the other's backups.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import * as tar from "tar";
import { lockDataDir } from "./data-dir-lock.ts";
import { holdsDatabase } from "./open.ts";
import { takeDatabaseForRestore } from "./portal-lock.ts";
import { codeOf } from "./sql-state.ts";

export type BackupTarget = { url: string } | { dataDir: string };

async function run(command: string[]): Promise<void> {
  const child = Bun.spawn(command, { stdout: "ignore", stderr: "pipe" });
  const [code, errors] = await Promise.all([child.exited, new Response(child.stderr).text()]);
  // pg_dump/pg_restore messages name objects, never row values; the URL may carry a password.
  if (code !== 0)
    throw new Error(`${command[0]} failed (${code}): ${errors.replace(/postgres(ql)?:\/\/\S+/g, "<url>")}`);
}

/** The running server's mark, which dumpDataDir copied along; a restored directory must not carry it. */
const notPidFile = (path: string) => path.replace(/^\/+/, "") !== "postmaster.pid";

/**
 * Writes a backup of the database to `file` (PGlite: refused while another process has it open). The
 * backup is written under another name and renamed once complete, so a file with the asked name is
 * always a whole backup, even when a run is stopped half-way (a full disk, a killed cron job).
 */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  try {
    if ("url" in target) {
      await run(["pg_dump", "--format=custom", "--no-owner", "--no-privileges", "--file", partial, target.url]);
    } else {
      await packDataDir(target.dataDir, partial);
    }
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

async function packDataDir(dataDir: string, file: string): Promise<void> {
  // PGlite opened on a missing directory makes a new, empty database: a backup with a mistyped
  // DATA_DIR would succeed every night and hold nothing.
  if (!holdsDatabase(dataDir)) throw new Error(`no embedded database in ${dataDir} (DATA_DIR): nothing to back up`);
  const unlock = lockDataDir(dataDir);
  try {
    // Opened and closed first: the directory on disk is then a cleanly shut down database (a
    // checkpoint, nothing left to replay), which stays as it is while the lock is held.
    const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
    await client.close();
    await tar.create({ gzip: true, file, cwd: dataDir, portable: true, filter: notPidFile }, readdirSync(dataDir));
  } finally {
    unlock();
  }
}

/**
 * Replaces the database's contents with the backup in `file`. PostgreSQL: every object is dropped
 * and recreated in one transaction; refused while a portal runs on the database (portal-lock.ts).
 * PGlite: the backup is unpacked beside the data directory and swapped in once it opens; the old
 * data directory is kept beside the new one as `<dir>.before-restore-<time>` until you delete it.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`backup file ${file} does not exist`);
  if ("url" in target) {
    // Refused while a portal runs on the database (portal-lock.ts); held until pg_restore ends.
    const taken = await takeDatabaseForRestore(target.url);
    try {
      await run([
        "pg_restore",
        "--clean",
        "--if-exists",
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        "--exit-on-error",
        "--dbname",
        target.url,
        file,
      ]);
    } finally {
      await taken.release();
    }
    return;
  }
  const unlock = lockDataDir(target.dataDir);
  try {
    await replaceDataDir(target.dataDir, file);
  } finally {
    unlock();
  }
}

/** Unpacks the backup beside `dataDir` and, once it opens, puts it in its place. */
async function replaceDataDir(dataDir: string, file: string): Promise<void> {
  // Built beside the live directory and swapped in only once it opens: a file that is not a backup,
  // or a restore stopped half-way, leaves the data where it was (the directory used to be moved
  // aside first and removed on failure, so the next start made a new, empty database).
  const staging = `${dataDir}.restoring-${Date.now()}`;
  try {
    await unpackBackup(file, staging);
    const client = await PGlite.create({ dataDir: staging, extensions: { pg_trgm } });
    await client.query("select 1");
    await client.close();
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  if (existsSync(dataDir)) renameSync(dataDir, `${dataDir}.before-restore-${Date.now()}`);
  renameSync(staging, dataDir);
}

/** An error of this machine's file system (ENOSPC, EACCES, EIO…), not of the file being read. */
const systemErrorCode = (value: unknown): string | undefined => {
  const code = codeOf(value);
  return code && /^E[A-Z]+$/.test(code) ? code : undefined;
};

/**
 * Unpacks a PGlite backup into `directory`. Fails naming the file when it is not one, and naming the
 * directory when it cannot be written (a full disk said "not a PGlite backup" of a good file).
 */
async function unpackBackup(file: string, directory: string): Promise<void> {
  const refused = `${file} is not a PGlite backup (npm run backup writes a .tar.gz of the data directory)`;
  const unwritable = (reason: string) =>
    new Error(`the backup could not be unpacked into ${directory} (${reason}); the database is as it was`);
  mkdirSync(directory, { recursive: true });
  // Only notes pass (dumpDataDir's paths start with "/", which tar strips and notes); a damaged
  // entry, or one the disk refused, is a warning by default and would leave a hole in the directory.
  const damaged: string[] = [];
  let refusedByDisk: string | undefined;
  try {
    await tar.extract({
      file,
      cwd: directory,
      filter: notPidFile,
      onwarn: (code, message, data) => {
        if (code === "TAR_ENTRY_INFO") return;
        if (systemErrorCode(data)) refusedByDisk ??= message;
        else damaged.push(`${code}: ${message}`);
      },
    });
  } catch (error) {
    const code = systemErrorCode(error);
    const reason = error instanceof Error ? error.message : String(error);
    if (code && Reflect.get(Object(error), "path") === file) throw new Error(`${file} could not be read (${reason})`);
    if (code) throw unwritable(reason);
    throw new Error(refused, { cause: error });
  }
  if (refusedByDisk) throw unwritable(refusedByDisk);
  if (damaged.length > 0) throw new Error(`${refused}: ${damaged[0]}`);
  // A tar of something else (or an empty one) unpacks too; PGlite would make a new database there.
  if (!holdsDatabase(directory)) throw new Error(refused);
}

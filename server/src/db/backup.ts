// Backups of either database. PostgreSQL: pg_dump's custom format, restored with pg_restore (Debian's
// postgresql-client, same major version as the server). PGlite: its own data-directory tarball
// (dumpDataDir), restored by creating a fresh data directory from it (loadDataDir).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { lockDataDir } from "./data-dir-lock.ts";

export type BackupTarget = { url: string } | { dataDir: string };

async function run(command: string[]): Promise<void> {
  const child = Bun.spawn(command, { stdout: "ignore", stderr: "pipe" });
  const [code, errors] = await Promise.all([child.exited, new Response(child.stderr).text()]);
  // pg_dump/pg_restore messages name objects, never row values; the URL may carry a password.
  if (code !== 0)
    throw new Error(`${command[0]} failed (${code}): ${errors.replace(/postgres(ql)?:\/\/\S+/g, "<url>")}`);
}

/** Writes a backup of the database to `file` (PGlite: refused while another process has it open). */
export async function backupDatabase(target: BackupTarget, file: string): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  if ("url" in target) {
    await run(["pg_dump", "--format=custom", "--no-owner", "--no-privileges", "--file", file, target.url]);
    return;
  }
  const unlock = lockDataDir(target.dataDir);
  try {
    const client = await PGlite.create({ dataDir: target.dataDir, extensions: { pg_trgm } });
    try {
      const dump = await client.dumpDataDir("gzip");
      await Bun.write(file, dump);
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

/**
 * Replaces the database's contents with the backup in `file`. PostgreSQL: every object is dropped
 * and recreated in one transaction (stop the app instances first). PGlite: the backup is unpacked
 * beside the data directory and swapped in once it opens; the old data directory is kept beside the
 * new one as `<dir>.before-restore-<time>` until you delete it.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`backup file ${file} does not exist`);
  if ("url" in target) {
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
    return;
  }
  const tar = unpackedBackup(new Uint8Array(await Bun.file(file).arrayBuffer()), file);
  const unlock = lockDataDir(target.dataDir);
  try {
    await replaceDataDir(target.dataDir, tar);
  } finally {
    unlock();
  }
}

/** Unpacks the backup's tar beside `dataDir` and, once it opens, puts it in its place. */
async function replaceDataDir(dataDir: string, tar: Uint8Array<ArrayBuffer>): Promise<void> {
  // Built beside the live directory and swapped in only once it opens: a file that is not a backup,
  // or a restore stopped half-way, leaves the data where it was (the directory used to be moved
  // aside first and removed on failure, so the next start made a new, empty database).
  const staging = `${dataDir}.restoring-${Date.now()}`;
  try {
    const client = await PGlite.create({
      dataDir: staging,
      loadDataDir: new Blob([tar], { type: "application/x-tar" }),
      extensions: { pg_trgm },
    });
    await client.query("select 1");
    await client.close();
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  if (existsSync(dataDir)) renameSync(dataDir, `${dataDir}.before-restore-${Date.now()}`);
  renameSync(staging, dataDir);
}

/**
 * The tar inside a PGlite backup (`dumpDataDir("gzip")`), or an error naming the file. Checked here
 * because PGlite, given a file that does not unpack, reports it as an unhandled rejection of its own.
 */
function unpackedBackup(packed: Uint8Array<ArrayBuffer>, file: string): Uint8Array<ArrayBuffer> {
  const refused = `${file} is not a PGlite backup (npm run backup writes a .tar.gz of the data directory)`;
  let tar: Uint8Array<ArrayBuffer>;
  try {
    tar = Bun.gunzipSync(packed);
  } catch {
    throw new Error(refused);
  }
  // Every tar header block carries "ustar" at byte 257.
  if (new TextDecoder().decode(tar.subarray(257, 262)) !== "ustar") throw new Error(refused);
  return tar;
}

// A throwaway PostgreSQL cluster (Debian's server binaries, initdb into a temporary directory) that a
// test or the fault suite may stop, freeze and restart without touching anyone else's database.
import { chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";

const binDir = process.env.PG_BIN_DIR ?? "/usr/lib/postgresql/15/bin";

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** The postmaster's process id (for SIGSTOP/SIGCONT). */
  pid(): number;
  stop(mode?: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster and deletes its directory. */
  destroy(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// initdb refuses to run as root: as root, the cluster belongs to the `postgres` system user.
const asUser = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];

function idOf(flag: "-u" | "-g"): number {
  const result = Bun.spawnSync(["id", flag, "postgres"]);
  return Number(result.stdout.toString().trim());
}
const postgresUid = () => idOf("-u");
const postgresGid = () => idOf("-g");

async function run(command: string[]): Promise<void> {
  const child = Bun.spawn([...asUser, ...command], { stdout: "pipe", stderr: "pipe" });
  const [code, errorText] = await Promise.all([child.exited, new Response(child.stderr).text()]);
  if (code !== 0)
    throw new Error(`${command[0]} failed (${code}): ${errorText.trim().split("\n").slice(-3).join(" ")}`);
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), "pkk-pg-"));
  const dataDir = join(dir, "data");
  const port = await freePort();
  if (asUser.length > 0) chownSync(dir, postgresUid(), postgresGid());
  await run([join(binDir, "initdb"), "-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const pgCtl = (args: string[]) => run([join(binDir, "pg_ctl"), "-D", dataDir, "-w", "-t", "30", ...args]);
  const start = () => pgCtl(["-o", options, "-l", join(dir, "log"), "start"]);
  await start();
  const pid = () => {
    const text = readFileSync(join(dataDir, "postmaster.pid"), "utf8");
    return Number(text.split("\n")[0]);
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    pid,
    stop: (mode = "fast") => pgCtl(["-m", mode, "stop"]),
    start,
    destroy: async () => {
      await pgCtl(["-m", "immediate", "stop"]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A PostgreSQL server for tests that need one even in the PGlite run: the server of DATABASE_URL
 * when set, else a private cluster (`release` stops it).
 */
export async function postgresServer(): Promise<{ url: string; release: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, release: async () => {} };
  const cluster = await startPrivatePostgres();
  return { url: cluster.url, release: cluster.destroy };
}

/**
 * A database of its own on a PostgreSQL server (DATABASE_URL's, else a private cluster), for tests
 * that need several connections at once or a client of their own. `drop` removes it (and the cluster).
 */
export async function createPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = await postgresServer();
  const name = `${prefix}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
  const admin = postgres(server.url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const target = new URL(server.url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const cleanup = postgres(server.url, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await server.release();
    },
  };
}

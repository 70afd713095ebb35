// PGlite serves one process: a second process that opens the same data directory (`npm run
// demo:data`, `backup` or `figures:check` beside a running portal) replays and checkpoints it as
// if after a crash while the first still writes, and the directory no longer opens (seen: "RuntimeError:
// Aborted()" at the next start, every family gone from view). Each process that opens one takes it
// by a PID file beside it, as PostgreSQL's postmaster.pid does; a file whose process is gone (a crash,
// kill -9) is taken over at once, so a portal restarted after a crash starts without waiting. A
// lock that goes stale by age (proper-lockfile) would make every such restart wait out its period.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** Refused: another live process (or this one) has the data directory open. */
export class DataDirInUseError extends Error {}

/** Directories this process holds: a second PGlite on one of them in the same process is as harmful. */
const held = new Set<string>();

const pidFile = (dataDir: string) => `${dataDir}.pid`;

function holderOf(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return error instanceof Error && "code" in error && error.code === "EPERM";
  }
}

const inUse = (dataDir: string, holder: string) =>
  new DataDirInUseError(
    `the embedded database in ${dataDir} is open in ${holder}: stop it first (PGlite serves one process; a second one damages the data)`,
  );

/**
 * Takes `dataDir` for this process or throws DataDirInUseError; answers the function that gives it
 * back. The same PID in the file is a previous run of this process's number (a container's PID 1
 * after a restart), not a live holder.
 */
export function lockDataDir(dataDir: string): () => void {
  if (held.has(dataDir)) throw inUse(dataDir, "this process already");
  const path = pidFile(dataDir);
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(path, String(process.pid), { flag: "wx" });
      held.add(dataDir);
      return () => {
        held.delete(dataDir);
        if (holderOf(path) === process.pid) rmSync(path, { force: true });
      };
    } catch (error) {
      if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
    }
    const holder = holderOf(path);
    if (holder !== undefined && holder !== process.pid && isRunning(holder)) throw inUse(dataDir, `process ${holder}`);
    // Its process is gone: the file is taken over (the next attempt creates it anew).
    rmSync(path, { force: true });
  }
  throw inUse(dataDir, "another process that keeps taking it");
}

// PGlite serves one process: a second process that opens the same data directory (`npm run
// demo:data`, `backup` or `figures:check` beside a running portal) replays and checkpoints it as
// if after a crash while the first still writes, and the directory no longer opens (seen: "RuntimeError:
// Aborted()" at the next start, every family gone from view). Each process that opens one takes it
// by a PID file beside it, as PostgreSQL's postmaster.pid does; a file whose process is gone (a crash,
// kill -9) is taken over at once, so a portal restarted after a crash starts without waiting. A
// lock that goes stale by age (proper-lockfile) would make every such restart wait out its period.
// The file also holds the process's start time (Linux /proc): a PID taken by another process since
// (after a reboot or a container restart) is not mistaken for the holder.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { codeOf } from "./sql-state.ts";

/** Refused: another live process (or this one) has the data directory open. */
export class DataDirInUseError extends Error {}

/** Directories this process holds: a second PGlite on one of them in the same process is as harmful. */
const held = new Set<string>();

const pidFile = (dataDir: string) => `${dataDir}.pid`;

/** When the process started, in clock ticks since boot (/proc/<pid>/stat field 22); "" off Linux. */
function startedAt(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (command) " the fields run from the 3rd; the command may hold spaces and parentheses.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
  } catch {
    return "";
  }
}

interface Holder {
  pid: number;
  startedAt: string;
}

function holderOf(path: string): Holder | undefined {
  try {
    const [pidText = "", started = ""] = readFileSync(path, "utf8").trim().split(" ");
    const pid = Number.parseInt(pidText, 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, startedAt: started } : undefined;
  } catch {
    return undefined;
  }
}

/** The process the file names still runs, and is the one that wrote it. */
function isRunning(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, under another user.
    if (codeOf(error) !== "EPERM") return false;
  }
  return holder.startedAt === "" || startedAt(holder.pid) === holder.startedAt;
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
      writeFileSync(path, `${process.pid} ${startedAt(process.pid)}`, { flag: "wx" });
      held.add(dataDir);
      return () => {
        held.delete(dataDir);
        if (holderOf(path)?.pid === process.pid) rmSync(path, { force: true });
      };
    } catch (error) {
      if (codeOf(error) !== "EEXIST") throw error;
    }
    const holder = holderOf(path);
    if (holder !== undefined && holder.pid !== process.pid && isRunning(holder)) {
      throw inUse(dataDir, `process ${holder.pid}`);
    }
    // Its process is gone: the file is taken over (the next attempt creates it anew).
    rmSync(path, { force: true });
  }
  throw inUse(dataDir, "another process that keeps taking it");
}

// CPU time of local processes from /proc (Linux), for benchmarks on a machine whose speed drifts:
// requests per second move with whatever else the machine runs, the CPU each request costs far less.
import { readFileSync } from "node:fs";
import postgres from "postgres";

// Linux reports utime and stime in clock ticks of USER_HZ, 100 a second on every x86 and arm build.
const ticksPerSecond = 100;

/** Milliseconds of CPU (user + system) a process has used so far; null where /proc cannot tell. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const user = Number(fields[11]);
    const system = Number(fields[12]);
    return Number.isFinite(user) && Number.isFinite(system) ? ((user + system) * 1000) / ticksPerSecond : null;
  } catch {
    return null;
  }
}

/**
 * The CPU the app's PostgreSQL backends (application_name pkk-portal) use, when the server runs on
 * this machine: `sample()` before and after a run; a backend that appeared in between started at 0.
 */
export function databaseCpu(url: string) {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const sample = async (): Promise<Map<number, number>> => {
    const rows = await client<{ pid: number }[]>`
      select pid from pg_stat_activity where application_name = 'pkk-portal'`;
    const used = new Map<number, number>();
    for (const { pid } of rows) {
      const ms = processCpuMs(pid);
      if (ms !== null) used.set(pid, ms);
    }
    return used;
  };
  const spentBetween = (before: Map<number, number>, after: Map<number, number>): number => {
    let spent = 0;
    for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
    return spent;
  };
  return { sample, spentBetween, close: () => client.end({ timeout: 5 }) };
}

// PostgreSQL's counterpart of data-dir-lock.ts. PostgreSQL serves many processes, so portals share
// it; but `npm run restore` drops and recreates every table under them: writes they commit in the
// meantime are lost without a word, and what they keep in memory (the REST list's kept totals,
// keyed by the registers' change version, which a restore can bring back to an earlier value)
// would describe a database that is gone. Each running portal therefore holds a shared advisory
// lock on its database for as long as it runs, on a connection of its own; a restore takes the
// same lock exclusively, or is refused naming the portals that hold it. A portal started during a
// restore waits for it to finish before it migrates or serves.
import postgres from "postgres";
import { describeError, type Logger } from "../log.ts";
import { postgresOptions } from "./client.ts";

/** A key no other advisory lock of the portal uses (client.ts lockKeys, dropped-indexes.ts: 72_501–72_503). */
export const PORTAL_LOCK = 72_504;

/** Refused: portals (or another restore) hold the database. */
export class DatabaseInUseError extends Error {}

/** How often a portal checks that its lock still stands (its connection may have been cut). */
const CHECK_EVERY_MS = 2000;

/** The lock's own connection: never closed for being idle, no statement limit (a wait may be long). */
const lockConnection = (url: string) => postgres(url, { ...postgresOptions(0, 1), idle_timeout: 0 });

/** "host:port/database" of a URL, without its user or password. */
function placeOf(url: string): string {
  const where = new URL(url);
  return `${where.hostname}:${where.port || 5432}${where.pathname}`;
}

export interface PortalLock {
  /** Gives the lock back and closes its connection (at shutdown). */
  release(): Promise<void>;
}

/**
 * Takes the portal's shared lock on the database at `url`, waiting while a restore holds it, and
 * keeps it: a cut connection (the database restarted, an administrator ended the session) loses a
 * session's locks, so every `checkEveryMs` the lock is checked on the connection and taken again.
 */
export async function holdPortalLock(
  url: string,
  log: Logger,
  { checkEveryMs = CHECK_EVERY_MS }: { checkEveryMs?: number } = {},
): Promise<PortalLock> {
  const connection = lockConnection(url);
  // One round trip: the lock is asked for only when this session no longer holds it.
  const keep = async (): Promise<boolean> => {
    const [row] = await connection<{ held: boolean }[]>`
      select case
        when exists (
          select 1 from pg_locks
          where locktype = 'advisory' and pid = pg_backend_pid() and classid = 0 and objid = ${PORTAL_LOCK}
            and objsubid = 1 and mode = 'ShareLock' and granted
        ) then true
        else pg_try_advisory_lock_shared(${PORTAL_LOCK})
      end as held`;
    return row?.held === true;
  };
  let waited = false;
  while (!(await keep())) {
    if (!waited)
      log.warn("a restore (npm run restore) holds the database: waiting for it to finish", { database: placeOf(url) });
    waited = true;
    await Bun.sleep(Math.min(checkEveryMs, 1000));
  }
  if (waited) log.info("the restore has finished: starting", { database: placeOf(url) });

  let lost = false;
  let checking = false;
  const timer = setInterval(() => {
    // A check still waiting (a frozen database) is not joined by another.
    if (checking) return;
    checking = true;
    keep()
      .then(
        (held) => {
          if (held && lost) log.info("holding the database again", { database: placeOf(url) });
          if (!held && !lost) log.warn("a restore holds the database", { database: placeOf(url) });
          lost = !held;
        },
        (error: unknown) => {
          // The database is away: the outage shows in /readyz; the lock is taken again once it answers.
          if (!lost) log.warn("could not check the database lock", { error: describeError(error) });
          lost = true;
        },
      )
      .finally(() => {
        checking = false;
      });
  }, checkEveryMs);
  return {
    // Ending the session gives its locks back; bounded, so a frozen database cannot hold up a shutdown.
    release: async () => {
      clearInterval(timer);
      await connection.end({ timeout: 5 });
    },
  };
}

/**
 * Takes the database at `url` for a restore: the portal lock, exclusively, on a connection held
 * until `release`. Refused with DatabaseInUseError while a portal (or another restore) holds it.
 */
export async function takeDatabaseForRestore(url: string): Promise<{ release(): Promise<void> }> {
  const connection = lockConnection(url);
  try {
    const [taken] = await connection<{ ok: boolean }[]>`select pg_try_advisory_lock(${PORTAL_LOCK}) as ok`;
    if (taken?.ok) {
      // Ending the session gives the lock back.
      return { release: () => connection.end({ timeout: 5 }) };
    }
    // Who holds it, for the operator: portal connections (shared) or a restore (exclusive).
    const holders = await connection<{ restore: boolean; address: string | null; since: Date | null }[]>`
      select l.mode = 'ExclusiveLock' as restore, host(a.client_addr) as address, a.backend_start as since
      from pg_locks l left join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = ${PORTAL_LOCK} and l.objsubid = 1
        and l.database = (select oid from pg_database where datname = current_database())
      order by a.backend_start`;
    throw new DatabaseInUseError(refusal(placeOf(url), holders));
  } catch (error) {
    await connection.end({ timeout: 5 });
    throw error;
  }
}

const wibTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Jakarta",
  dateStyle: "medium",
  timeStyle: "short",
});

function refusal(place: string, holders: Array<{ restore: boolean; address: string | null; since: Date | null }>) {
  if (holders.some((holder) => holder.restore))
    return `another restore is running on the database at ${place}: wait for it to finish`;
  const portals = holders.map(
    (holder) =>
      `${holder.address ?? "this machine"}${holder.since ? ` since ${wibTime.format(holder.since)} WIB` : ""}`,
  );
  const who =
    portals.length === 0
      ? "a running portal"
      : `${portals.length === 1 ? "a running portal" : `${portals.length} running portals`} (${portals.join("; ")})`;
  return `the database at ${place} is in use by ${who}: stop ${portals.length > 1 ? "them" : "it"} first`;
}

// PostgreSQL's counterpart of data-dir-lock.ts. PostgreSQL serves many processes, so portals share
// it; but `npm run restore` drops and recreates every table under them: writes they commit in the
// meantime are lost without a word, and requests in flight read a database half gone. (The REST
// list's kept totals survive one: their version names the change log's table, which a restore
// recreates; services/registers/change-log.ts.) A bulk load (`npm run demo:data`, bench:db's top-up) is
// as unwelcome beside them: it drops the secondary indexes for the load and rebuilds every figure
// rollup with a TRUNCATE, which holds every figure read of the city for as long as it runs (50 s at
// 1,000,000 families). Each running portal therefore holds a shared advisory lock on its database
// for as long as it runs, on a connection of its own; a restore or a load takes the same lock
// exclusively, or is refused naming who holds it. A portal started during one waits for it to
// finish before it migrates or serves. (PGlite has the same rule through its PID file.)
import postgres from "postgres";
import { describeError, type Logger } from "../log.ts";
import { postgresOptions } from "./postgres-options.ts";

/** A key no other advisory lock of the portal uses (client.ts lockKeys, dropped-indexes.ts: 72_501–72_503). */
export const PORTAL_LOCK = 72_504;

/** Refused: portals (or a restore, or a load) hold the database. */
export class DatabaseInUseError extends Error {}

/** The work that takes a database from its portals, named on its session so others can tell. */
export type ExclusiveWork = "restore" | "load";

const works: Record<ExclusiveWork, { applicationName: string; running: string; finished: string }> = {
  restore: { applicationName: "pkk-restore", running: "a restore (npm run restore)", finished: "the restore" },
  load: {
    applicationName: "pkk-demo-data",
    running: "a load of generated families (npm run demo:data)",
    finished: "the load",
  },
};

/** The work an exclusive holder's session names (application_name); a restore when it names none of ours. */
function workNamed(applicationName: string | null): ExclusiveWork {
  return applicationName === works.load.applicationName ? "load" : "restore";
}

/** How often a portal checks that its lock still stands (its connection may have been cut). */
const CHECK_EVERY_MS = 2000;

/** The lock's own connection: never closed for being idle, no statement limit (a wait may be long). */
const lockConnection = (url: string) => postgres(url, { ...postgresOptions(0, 1), idle_timeout: 0 });

/** "host:port/database" of a URL, without its user or password. */
export function placeOf(url: string): string {
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
  let waitedFor: ExclusiveWork | undefined;
  while (!(await keep())) {
    if (!waitedFor) {
      waitedFor = await exclusiveWork(connection);
      log.warn(`${works[waitedFor].running} holds the database: waiting for it to finish`, { database: placeOf(url) });
    }
    await Bun.sleep(Math.min(checkEveryMs, 1000));
  }
  if (waitedFor) log.info(`${works[waitedFor].finished} has finished: starting`, { database: placeOf(url) });

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
          if (!held && !lost) log.warn("a restore or a load holds the database", { database: placeOf(url) });
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
 * until `release`. Refused with DatabaseInUseError while a portal (or a restore, or a load) holds it.
 */
export async function takeDatabaseForRestore(url: string): Promise<{ release(): Promise<void> }> {
  const connection = lockConnection(url);
  try {
    await takeExclusively(connection, placeOf(url), "restore");
    // Ending the session gives the lock back.
    return { release: () => connection.end({ timeout: 5 }) };
  } catch (error) {
    await connection.end({ timeout: 5 });
    throw error;
  }
}

/**
 * Takes the portal lock exclusively on `connection`'s session (one connection: a session lock
 * lives on it), naming the session after `work`; refused with DatabaseInUseError, naming the
 * holders, while a portal or another restore or load holds it. Given back with
 * `pg_advisory_unlock(PORTAL_LOCK)` or when the session ends.
 */
export async function takeExclusively(connection: postgres.Sql, place: string, work: ExclusiveWork): Promise<void> {
  const [taken] = await connection<{ ok: boolean }[]>`
    select set_config('application_name', ${works[work].applicationName}, false) as name,
      pg_try_advisory_lock(${PORTAL_LOCK}) as ok`;
  if (taken?.ok) return;
  throw new DatabaseInUseError(refusal(place, await holdersOf(connection)));
}

/** Who holds the portal lock on this database: portal connections (shared), or a restore or a load (exclusive). */
function holdersOf(connection: postgres.Sql): Promise<Holder[]> {
  return connection<Holder[]>`
    select l.mode = 'ExclusiveLock' as exclusive, a.application_name as name, host(a.client_addr) as address,
      a.backend_start as since
    from pg_locks l left join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = ${PORTAL_LOCK} and l.objsubid = 1
      and l.database = (select oid from pg_database where datname = current_database())
    order by a.backend_start`;
}

/** The work that holds the portal lock exclusively now (a portal waiting says which). */
async function exclusiveWork(connection: postgres.Sql): Promise<ExclusiveWork> {
  const holder = (await holdersOf(connection)).find((one) => one.exclusive);
  return workNamed(holder?.name ?? null);
}

interface Holder {
  exclusive: boolean;
  name: string | null;
  address: string | null;
  since: Date | null;
}

const wibTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Jakarta",
  dateStyle: "medium",
  timeStyle: "short",
});

function refusal(place: string, holders: Holder[]) {
  const exclusive = holders.find((holder) => holder.exclusive);
  if (exclusive)
    return `${works[workNamed(exclusive.name)].running} is running on the database at ${place}: wait for it to finish`;
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

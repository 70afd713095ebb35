// A restore or a bulk load on PostgreSQL is refused while a portal runs on the database, the portal
// keeps its lock through a cut connection, and a portal started during a restore or a load waits
// for it (portal-lock.ts).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { createLogger } from "../log.ts";
import { createPostgresDatabase } from "../../test/private-postgres.ts";
import { backupDatabase, restoreDatabase } from "./backup.ts";
import { openDatabase } from "./client.ts";
import {
  DatabaseInUseError,
  holdPortalLock,
  PORTAL_LOCK,
  type PortalLock,
  takeDatabaseForRestore,
} from "./portal-lock.ts";

const work = mkdtempSync(join(tmpdir(), "pkk-portal-lock-"));
let database: { url: string; drop: () => Promise<void> };
let admin: postgres.Sql;
const lines: string[] = [];
const log = createLogger("info", (line) => lines.push(line));

beforeAll(async () => {
  database = await createPostgresDatabase("pkk_portal_lock");
  admin = postgres(database.url, { max: 1, onnotice: () => {} });
  await admin`create table households (name text not null)`;
  await admin`insert into households values ('Budi Santoso')`;
});

afterAll(async () => {
  await admin?.end();
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
});

const households = async () =>
  (await admin<{ name: string }[]>`select name from households order by name`).map((row) => row.name);

/** The sessions of this test's database that hold the portal lock: their backend and mode. */
const holding = () =>
  admin<{ pid: number; mode: string }[]>`
    select pid, mode from pg_locks
    where locktype = 'advisory' and granted and objid = ${PORTAL_LOCK} and objsubid = 1
      and database = (select oid from pg_database where datname = current_database())
    order by mode, pid`;
const holders = async () => (await holding()).map((row) => row.mode);

async function until(condition: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > ms) throw new Error("timed out");
    await Bun.sleep(50);
  }
}

/**
 * Ends a restore or load a portal waits for, then checks that the portal started, holds the
 * database and said so (`finished`: "the restore", "the load"); then gives the lock back.
 */
async function startsOnceFinished(
  finish: () => Promise<unknown>,
  portal: Promise<PortalLock>,
  lines: string[],
  finished: string,
): Promise<void> {
  await finish();
  const held = await portal;
  try {
    expect(await holders()).toEqual(["ShareLock"]);
    expect(lines.some((line) => line.includes(`${finished} has finished: starting`))).toBe(true);
  } finally {
    await held.release();
  }
  await until(async () => (await holders()).length === 0);
}

describe("the portal lock on PostgreSQL", () => {
  test("a restore beside running portals is refused, names them and changes nothing; once they stop it restores", async () => {
    const file = join(work, "households.dump");
    await backupDatabase({ url: database.url }, file);
    await admin`insert into households values ('Siti Aminah')`;

    const first = await holdPortalLock(database.url, log);
    const second = await holdPortalLock(database.url, log);
    expect(await holders()).toEqual(["ShareLock", "ShareLock"]);
    const refused = restoreDatabase({ url: database.url }, file);
    await expect(refused).rejects.toBeInstanceOf(DatabaseInUseError);
    await expect(refused).rejects.toThrow(
      /^the database at 127\.0\.0\.1:\d+\/pkk_portal_lock_\w+ is in use by 2 running portals \(127\.0\.0\.1 since .+ WIB; 127\.0\.0\.1 since .+ WIB\): stop them first$/,
    );
    // Refused before pg_restore ran: the row written after the backup is still there.
    expect(await households()).toEqual(["Budi Santoso", "Siti Aminah"]);

    await first.release();
    // A session's locks go when its backend exits, a moment after the client closed it.
    await until(async () => (await holders()).length === 1);
    await expect(restoreDatabase({ url: database.url }, file)).rejects.toThrow(
      /is in use by a running portal \(127\.0\.0\.1 since .+ WIB\): stop it first$/,
    );
    await second.release();
    await until(async () => (await holders()).length === 0);
    await restoreDatabase({ url: database.url }, file);
    expect(await households()).toEqual(["Budi Santoso"]);
    // The restore's own lock went with its session.
    await until(async () => (await holders()).length === 0);
  }, 60_000);

  test("a portal whose connection was cut takes its lock again, and a restore is refused again", async () => {
    const portal = await holdPortalLock(database.url, log, { checkEveryMs: 100 });
    try {
      // What a database restart or an administrator's pg_terminate_backend does to its session.
      const [before] = await holding();
      expect(before?.mode).toBe("ShareLock");
      const [cut] = await admin<{ ended: boolean }[]>`select pg_terminate_backend(${before?.pid ?? 0}) as ended`;
      expect(cut?.ended).toBe(true);
      // Held again on a new session (the old one's lock lasts until its backend has exited).
      await until(async () => (await holding()).some((row) => row.mode === "ShareLock" && row.pid !== before?.pid));
      const refused = await takeDatabaseForRestore(database.url).then(
        async (taken) => {
          await taken.release();
          return "taken";
        },
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      expect(refused).toMatch(/in use by a running portal/);
    } finally {
      await portal.release();
    }
  }, 30_000);

  test("a portal started during a restore waits for it, then holds the database", async () => {
    const restore = await takeDatabaseForRestore(database.url);
    const waiting: string[] = [];
    const portal = holdPortalLock(
      database.url,
      createLogger("info", (line) => waiting.push(line)),
      { checkEveryMs: 100 },
    );
    let started = false;
    void portal.then(() => {
      started = true;
    });
    await until(async () => waiting.some((line) => line.includes("a restore (npm run restore) holds the database")));
    await Bun.sleep(300);
    expect(started).toBe(false);
    // A second restore is refused as well, saying so.
    await expect(takeDatabaseForRestore(database.url)).rejects.toThrow(
      /^a restore \(npm run restore\) is running on the database at 127\.0\.0\.1:\d+\/pkk_portal_lock_\w+: wait for it to finish$/,
    );

    await startsOnceFinished(() => restore.release(), portal, waiting, "the restore");
  }, 30_000);

  test("a bulk load beside a running portal is refused; one running makes a portal wait and refuses a restore; loads take turns", async () => {
    const handle = await openDatabase({ url: database.url });
    try {
      const portal = await holdPortalLock(database.url, log);
      let ran = false;
      const refused = handle.exclusive("bulkLoad", async () => {
        ran = true;
      });
      await expect(refused).rejects.toBeInstanceOf(DatabaseInUseError);
      await expect(refused).rejects.toThrow(
        /^the database at 127\.0\.0\.1:\d+\/pkk_portal_lock_\w+ is in use by a running portal \(127\.0\.0\.1 since .+ WIB\): stop it first$/,
      );
      expect(ran).toBe(false);
      await portal.release();
      await until(async () => (await holders()).length === 0);

      // A load under way: a portal starting waits for it, and a restore is refused.
      let finishLoad = () => {};
      const loading = new Promise<void>((resolve) => {
        finishLoad = resolve;
      });
      const load = handle.exclusive("bulkLoad", () => loading);
      await until(async () => (await holders()).includes("ExclusiveLock"));
      const waiting: string[] = [];
      let started = false;
      const starting = holdPortalLock(
        database.url,
        createLogger("info", (line) => waiting.push(line)),
        { checkEveryMs: 100 },
      ).then((held) => {
        started = true;
        return held;
      });
      await until(async () =>
        waiting.some((line) =>
          line.includes(
            "a load of generated families (npm run demo:data) holds the database: waiting for it to finish",
          ),
        ),
      );
      await expect(restoreDatabase({ url: database.url }, join(work, "households.dump"))).rejects.toThrow(
        /^a load of generated families \(npm run demo:data\) is running on the database at 127\.0\.0\.1:\d+\/pkk_portal_lock_\w+: wait for it to finish$/,
      );
      await Bun.sleep(300);
      expect(started).toBe(false);
      finishLoad();
      await startsOnceFinished(() => load, starting, waiting, "the load");

      // Two loads at once take turns: the second waits for the first, and is not refused by it.
      const order: string[] = [];
      let finishFirst = () => {};
      const firstRunning = new Promise<void>((resolve) => {
        finishFirst = resolve;
      });
      const first = handle.exclusive("bulkLoad", async () => {
        order.push("first");
        await firstRunning;
        order.push("first done");
      });
      await until(async () => order.length === 1);
      const second = handle.exclusive("bulkLoad", async () => {
        order.push("second");
      });
      await Bun.sleep(300);
      expect(order).toEqual(["first"]);
      finishFirst();
      await Promise.all([first, second]);
      expect(order).toEqual(["first", "first done", "second"]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});

// `npm run test:faults`: the portal under faults, outside the normal `npm test`.
//   1. kill -9 during registrations (FAULT_CYCLES, default 20) — on PostgreSQL and on PGlite;
//   2. a PostgreSQL it starts itself (initdb in a temporary directory) stopped, then frozen
//      (SIGSTOP), under traffic;
//   3. two instances started at once on an empty database;
//   4. the embedded database's disk filled under registrations, then freed (a tmpfs: needs root).
// Each asserts: nothing acknowledged lost, no partial rows, no 5xx but 503 during the outage, the
// process still alive, service back within 5 s of the database. `--short` (or FAULT_SHORT=1): few
// cycles and short outages, for CI. Ends with "N passed, N failed".
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { backupDatabase, restoreDatabase } from "../server/src/db/backup.ts";
import { openDatabase } from "../server/src/db/client.ts";
import { lockDataDir } from "../server/src/db/data-dir-lock.ts";
import { takeDatabaseForRestore } from "../server/src/db/portal-lock.ts";
import { type PrivatePostgres, startPrivatePostgres } from "../server/test/private-postgres.ts";
import {
  familyFactory,
  type Portal,
  randomIp,
  readWards,
  type Registration,
  register,
  searchStatus,
  startPortal,
  waitReady,
  wardsIn,
} from "./lib/portal.ts";

const short = process.argv.includes("--short") || process.env.FAULT_SHORT === "1";
const cycles = Number(process.env.FAULT_CYCLES ?? (short ? 3 : 20));
const outageMs = short ? 4000 : 10_000;
// The frozen database must outlive the request deadline, so the deadline is what answers.
const requestTimeoutMs = short ? 2000 : 5000;
const freezeMs = requestTimeoutMs + (short ? 2000 : 5000);
const recoveryBudgetMs = 5000;

let passed = 0;
let failed = 0;
function check(name: string, ok: boolean, detail = ""): void {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? "✔" : "✘"} ${name}${detail ? ` — ${detail}` : ""}`);
}

const work = mkdtempSync(join(tmpdir(), "pkk-faults-"));
let cluster: PrivatePostgres | undefined;
const portals: Portal[] = [];

async function createDatabase(name: string): Promise<string> {
  if (!cluster) throw new Error("no cluster");
  const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  return cluster.url.replace(/\/postgres$/, `/${name}`);
}

async function launch(env: Record<string, string>): Promise<Portal> {
  const portal = await startPortal(env);
  portals.push(portal);
  return portal;
}

/**
 * How long until a restore on `url` is refused beside the running portals (their lock held, again
 * after a restart: server/src/db/portal-lock.ts), and the refusal; null when it never was within `ms`.
 */
async function restoreRefusedWithin(url: string, ms: number): Promise<{ ms: number; message: string } | null> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    try {
      const taken = await takeDatabaseForRestore(url);
      await taken.release();
    } catch (error) {
      return { ms: performance.now() - started, message: error instanceof Error ? error.message : String(error) };
    }
    await Bun.sleep(100);
  }
  return null;
}

// ─── integrity ────────────────────────────────────────────────────────────────────────────
interface Integrity {
  acknowledgedMissing: number;
  withoutMembers: number;
  memberMismatch: number;
  withoutEvent: number;
  duplicateKeys: number;
  registers: number;
}

const integritySql = {
  numbers: "select registration_number as n from registers",
  withoutMembers:
    "select count(*)::int as c from registers r where not exists (select 1 from family_members m where m.register_id = r.id)",
  memberMismatch: `select count(*)::int as c from registers r
     where json_array_length(r.data_register->'members') <>
           (select count(*) from family_members m where m.register_id = r.id)`,
  withoutEvent:
    "select count(*)::int as c from registers r where not exists (select 1 from register_events e where e.register_id = r.id)",
  duplicateKeys: `select count(*)::int as c from (select nik_kepala_keluarga from registers
     group by nik_kepala_keluarga having count(*) > 1) d`,
};

async function integrity(
  query: (text: string) => Promise<Array<Record<string, unknown>>>,
  acknowledged: Set<string>,
): Promise<Integrity> {
  const numbers = new Set((await query(integritySql.numbers)).map((row) => String(row.n)));
  const one = async (text: string) => Number((await query(text))[0]?.c ?? -1);
  return {
    acknowledgedMissing: [...acknowledged].filter((number) => !numbers.has(number)).length,
    withoutMembers: await one(integritySql.withoutMembers),
    memberMismatch: await one(integritySql.memberMismatch),
    withoutEvent: await one(integritySql.withoutEvent),
    duplicateKeys: await one(integritySql.duplicateKeys),
    registers: numbers.size,
  };
}

function integrityOk(result: Integrity): boolean {
  return (
    result.acknowledgedMissing === 0 &&
    result.withoutMembers === 0 &&
    result.memberMismatch === 0 &&
    result.withoutEvent === 0 &&
    result.duplicateKeys === 0
  );
}

const describe = (result: Integrity) =>
  `${result.registers} registers, missing acknowledged ${result.acknowledgedMissing}, without members ${result.withoutMembers}, member mismatch ${result.memberMismatch}, without event ${result.withoutEvent}, duplicate heads ${result.duplicateKeys}`;

// ─── 1. kill -9 during registrations ──────────────────────────────────────────────────────
async function killDuringRegistrations(kind: "postgres" | "pglite"): Promise<void> {
  const dataDir = join(work, `kill-${kind}`);
  const url = kind === "postgres" ? await createDatabase("faults_kill") : "";
  const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_DATA: "false", ...(url ? { DATABASE_URL: url } : {}) };
  const acknowledged = new Set<string>();
  const pending: Registration[] = [];
  let fiveHundreds = 0;
  let make: (() => Registration) | null = null;
  for (let cycle = 0; cycle < cycles; cycle += 1) {
    const portal = await launch(env);
    await waitReady(portal);
    if (!make) {
      make = familyFactory(kind === "postgres" ? await readWards(url) : await pgliteWards(), 400_000);
    }
    const factory = make;
    // A retry of what the last crash left unanswered, with the same idempotency key, as a browser would.
    const retries = pending.splice(0);
    let stop = false;
    const worker = async (index: number) => {
      const ip = `10.1.${cycle}.${index + 1}`;
      while (!stop) {
        const registration = retries.pop() ?? factory();
        try {
          const { result, registrationNumber } = await register(portal.baseUrl, registration, ip);
          if (result.status >= 500 && result.status !== 503) fiveHundreds += 1;
          if (result.status === 200 && registrationNumber) acknowledged.add(registrationNumber);
          else pending.push(registration);
        } catch {
          // The server died mid-request: unanswered, so not acknowledged; the browser would retry.
          pending.push(registration);
          return;
        }
      }
    };
    const workers = Array.from({ length: 6 }, (_, index) => worker(index));
    await Bun.sleep(400 + Math.random() * 1200);
    portal.process.kill(9);
    stop = true;
    await portal.process.exited;
    await Promise.all(workers);
  }
  // Restart once more (a crashed PGlite must open again) and inspect.
  const portal = await launch(env);
  let reopened = true;
  try {
    await waitReady(portal);
  } catch {
    reopened = false;
  }
  check(`kill -9 (${kind}): the portal starts again after ${cycles} crashes`, reopened);
  portal.process.kill("SIGTERM");
  const exit = await portal.process.exited;
  check(`kill -9 (${kind}): SIGTERM stops it cleanly (exit 0)`, exit === 0, `exit ${exit}`);
  const result =
    kind === "postgres" ? await integrityPostgres(url, acknowledged) : await integrityPglite(dataDir, acknowledged);
  check(
    `kill -9 (${kind}): every acknowledged registration present, no partial rows`,
    integrityOk(result) && acknowledged.size > 0,
    `${acknowledged.size} acknowledged; ${describe(result)}`,
  );
  check(`kill -9 (${kind}): no 5xx other than 503`, fiveHundreds === 0, `${fiveHundreds} other 5xx`);
}

async function pgliteWards() {
  // The embedded database belongs to the running portal; the seeded wards are the official list,
  // the same on every fresh database, so read them from a scratch PGlite seeded the same way.
  const scratch = await openDatabase({ memory: true });
  await scratch.migrate();
  const { seedRegions } = await import("../server/src/services/regions/regions.ts");
  await seedRegions(scratch.db, "32.75");
  const rows = await wardsIn(scratch.db);
  await scratch.close();
  return rows;
}

async function integrityPostgres(url: string, acknowledged: Set<string>): Promise<Integrity> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await integrity((text) => sql.unsafe(text), acknowledged);
  } finally {
    await sql.end();
  }
}

async function integrityPglite(dataDir: string, acknowledged: Set<string>): Promise<Integrity> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  // Taken like every other opener does (db/data-dir-lock.ts): refused if a portal still holds it.
  const unlock = lockDataDir(join(dataDir, "pglite"));
  try {
    const client = await PGlite.create({ dataDir: join(dataDir, "pglite"), extensions: { pg_trgm } });
    try {
      return await integrity(async (text) => (await client.query<Record<string, unknown>>(text)).rows, acknowledged);
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
}

// ─── 2. stop and freeze under traffic ─────────────────────────────────────────────────────
interface Sample {
  at: number;
  status: number;
  ms: number;
  kind: "register" | "search";
}

function postgresPids(postmaster: number): number[] {
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** Undoes a freeze if the outage scenario stops half-way, so later scenarios get a database. */
let thaw = () => {};

async function outageUnderTraffic(): Promise<void> {
  if (!cluster) throw new Error("no cluster");
  const db = cluster;
  const url = await createDatabase("faults_outage");
  const portal = await launch({
    DATABASE_URL: url,
    DATA_DIR: join(work, "outage"),
    DEMO_DATA: "false",
    REQUEST_TIMEOUT_MS: String(requestTimeoutMs),
  });
  await waitReady(portal);
  const factory = familyFactory(await readWards(url), 700_000);
  const acknowledged = new Set<string>();
  const heads: string[] = [];
  // Registrations answered 503: nothing of them may be stored (db/request-deadline.ts).
  const refusedHeads: Array<{ at: number; nik: string }> = [];
  const samples: Sample[] = [];
  let stop = false;
  let hung = 0;
  const worker = async (index: number) => {
    for (let round = 0; !stop; round += 1) {
      // A different resident each time, so the per-IP rate limits do not shape the traffic.
      const ip = randomIp();
      const at = performance.now();
      try {
        if (round % 3 === 2 && heads.length > 0) {
          const result = await searchStatus(portal.baseUrl, heads[index % heads.length] ?? "", ip);
          samples.push({ at, status: result.status, ms: result.ms, kind: "search" });
        } else {
          const registration = factory();
          const { result, registrationNumber } = await register(portal.baseUrl, registration, ip);
          samples.push({ at, status: result.status, ms: result.ms, kind: "register" });
          if (result.status === 503) refusedHeads.push({ at, nik: registration.headNik });
          if (registrationNumber) {
            acknowledged.add(registrationNumber);
            heads.push(registration.headNik);
          }
        }
      } catch {
        // No answer within 30 s (or the socket closed): a hang, which the deadline must prevent.
        hung += 1;
        samples.push({ at, status: 0, ms: performance.now() - at, kind: "register" });
        await Bun.sleep(200);
      }
      if (samples.at(-1)?.status === 503) await Bun.sleep(200);
    }
  };
  const workers = Array.from({ length: 8 }, (_, index) => worker(index));

  /** Time from the database being back until a registration succeeds and /readyz says ready. */
  const recovery = async (label: string, since: number) => {
    const ip = randomIp();
    let registered = false;
    let ready = false;
    while (performance.now() - since < 30_000 && !(registered && ready)) {
      if (!ready) ready = (await fetch(`${portal.baseUrl}/readyz`).catch(() => null))?.status === 200;
      if (!registered) {
        const registration = factory();
        const { registrationNumber } = await register(portal.baseUrl, registration, ip).catch(() => ({
          registrationNumber: null,
        }));
        if (registrationNumber) {
          acknowledged.add(registrationNumber);
          registered = true;
        }
      }
      if (!(registered && ready)) await Bun.sleep(100);
    }
    const ms = performance.now() - since;
    check(
      `${label}: service back within 5 s of the database`,
      registered && ready && ms <= recoveryBudgetMs,
      `${Math.round(ms)} ms`,
    );
  };

  await Bun.sleep(2000);
  // Stop (pg_ctl stop -m fast) under traffic.
  const stopAt = performance.now();
  await db.stop("fast");
  await Bun.sleep(outageMs);
  // Status 0: no answer at all (the process died).
  const statusOf = async (path: string) =>
    (await fetch(`${portal.baseUrl}${path}`, { signal: AbortSignal.timeout(10_000) }).catch(() => null))?.status ?? 0;
  const readyDuringStop = await statusOf("/readyz");
  const healthDuringStop = await statusOf("/healthz");
  await db.start();
  const startedAt = performance.now();
  const stopWindow = samples.filter((sample) => sample.at >= stopAt && sample.at < startedAt);
  check(
    "stop: requests during the outage answered 503",
    stopWindow.some((sample) => sample.status === 503),
    `${stopWindow.length} requests`,
  );
  check(
    "stop: /readyz 503 and /healthz 200 while the database is down",
    readyDuringStop === 503 && healthDuringStop === 200,
    `readyz ${readyDuringStop}, healthz ${healthDuringStop}`,
  );
  await recovery("stop", startedAt);
  check("stop: the process is still alive", portal.alive());
  // The restart ended the session that held the portal's lock: it is taken again.
  const refusedAfterStop = await restoreRefusedWithin(url, recoveryBudgetMs);
  check(
    "stop: the portal holds its database lock again, so a restore beside it is refused",
    refusedAfterStop !== null && /in use by a running portal/.test(refusedAfterStop.message),
    refusedAfterStop ? `refused after ${Math.round(refusedAfterStop.ms)} ms` : "not refused within 5 s",
  );

  await Bun.sleep(2000);
  // Freeze every PostgreSQL process (SIGSTOP) under traffic.
  const pids = postgresPids(db.pid());
  const freezeAt = performance.now();
  for (const pid of pids) process.kill(pid, "SIGSTOP");
  thaw = () => {
    for (const pid of pids) process.kill(pid, "SIGCONT");
  };
  await Bun.sleep(freezeMs);
  const readyStarted = performance.now();
  const readyDuringFreeze =
    (await fetch(`${portal.baseUrl}/readyz`, { signal: AbortSignal.timeout(10_000) }).catch(() => null))?.status ?? 0;
  const readyMs = performance.now() - readyStarted;
  for (const pid of pids) process.kill(pid, "SIGCONT");
  const thawedAt = performance.now();
  const freezeWindow = samples.filter((sample) => sample.at >= freezeAt && sample.at < thawedAt - requestTimeoutMs);
  const slowest = Math.max(0, ...freezeWindow.map((sample) => sample.ms));
  check(
    "freeze: requests during the freeze answered 503",
    freezeWindow.some((sample) => sample.status === 503),
    `${freezeWindow.length} requests`,
  );
  check(
    "freeze: every request answered within its deadline (no hang)",
    slowest <= requestTimeoutMs + 3000 && hung === 0,
    `slowest ${Math.round(slowest)} ms, deadline ${requestTimeoutMs} ms, ${hung} hung`,
  );
  check(
    "freeze: /readyz says 503 within 3 s",
    readyDuringFreeze === 503 && readyMs < 3000,
    `${readyDuringFreeze} in ${Math.round(readyMs)} ms`,
  );
  await recovery("freeze", thawedAt);
  check("freeze: the process is still alive", portal.alive());

  await Bun.sleep(1000);
  // SIGTERM while the traffic still runs: in-flight requests finish, then the process exits 0.
  const answeredBefore = samples.length;
  portal.process.kill("SIGTERM");
  const exitCode = await portal.process.exited;
  stop = true;
  await Promise.all(workers);
  check("SIGTERM under traffic: exits 0", exitCode === 0, `exit ${exitCode}`);
  const drained = samples.slice(answeredBefore).filter((sample) => sample.status !== 0);
  check(
    "SIGTERM under traffic: requests answered while draining are complete (200 or 503)",
    drained.every((sample) => sample.status === 200 || sample.status === 503),
    `${drained.length} answered while shutting down`,
  );
  const other5xx = samples.filter((sample) => sample.status >= 500 && sample.status !== 503).length;
  const statuses = new Map<number, number>();
  for (const sample of samples) statuses.set(sample.status, (statuses.get(sample.status) ?? 0) + 1);
  check("outage: no 5xx other than 503", other5xx === 0, `statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  const result = await integrityPostgres(url, acknowledged);
  check(
    "outage: every acknowledged registration present, no partial rows",
    integrityOk(result),
    `${acknowledged.size} acknowledged; ${describe(result)}`,
  );
  // Sent during the freeze or in flight when it began: the deadline answered them while their work
  // waited on the database. (A fast shutdown may end a connection after its COMMIT, so the stop's
  // 503s are not counted.)
  const frozenOut = refusedHeads
    .filter((sample) => sample.at >= freezeAt - requestTimeoutMs)
    .map((sample) => sample.nik);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [stored] = await sql<Array<{ count: number }>>`
    select count(*)::int as count from registers where nik_kepala_keluarga = any(${frozenOut})`;
  await sql.end();
  // Only a COMMIT already on its way when the database froze, and still unanswered at twice the
  // deadline, may land behind a 503; the portal logs each such answer.
  const commitsUnderWay = portal.output().split("request answered 503 while its commit was under way").length - 1;
  check(
    "outage: a registration answered 503 left nothing stored (its transaction rolled back)",
    (stored?.count ?? 0) <= commitsUnderWay,
    `${frozenOut.length} answered 503 in the freeze, ${stored?.count ?? 0} stored, ${commitsUnderWay} commits under way`,
  );
  const redacted = !portal.output().includes("$argon2") && !/\d{16}/.test(portal.output());
  check("outage: the log carries no NIK or password hash", redacted);
}

// ─── 3. two instances at once on an empty database ────────────────────────────────────────
async function twoInstances(): Promise<void> {
  const url = await createDatabase("faults_twins");
  const env = (name: string) => ({ DATABASE_URL: url, DATA_DIR: join(work, name), DEMO_DATA: "true" });
  const [first, second] = await Promise.all([launch(env("twin-a")), launch(env("twin-b"))]);
  if (!first || !second) throw new Error("launch failed");
  const results = await Promise.allSettled([waitReady(first), waitReady(second)]);
  check(
    "two instances: both come up on an empty database",
    results.every((result) => result.status === "fulfilled"),
    results.map((result) => (result.status === "fulfilled" ? "ready" : String(result.reason))).join(", "),
  );
  check("two instances: both still running", first.alive() && second.alive());
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [counts] = await sql<
    Array<{ kecamatan: number; kelurahan: number; users: number; distinctEmails: number; registers: number }>
  >`
    select (select count(*)::int from kecamatan) as kecamatan,
           (select count(*)::int from desa_kelurahan) as kelurahan,
           (select count(*)::int from users) as users,
           (select count(distinct lower(email))::int from users) as "distinctEmails",
           (select count(*)::int from registers) as registers`;
  await sql.end();
  check(
    "two instances: regions and demo data seeded once",
    counts?.kecamatan === 12 &&
      counts.kelurahan === 56 &&
      counts.users === counts.distinctEmails &&
      counts.registers > 0,
    JSON.stringify(counts),
  );
  const refused = await restoreRefusedWithin(url, 1000);
  check(
    "two instances: a restore beside them is refused, naming both",
    refused !== null && /in use by 2 running portals .*: stop them first$/.test(refused.message),
    refused?.message ?? "not refused",
  );
  const logs = first.output() + second.output();
  check("two instances: start-up logs carry no password hash", !logs.includes("$argon2"));
  first.process.kill("SIGTERM");
  second.process.kill("SIGTERM");
  await Promise.all([first.process.exited, second.process.exited]);
}

// ─── 4. a full disk under registrations (PGlite) ──────────────────────────────────────────
/** A filesystem of its own, so filling it touches nothing else (tmpfs; mounting needs root). */
function smallFilesystem(megabytes: number): { path: string; unmount: () => void } {
  const path = mkdtempSync(join(tmpdir(), "pkk-full-disk-"));
  const mounted = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", path]);
  if (mounted.exitCode !== 0) {
    rmSync(path, { recursive: true, force: true });
    throw new Error(`mount -t tmpfs needs root: ${mounted.stderr.toString().trim()}`);
  }
  return {
    path,
    unmount: () => {
      Bun.spawnSync(["umount", "-l", path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}

async function fullDisk(): Promise<void> {
  const disk = smallFilesystem(96);
  try {
    const dataDir = join(disk.path, "data");
    const portal = await launch({ DATA_DIR: dataDir, DEMO_DATA: "false" });
    await waitReady(portal);
    const factory = familyFactory(await pgliteWards(), 600_000);
    const acknowledged = new Set<string>();
    let phase: "before" | "full" | "freed" = "before";
    const statuses = {
      before: new Map<number, number>(),
      full: new Map<number, number>(),
      freed: new Map<number, number>(),
    };
    let freedAt = 0;
    let firstAfterFreeing = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const at = phase;
        let status = -1;
        try {
          const { result, registrationNumber } = await register(portal.baseUrl, factory(), randomIp());
          status = result.status;
          if (status === 200 && registrationNumber) acknowledged.add(registrationNumber);
        } catch {
          await Bun.sleep(100);
        }
        statuses[at].set(status, (statuses[at].get(status) ?? 0) + 1);
        if (at === "freed" && status === 200 && firstAfterFreeing === 0) firstAfterFreeing = performance.now();
        if (status === 503) await Bun.sleep(200);
      }
    };
    const workers = Array.from({ length: 4 }, () => worker());
    await Bun.sleep(1500);
    // Every byte left taken: dd stops at "No space left on device".
    Bun.spawnSync(["dd", "if=/dev/zero", `of=${join(disk.path, "filler")}`, "bs=1M"]);
    phase = "full";
    await Bun.sleep(short ? 3000 : 8000);
    const aliveWhileFull = portal.alive();
    rmSync(join(disk.path, "filler"));
    freedAt = performance.now();
    phase = "freed";
    await Bun.sleep(short ? 3000 : 8000);
    stop = true;
    await Promise.all(workers);
    const summary = (map: Map<number, number>) => JSON.stringify(Object.fromEntries(map));
    const full = statuses.full;
    check(
      "full disk: registrations answer 503 (never 500) while no byte is left, and the portal lives",
      aliveWhileFull &&
        (full.get(503) ?? 0) > 0 &&
        [...full.keys()].every((status) => status === 200 || status === 503),
      `while full ${summary(full)}; before ${summary(statuses.before)}`,
    );
    const recovery = firstAfterFreeing === 0 ? Number.POSITIVE_INFINITY : firstAfterFreeing - freedAt;
    check(
      `full disk: registrations succeed again within ${recoveryBudgetMs / 1000} s of space freed, without a restart`,
      recovery <= recoveryBudgetMs && [...statuses.freed.keys()].every((status) => status === 200 || status === 503),
      `first 200 after ${Math.round(recovery)} ms; after freeing ${summary(statuses.freed)}`,
    );
    portal.process.kill("SIGTERM");
    const exit = await portal.process.exited;
    const result = await integrityPglite(dataDir, acknowledged);
    check(
      "full disk: every acknowledged registration present, no partial rows, clean exit",
      exit === 0 && integrityOk(result) && acknowledged.size > 0,
      `exit ${exit}; ${acknowledged.size} acknowledged; ${describe(result)}`,
    );
    await operatorCommandsOnFullDisk(disk.path, join(dataDir, "pglite"), result);
  } finally {
    for (const portal of portals) if (portal.process.exitCode === null) portal.process.kill(9);
    disk.unmount();
  }
}

/**
 * `backup` and `restore` on the full disk: each fails saying why and leaves nothing half-written
 * (a restore there used to say the good backup was "not a PGlite backup"), and the database is as
 * it was.
 */
async function operatorCommandsOnFullDisk(diskPath: string, pgliteDir: string, before: Integrity): Promise<void> {
  const good = join(work, "full-disk-backup.tar.gz");
  await backupDatabase({ dataDir: pgliteDir }, good);
  const filler = join(diskPath, "filler");
  Bun.spawnSync(["dd", "if=/dev/zero", `of=${filler}`, "bs=1M"]);
  const outcome = (promise: Promise<void>) =>
    promise.then(
      () => "succeeded",
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
  const backupThere = await outcome(backupDatabase({ dataDir: pgliteDir }, join(diskPath, "backup.tar.gz")));
  // A few megabytes free: the lock file fits, the unpacked database does not.
  Bun.spawnSync(["truncate", "-s", "-8M", filler]);
  const restored = await outcome(restoreDatabase({ dataDir: pgliteDir }, good));
  rmSync(filler);
  const left = readdirSync(diskPath).filter((name) => name !== "data");
  const leftBeside = readdirSync(join(pgliteDir, "..")).filter((name) => name.includes(".restoring-"));
  const after = await integrityPglite(join(pgliteDir, ".."), new Set());
  check(
    "full disk: backup and restore fail saying why, leave no partial file, and the database is as it was",
    backupThere !== "succeeded" &&
      /could not be unpacked into .*ENOSPC.*the database is as it was/.test(restored) &&
      left.length === 0 &&
      leftBeside.length === 0 &&
      after.registers === before.registers &&
      integrityOk(after),
    `backup: ${backupThere}; restore: ${restored}; left on the disk: ${JSON.stringify([...left, ...leftBeside])}; ${after.registers} registers`,
  );
}

// ─── run ──────────────────────────────────────────────────────────────────────────────────
const started = performance.now();
try {
  cluster = await startPrivatePostgres();
  console.log(`private PostgreSQL on port ${cluster.port}; ${cycles} kill cycles${short ? " (short mode)" : ""}`);
  for (const [name, scenario] of [
    ["kill -9 during registrations (PostgreSQL)", () => killDuringRegistrations("postgres")],
    ["kill -9 during registrations (PGlite)", () => killDuringRegistrations("pglite")],
    ["stop and freeze under traffic", outageUnderTraffic],
    ["two instances on an empty database", twoInstances],
    ["a full disk under registrations (PGlite)", fullDisk],
  ] as const) {
    console.log(`\n▶ ${name}`);
    try {
      await scenario();
    } catch (error) {
      check(`${name}: ran to the end`, false, error instanceof Error ? error.message : String(error));
      // Leave the database running for the next scenario.
      thaw();
      await cluster.start().catch(() => {});
    }
  }
} finally {
  for (const portal of portals) if (portal.process.exitCode === null) portal.process.kill(9);
  await cluster?.destroy();
  rmSync(work, { recursive: true, force: true });
}
console.log(`\nfault suite took ${Math.round((performance.now() - started) / 1000)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

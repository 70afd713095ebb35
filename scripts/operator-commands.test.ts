// The operators' commands, run as an operator runs them (their own process, the configured
// database) at a small size, on the suite's kind of database: PGlite under a DATA_DIR of their own,
// or a new database on the server of DATABASE_URL. `npm run demo:data` fills it, `npm run
// figures:check` finds a changed rollup and `--rebuild` repairs it, `npm run bench:db` and
// `npm run bench:http` measure every call and endpoint they name and write their JSON. Timings are
// only checked to be measured, never against a goal (issue 12: benchmarks report, tests do not time).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { openDatabase, type DatabaseHandle } from "../server/src/db/client.ts";
import { resultRows } from "../server/src/db/raw-rows.ts";
import { registerCounts } from "../server/src/db/schema/register-counts.ts";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { familyFactory, randomIp, register, startPortal, waitReady, wardsIn } from "./lib/portal.ts";
import { takeCarriedActivity } from "../server/src/db/pglite-table-activity.ts";

const root = resolve(import.meta.dirname, "..");
const families = 40;

interface CommandDatabase {
  /** The environment a command runs with: DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL). */
  env: Record<string, string>;
  /** Opens the same database in this process (close it before the next command: PGlite is one process's). */
  open: () => Promise<DatabaseHandle>;
  release: () => Promise<void>;
}

async function commandDatabase(scratch: string): Promise<CommandDatabase> {
  const { DATABASE_URL: serverUrl, ...inherited } = process.env;
  const base = Object.fromEntries(
    Object.entries(inherited).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  // Demo mode, as `npm start` runs: the benchmarks act as its admin.
  const env = { ...base, NODE_ENV: "development", LOG_LEVEL: "error", DEMO_DATA: "true" };
  if (!serverUrl) {
    const dataDir = join(scratch, "data");
    return {
      env: { ...env, DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir: join(dataDir, "pglite") }),
      release: async () => {},
    };
  }
  const name = `pkk_cmd_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { ...env, DATABASE_URL: url.toString() },
    open: () => openDatabase({ url: url.toString() }),
    release: async () => {
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function run(database: CommandDatabase, script: string, args: string[]) {
  const child = Bun.spawn([process.execPath, join("scripts", script), ...args], {
    cwd: root,
    env: database.env,
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  return { code, stdout, stderr };
}

describe("operator commands", () => {
  let scratch = "";
  let database: CommandDatabase;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "pkk-commands-"));
    database = await commandDatabase(scratch);
  });

  afterAll(async () => {
    await database?.release();
    rmSync(scratch, { recursive: true, force: true });
  });

  test("demo:data adds the families it is asked for and prints its rate", async () => {
    const generated = await run(database, "demo-data.ts", ["--families", String(families)]);
    expect(generated.stderr).not.toContain("error");
    expect(generated.code).toBe(0);
    expect(generated.stdout).toMatch(
      new RegExp(
        `^${families} families \\(\\d+ members, \\d+ events, \\d+ house locations\\) on (pglite|postgres): load .* families/s`,
        "m",
      ),
    );
    expect(generated.stdout).toMatch(/^phases: generate \+ COPY [\d.]+ s, indexes [\d.]+ s/m);
    expect(generated.stderr).toContain(`100% ${families} families`);
    const refused = await run(database, "demo-data.ts", ["--families", "none"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("usage: npm run demo:data -- --families <number of families>");
  }, 120_000);

  test("demo:data killed part-way keeps none of its families, and the next start builds the indexes it had dropped", async () => {
    const state = async () => {
      const handle = await database.open();
      try {
        const rows = resultRows(
          await handle.db.execute(
            sql`select (select count(*) from registers)::integer as families,
                       (select string_agg(indexdef, ';' order by indexname) from pg_indexes
                         where tablename in ('registers', 'family_members', 'register_events', 'household_locations')) as indexes,
                       (select count(*) from dropped_indexes)::integer as written_down`,
          ),
        );
        return rows[0];
      } finally {
        await handle.close();
      }
    };
    const before = await state();
    const child = Bun.spawn([process.execPath, join("scripts", "demo-data.ts"), "--families", "20000"], {
      cwd: root,
      env: database.env,
      stdout: "ignore",
      stderr: "pipe",
    });
    // Killed once its first batch is in: more families than the database holds, so by then the
    // secondary indexes are dropped.
    const decoder = new TextDecoder();
    let progress = "";
    for await (const chunk of child.stderr) {
      progress += decoder.decode(chunk);
      if (/\d+% [\d,]+ families/.test(progress)) break;
    }
    child.kill("SIGKILL");
    await child.exited;
    const killed = await state();
    expect(killed?.families).toBe(before?.families);
    expect(killed?.indexes).not.toBe(before?.indexes);
    expect(Number(killed?.written_down)).toBeGreaterThan(10);

    // The next start of a command (or of the portal) migrates first, and builds them there.
    const migrated = await run(database, join("..", "server", "src", "db", "migrate.ts"), []);
    expect(migrated.code).toBe(0);
    expect(migrated.stdout).toContain(
      `built ${killed?.written_down} indexes a bulk load (demo:data) dropped and could not build again`,
    );
    const after = await state();
    expect(after).toEqual({ ...before, written_down: 0 });
  }, 120_000);

  test("a command started while the portal has the embedded database open is refused and changes nothing (PGlite)", async () => {
    // PostgreSQL serves many processes; PGlite one (server/src/db/data-dir-lock.ts).
    if (database.env.DATABASE_URL) return;
    const portal = await database.open();
    try {
      for (const [script, args] of [
        ["demo-data.ts", ["--families", "10"]],
        ["backup.ts", [join(scratch, "beside.tar.gz")]],
      ] as const) {
        const refused = await run(database, script, [...args]);
        expect(refused.code).not.toBe(0);
        expect(refused.stderr).toContain(`is open in process ${process.pid}: stop it first`);
      }
      const [row] = resultRows(await portal.db.execute(sql`select count(*)::integer as families from registers`));
      expect(row?.families).toBe(families + 150);
    } finally {
      await portal.close();
    }
  }, 60_000);

  test("the portal on PGlite takes what autovacuum counted before its start, and a SIGTERM leaves its own counts for the next (PGlite)", async () => {
    // A server writes these counts to disk when it stops; PGlite does not (server/src/db/pglite-table-activity.ts).
    if (database.env.DATABASE_URL) return;
    const pgliteDir = join(database.env.DATA_DIR ?? "", "pglite");
    const handle = await database.open();
    const wards = await wardsIn(handle.db);
    await handle.close();
    expect(existsSync(join(pgliteDir, "pkk-table-activity.json"))).toBe(true);
    const portal = await startPortal({ ...database.env, DEMO_DATA: "false", NODE_ENV: "production" });
    try {
      await waitReady(portal);
      // Taken at the start: a crash from here on would lose them, as a server's crash does.
      expect(existsSync(join(pgliteDir, "pkk-table-activity.json"))).toBe(false);
      const { result } = await register(portal.baseUrl, familyFactory(wards, 7_000)(), randomIp());
      expect(result.status).toBe(200);
    } finally {
      portal.process.kill("SIGTERM");
      await portal.process.exited;
    }
    expect(portal.process.exitCode).toBe(0);
    expect(portal.output()).not.toContain("closing the database failed");
    const registers = takeCarriedActivity(pgliteDir).find((table) => table.table === "public.registers");
    expect(registers?.inserted).toBeGreaterThanOrEqual(1);
  }, 120_000);

  test("npm run restore and demo:data beside a running portal are refused and change nothing; once it stops, the restore runs (PostgreSQL)", async () => {
    // PGlite: the test above (its PID file); PostgreSQL serves many processes, so the portal holds
    // an advisory lock a restore or a load must take (server/src/db/portal-lock.ts).
    const url = database.env.DATABASE_URL;
    if (!url) return;
    const file = join(scratch, "before-portal.dump");
    expect((await run(database, "backup.ts", [file])).code).toBe(0);
    const families = async () => {
      const handle = await database.open();
      try {
        const [row] = resultRows(await handle.db.execute(sql`select count(*)::integer as families from registers`));
        return row?.families;
      } finally {
        await handle.close();
      }
    };
    const backedUp = await families();
    const added = await run(database, "demo-data.ts", ["--families", "5"]);
    expect(added.code).toBe(0);
    const portal = await startPortal({ DATABASE_URL: url, DEMO_DATA: "false", NODE_ENV: "production" });
    try {
      await waitReady(portal);
      for (const [script, args] of [
        ["restore.ts", [file]],
        ["demo-data.ts", ["--families", "5"]],
      ] as const) {
        const refused = await run(database, script, [...args]);
        expect(refused.code).toBe(1);
        // One line the operator acts on, not a stack trace.
        expect(refused.stderr.trim()).toMatch(
          /^error: the database at [^ ]+ is in use by a running portal \(127\.0\.0\.1 since .+ WIB\): stop it first$/,
        );
        expect(refused.stdout).toBe("");
      }
      expect(await families()).toBe(Number(backedUp) + 5);
    } finally {
      portal.process.kill("SIGTERM");
      await portal.process.exited;
    }
    expect(portal.process.exitCode).toBe(0);
    const restored = await run(database, "restore.ts", [file]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(await families()).toBe(backedUp);
  }, 120_000);

  test("figures:check passes on generated data, names a changed rollup, and --rebuild repairs it", async () => {
    const clean = await run(database, "figures-check.ts", []);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain("figures:check: every rollup equals a recount from the rows");
    expect(clean.stdout).toContain("figures:check: every family's status is the one its last move reached");

    // One kelurahan's count of live families is off by one, as a bulk fix that skipped the
    // triggers would leave it.
    const handle = await database.open();
    try {
      const changed = await handle.db
        .update(registerCounts)
        .set({ live: sql`${registerCounts.live} + 1` })
        .where(
          sql`(${registerCounts.kecamatanId}, ${registerCounts.desaKelurahanId}, ${registerCounts.formType}) =
            (select kecamatan_id, desa_kelurahan_id, form_type from register_counts where live > 0 order by 1, 2, 3 limit 1)`,
        )
        .returning({ live: registerCounts.live });
      expect(changed).toHaveLength(1);
    } finally {
      await handle.close();
    }

    const found = await run(database, "figures-check.ts", []);
    expect(found.code).toBe(1);
    expect(found.stdout).toContain("register_counts: 1 row(s) missing or different, 1 unexpected");
    expect(found.stdout).toMatch(/expected: \{.*"live":\d+/);
    expect(found.stdout).not.toContain("rollups rebuilt");

    const repaired = await run(database, "figures-check.ts", ["--rebuild"]);
    expect(repaired.code).toBe(1);
    expect(repaired.stdout).toContain(
      "figures:check: rollups rebuilt from the rows (1 ward(s) recounted one at a time",
    );
    expect(repaired.stdout).toContain("figures:check: checked again: every rollup equals a recount from the rows");
    const after = await run(database, "figures-check.ts", []);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain("every rollup equals a recount from the rows");
  }, 120_000);

  test("figures:check on a mistyped DATA_DIR or database refuses, and makes no database there", async () => {
    const url = database.env.DATABASE_URL;
    const mistyped = join(scratch, "no-such-data");
    const elsewhere: CommandDatabase = url
      ? { ...database, env: { ...database.env, DATABASE_URL: `${url}_mistyped` } }
      : { ...database, env: { ...database.env, DATA_DIR: mistyped } };
    const checked = await run(elsewhere, "figures-check.ts", []);
    expect(checked.code).not.toBe(0);
    expect(checked.stdout).not.toContain("every rollup equals a recount");
    if (url) {
      expect(checked.stderr).toContain("cannot reach the database");
    } else {
      // It reported "every rollup equals a recount" on the empty database it had just made.
      expect(checked.stderr).toContain(`no embedded database in ${join(mistyped, "pglite")} (DATA_DIR)`);
      expect(existsSync(join(mistyped, "pglite"))).toBe(false);
    }
  }, 60_000);

  test("figures:check outlasts the app's 10 s statement limit (PostgreSQL; a city's recount takes longer)", async () => {
    // At 1,000,000 families its life_events comparison alone ran past 10 s and the command died
    // with "canceling statement due to statement timeout". A lock held on registers for longer than
    // the limit stands in for that size here: the check waits it out and answers.
    const url = database.env.DATABASE_URL;
    if (!url) return;
    const holder = postgres(url, { max: 1, onnotice: () => {} });
    try {
      let locked: () => void = () => {};
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const held = holder.begin(async (tx) => {
        await tx`lock table registers in access exclusive mode`;
        locked();
        await Bun.sleep(10_500);
      });
      await lockTaken;
      const started = performance.now();
      const checked = await run(database, "figures-check.ts", []);
      await held;
      expect(checked.stderr).not.toContain("statement timeout");
      expect(checked.code).toBe(0);
      expect(checked.stdout).toContain("figures:check: every rollup equals a recount from the rows");
      expect(performance.now() - started).toBeGreaterThan(10_000);
    } finally {
      await holder.end();
    }
  }, 60_000);

  test("bench:db times every screen's call beside its raw SQL and writes the table as JSON", async () => {
    const jsonPath = join(scratch, "bench-db.json");
    const measured = await run(database, "bench-db.ts", [
      String(families),
      "--runs",
      "3",
      "--warmup",
      "1",
      "--json",
      jsonPath,
    ]);
    expect(measured.code).toBe(0);
    expect(measured.stdout).toContain("| call | p50 ms | p95 ms | raw SQL p50 ms (statements) | ratio |");
    const report = z
      .object({
        database: z.enum(["pglite", "postgres"]),
        registers: z.number(),
        runs: z.literal(3),
        generation: z.null(),
        rows: z.array(
          z.object({
            call: z.string(),
            p50: z.number(),
            p95: z.number(),
            sqlP50: z.number(),
            statements: z.number(),
            ratio: z.number(),
          }),
        ),
      })
      .parse(JSON.parse(readFileSync(jsonPath, "utf8")));
    expect(report.database).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
    expect(report.registers).toBeGreaterThanOrEqual(families);
    const calls = report.rows.map((row) => row.call);
    for (const call of [
      "status search by NIK (public)",
      "name search, full name (public)",
      "landing statistics, city (uncached)",
      "dashboard, city (admin)",
      "dashboard, kelurahan",
      "special conditions, city page 1",
      "validation queue, city page 500",
      "records, city page 500",
      "records, official (kecamatan) page 500",
      'records search "Budi", city',
      "household map, kelurahan",
      "household map, city (admin, first 20,000 points)",
    ]) {
      expect(calls).toContain(call);
    }
    // A closed month's (its month-end snapshot, taken by the bench as a running portal has it) and the open one's.
    expect(calls.some((call) => /^monthly report \d{4}-\d{2} \(closed\), city$/.test(call))).toBe(true);
    expect(calls.some((call) => /^monthly report \d{4}-\d{2} \(open\), city$/.test(call))).toBe(true);
    expect(calls).toEqual(expect.arrayContaining(["/statistik trend, city", "/statistik trend, public"]));
    for (const row of report.rows) {
      expect(row.statements).toBeGreaterThan(0);
      expect(row.p50).toBeGreaterThan(0);
      expect(row.p95).toBeGreaterThanOrEqual(row.p50);
      expect(row.sqlP50).toBeGreaterThan(0);
      expect(Number.isFinite(row.ratio)).toBe(true);
    }
  }, 180_000);

  test("bench:http answers every endpoint it measures without an error and writes req/s as JSON", async () => {
    const jsonPath = join(scratch, "bench-http.json");
    const measured = await run(database, "bench-http.ts", [
      "--duration",
      "1",
      "--warmup",
      "0",
      "--connections",
      "2",
      "--json",
      jsonPath,
    ]);
    expect(measured.stderr).not.toContain("Error");
    expect(measured.code).toBe(0);
    const report = z
      .object({
        database: z.enum(["pglite", "postgres"]),
        peakRssMb: z.number(),
        rows: z.array(
          z.object({
            endpoint: z.string(),
            connections: z.number(),
            requestsPerSecond: z.number(),
            errors: z.number(),
            // The load's own CPU beside the server's: both share the machine's cores.
            loadCpuMsPerRequest: z.number(),
            // The server's peak within the run (0 when a 1 s run fell between two samples).
            peakRssMb: z.number().nonnegative(),
          }),
        ),
      })
      .parse(JSON.parse(readFileSync(jsonPath, "utf8")));
    expect(report.rows.map((row) => row.endpoint)).toEqual([
      "/healthz",
      "REST register list (page 1, with count)",
      "REST register list (page 1, with count, gzip)",
      "REST register list (a new page each request, with count)",
      "REST register list (a sync's next page, 3/4 through the list)",
      'REST name search "Budi"',
      'REST name search "Budi" (withCount=false)',
      "REST register list filtered by status",
      "REST register list of one status (a page far into it each request)",
      "REST register list changed since a partner's last run (sort=updatedAt)",
      "REST register list of one ward (a new page each request)",
      "tRPC records list page 1 (admin)",
      "landing statistics (stats.public, cached)",
      "landing statistics (stats.public, uncached)",
    ]);
    for (const row of report.rows) {
      expect(row.connections).toBe(2);
      expect(row.errors).toBe(0);
      expect(row.requestsPerSecond).toBeGreaterThan(0);
    }
    expect(report.peakRssMb).toBeGreaterThan(0);
  }, 180_000);
});

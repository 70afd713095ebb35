// `npm run bench:http [-- --duration S] [--warmup S] [--only text] [--connections C] [--json path] [--profile dir]`:
// requests per second over HTTP with autocannon at 10 and 50 connections, against the app started on
// a free port on the configured database (DATABASE_URL, or PGlite under DATA_DIR: fill it first with
// `npm run bench:db -- N` or `npm run demo:data`).
// Endpoints: /healthz, the REST register list with its count (page 1, a new page each request, a
// sync three quarters through), a REST name search, the REST list
// filtered by status (a filter without a text pattern) and a page far into one status, the families changed since a partner's
// last run (an incremental sync by updatedAt), one ward's pages, a tRPC list page
// (a signed-in admin), the landing statistics (tRPC stats.public) as served, kept for a minute by
// design, and uncached (a second server with PUBLIC_STATS_MAX_AGE_MS=0). Prints one table (with
// the server's peak RSS in each run) and the peak over all of them, writes JSON (.tmp/bench-http-<kind>.json). Beside req/s, the CPU each request
// cost the server process, (PostgreSQL on this machine) the app's database backends and this process
// sending and parsing the load (it shares the same cores): on a machine whose speed drifts, compare
// those. Numbers are reported, never asserted.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { count, eq, isNull } from "drizzle-orm";
import { openConfiguredDatabase } from "../server/src/db/open.ts";
import { desaKelurahan } from "../server/src/db/schema/regions.ts";
import { registers } from "../server/src/db/schema/registers.ts";
import { users } from "../server/src/db/schema/users.ts";
import { getEnv } from "../server/src/env.ts";
import { SESSION_COOKIE } from "../server/src/http/session-cookie.ts";
import { createLogger } from "../server/src/log.ts";
import { seedDatabase } from "../server/src/seed.ts";
import { createApiToken } from "../server/src/services/accounts/api-tokens.ts";
import { createSession, generateSessionToken } from "../server/src/services/accounts/sessions.ts";
import { freePort } from "./e2e.ts";
import { databaseCpu, processCpuMs } from "./process-cpu.ts";
import { serverMemoryEnv } from "./lib/server-memory.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "8" },
    // Unmeasured seconds before each run: the first seconds of a run paid for the JIT, the
    // connections and their prepared statements (REST list page 1: 1,107 req/s in a cold 8 s run,
    // 1,316 in the next).
    warmup: { type: "string", default: "2" },
    // `--only REST` runs the endpoints whose name contains the text; `--connections 10` one level only.
    only: { type: "string" },
    connections: { type: "string" },
    json: { type: "string" },
    // `--profile DIR`: the server writes a CPU profile (Markdown, Bun's --cpu-prof-md) into DIR
    // when it stops, to see where a request's server CPU goes.
    profile: { type: "string" },
  },
});
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const root = resolve(import.meta.dirname, "..");
const env = getEnv();
const APP_SECRET = env.APP_SECRET ?? "bench-secret-bench-secret-bench-secret-0123";

// Accounts for the run: a read-only API token and an admin session, made through the services.
const handle = await openConfiguredDatabase(env);
await handle.migrate();
await seedDatabase(handle.db, env, createLogger("warn"));
const [admin] = await handle.db.select().from(users).where(eq(users.role, "admin")).limit(1);
if (!admin) throw new Error("bench:http: no admin account");
const { passwordHash: _hash, ...adminUser } = admin;
const { token } = await createApiToken(
  handle.db,
  { user: adminUser, ip: "bench" },
  { name: `bench ${Date.now()}`, description: "", access: "read-only" },
);
const sessionToken = generateSessionToken();
await createSession(handle.db, sessionToken, admin.id, { persistent: false });
const [total] = await handle.db.select({ total: count() }).from(registers);
const wardIds = (await handle.db.select({ id: desaKelurahan.id }).from(desaKelurahan)).map((ward) => ward.id);
const statusTotals = await handle.db
  .select({ status: registers.status, families: count() })
  .from(registers)
  .where(isNull(registers.deletedAt))
  .groupBy(registers.status);
const kind = handle.kind;
await handle.close();

// Samples the app's PostgreSQL backends around each run (PGlite runs inside the server process).
const databaseCpuOf = kind === "postgres" && env.DATABASE_URL ? databaseCpu(env.DATABASE_URL) : null;
let peakRssKb = 0;
/** The server's peak RSS during the current measured run (reset before each). */
let runPeakRssKb = 0;

/**
 * The built server on a free port, with `extra` in its environment; resolves once /healthz answers.
 * One at a time: an embedded database belongs to one process.
 */
async function startServer(extra: Record<string, string> = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // This Bun, not the first `bun` on PATH (outside `npm run`, node_modules/.bin is not on it).
  const profiling = values.profile ? ["--cpu-prof-md", `--cpu-prof-dir=${resolve(values.profile)}`] : [];
  const child = Bun.spawn([process.execPath, ...profiling, "server/src/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      ...serverMemoryEnv,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_ORIGIN: baseUrl,
      APP_SECRET,
      LOG_LEVEL: "error",
      ...extra,
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  const sampler = setInterval(() => {
    const status = Bun.spawnSync(["ps", "-o", "rss=", "-p", String(child.pid)]);
    const rss = Number(status.stdout.toString().trim());
    if (!Number.isFinite(rss)) return;
    peakRssKb = Math.max(peakRssKb, rss);
    runPeakRssKb = Math.max(runPeakRssKb, rss);
  }, 500);
  const stop = async () => {
    clearInterval(sampler);
    child.kill();
    await child.exited;
  };
  for (let attempt = 0; ; attempt += 1) {
    const failed =
      attempt > 240
        ? "the server did not become healthy within 2 minutes"
        : child.exitCode !== null
          ? `the server exited with code ${child.exitCode}`
          : null;
    if (failed) {
      await stop();
      throw new Error(failed);
    }
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await Bun.sleep(500);
  }
  return { baseUrl, pid: child.pid, stop };
}
type Server = Awaited<ReturnType<typeof startServer>>;

let server: Server | undefined;
let serverKind: "cached" | "uncached" = "cached";
try {
  const bearer = { authorization: `Bearer ${token}` };
  const trpcInput = encodeURIComponent(JSON.stringify({ page: 1 }));
  // Pages walked by the "new page each request" run, never the same twice in one bench (a kept
  // page answers a repeated request without reading it: see README, Lists).
  let walked = 1;
  // A partner's sync three quarters of the way through the list: each page resumes where the one
  // before ended (rest/walk-anchors.ts) instead of skipping ~75,000 rows of the index.
  let synced = Math.max(1, Math.floor(((total?.total ?? 0) * 0.75) / 25));
  // A partner copying one ward after another, page by page: every ward's first 60 pages in turn,
  // so no page is asked twice in a run (a kept page would answer it without reading it).
  let wardPages = 0;
  const wardPage = () => {
    const ward = wardIds[wardPages % wardIds.length] ?? 0;
    const page = 1 + (Math.floor(wardPages / Math.max(1, wardIds.length)) % 60);
    wardPages += 1;
    return `/api/registers?filters[desa_kelurahan][id][$eq]=${ward}&pagination[page]=${page}&pagination[pageSize]=25`;
  };
  // A partner reading one status at a page far into it, picked anew each request and never next to
  // the one before (no walk anchor helps): every status in turn, pages spread over its list, page
  // sizes 20 to 29 so that no page is asked twice in a run (a kept page would answer it).
  let statusReads = 0;
  const statusPage = () => {
    const { status, families } = statusTotals[statusReads % Math.max(1, statusTotals.length)] ?? {
      status: "APPROVED",
      families: 0,
    };
    const pageSize = 20 + (Math.floor(statusReads / Math.max(1, statusTotals.length)) % 10);
    const page = 1 + ((statusReads * 7919) % Math.max(1, Math.floor(families / pageSize)));
    statusReads += 1;
    return `/api/registers?filters[status][$eq]=${status}&pagination[page]=${page}&pagination[pageSize]=${pageSize}`;
  };
  // Partners' last runs, from 30 days back a minute apart (the generator spreads changes over 24
  // months: ~4% of the families changed in the last 30 days).
  let lastRun = Date.now() - 30 * 24 * 60 * 60 * 1000;
  const changedSince = () => {
    lastRun += 60 * 1000;
    return `/api/registers?filters[updatedAt][$gt]=${new Date(lastRun).toISOString()}&sort=updatedAt:asc&pagination[pageSize]=25`;
  };
  const endpoints: Array<{
    name: string;
    path: string;
    headers?: Record<string, string>;
    /** The path of each request, when they differ. */
    next?: () => string;
    /** Measured on a server started with the landing's cache off (PUBLIC_STATS_MAX_AGE_MS=0). */
    uncached?: true;
  }> = [
    { name: "/healthz", path: "/healthz" },
    {
      name: "REST register list (page 1, with count)",
      path: "/api/registers?pagination[page]=1&pagination[pageSize]=25",
      headers: bearer,
    },
    {
      // What real clients send: the 75 KB page gzipped on the way out.
      name: "REST register list (page 1, with count, gzip)",
      path: "/api/registers?pagination[page]=1&pagination[pageSize]=25",
      headers: { ...bearer, "accept-encoding": "gzip" },
    },
    {
      name: "REST register list (a new page each request, with count)",
      path: "/api/registers?pagination[page]=1&pagination[pageSize]=25",
      headers: bearer,
      next: () => {
        walked += 1;
        return `/api/registers?pagination[page]=${walked}&pagination[pageSize]=25`;
      },
    },
    {
      name: "REST register list (a sync's next page, 3/4 through the list)",
      path: `/api/registers?pagination[page]=${synced}&pagination[pageSize]=25`,
      headers: bearer,
      next: () => {
        synced += 1;
        return `/api/registers?pagination[page]=${synced}&pagination[pageSize]=25`;
      },
    },
    {
      name: 'REST name search "Budi"',
      path: "/api/registers?filters[nama_kepala_keluarga][$containsi]=Budi&pagination[pageSize]=25",
      headers: bearer,
    },
    {
      // The same search without Strapi's exact total: what the count costs.
      name: 'REST name search "Budi" (withCount=false)',
      path: "/api/registers?filters[nama_kepala_keluarga][$containsi]=Budi&pagination[pageSize]=25&pagination[withCount]=false",
      headers: bearer,
    },
    {
      // A partner syncing the validated families: a filter without a text pattern.
      name: "REST register list filtered by status",
      path: "/api/registers?filters[status][$eq]=APPROVED&pagination[pageSize]=25",
      headers: bearer,
    },
    {
      name: "REST register list of one status (a page far into it each request)",
      path: statusPage(),
      headers: bearer,
      next: statusPage,
    },
    {
      // A partner's incremental sync: the families changed since its last run, oldest change first.
      // Each request starts a minute later than the one before (a page read again would be kept).
      name: "REST register list changed since a partner's last run (sort=updatedAt)",
      path: changedSince(),
      headers: bearer,
      next: changedSince,
    },
    {
      name: "REST register list of one ward (a new page each request)",
      path: wardPage(),
      headers: bearer,
      next: wardPage,
    },
    {
      name: "tRPC records list page 1 (admin)",
      path: `/trpc/registers.list?input=${trpcInput}`,
      headers: { cookie: `${SESSION_COOKIE}=${sessionToken}` },
    },
    { name: "landing statistics (stats.public, cached)", path: "/trpc/stats.public" },
    // Every request computes the figures, as the first visitor after each minute does.
    { name: "landing statistics (stats.public, uncached)", path: "/trpc/stats.public", uncached: true },
  ];
  const rows: Array<{
    endpoint: string;
    connections: number;
    requestsPerSecond: number;
    p50: number;
    p99: number;
    errors: number;
    serverCpuMsPerRequest: number | null;
    databaseCpuMsPerRequest: number | null;
    /** This process (autocannon sending and parsing): the share of the same cores the load takes. */
    loadCpuMsPerRequest: number | null;
    peakRssMb: number;
  }> = [];
  const perRequest = (ms: number | null, requests: number) =>
    ms === null || requests === 0 ? null : Math.round((ms / requests) * 1000) / 1000;
  const levels = values.connections ? [Number(values.connections)] : [10, 50];
  const chosen = endpoints.filter((endpoint) => !values.only || endpoint.name.includes(values.only));
  for (const endpoint of chosen) {
    // The cached endpoints on one server, then the uncached on another (never two at once).
    const wanted = endpoint.uncached ? "uncached" : "cached";
    if (!server || serverKind !== wanted) {
      await server?.stop();
      server = undefined;
      server = await startServer(endpoint.uncached ? { PUBLIC_STATS_MAX_AGE_MS: "0" } : {});
      serverKind = wanted;
    }
    const { baseUrl } = server;
    const probe = await fetch(`${baseUrl}${endpoint.path}`, { headers: endpoint.headers });
    if (!probe.ok) throw new Error(`${endpoint.name}: HTTP ${probe.status} ${await probe.text()}`);
    for (const connections of levels) {
      const { next } = endpoint;
      const load = (seconds: number) =>
        autocannon({
          url: `${baseUrl}${endpoint.path}`,
          headers: endpoint.headers,
          connections,
          duration: seconds,
          ...(next ? { requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }] } : {}),
        });
      if (warmup > 0) await load(warmup);
      const serverBefore = processCpuMs(server.pid);
      const databaseBefore = await databaseCpuOf?.sample();
      const loadBefore = processCpuMs(process.pid);
      runPeakRssKb = 0;
      const result = await load(duration);
      const loadAfter = processCpuMs(process.pid);
      const serverAfter = processCpuMs(server.pid);
      const databaseAfter = await databaseCpuOf?.sample();
      rows.push({
        endpoint: endpoint.name,
        connections,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
        serverCpuMsPerRequest: perRequest(
          serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore,
          result.requests.total,
        ),
        databaseCpuMsPerRequest: perRequest(
          databaseCpuOf && databaseBefore && databaseAfter
            ? databaseCpuOf.spentBetween(databaseBefore, databaseAfter)
            : null,
          result.requests.total,
        ),
        loadCpuMsPerRequest: perRequest(
          loadBefore === null || loadAfter === null ? null : loadAfter - loadBefore,
          result.requests.total,
        ),
        // Which endpoint drives the server's memory (the sampler's 500 ms ticks within the run).
        peakRssMb: Math.round(runPeakRssKb / 1024),
      });
      process.stderr.write(`  ${endpoint.name} @${connections}: ${Math.round(result.requests.average)} req/s\n`);
    }
  }
  console.log(`\n${kind}, ${total?.total.toLocaleString("en")} registers, ${duration} s per run`);
  console.log(
    "| endpoint | connections | req/s | p50 ms | p99 ms | errors | server CPU ms/req | db CPU ms/req | load CPU ms/req | server RSS MB (peak) |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  const shown = (value: number | null) => (value === null ? "—" : value.toFixed(3));
  for (const row of rows) {
    console.log(
      `| ${row.endpoint} | ${row.connections} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${shown(row.serverCpuMsPerRequest)} | ${shown(row.databaseCpuMsPerRequest)} | ${shown(row.loadCpuMsPerRequest)} | ${row.peakRssMb} |`,
    );
  }
  console.log(`server peak RSS: ${Math.round(peakRssKb / 1024)} MB`);
  const jsonPath = values.json ? resolve(values.json) : resolve(root, `.tmp/bench-http-${kind}.json`);
  mkdirSync(dirname(jsonPath), { recursive: true });
  writeFileSync(
    jsonPath,
    `${JSON.stringify({ database: kind, registers: total?.total, duration, peakRssMb: Math.round(peakRssKb / 1024), rows }, null, 2)}\n`,
  );
  console.log(`(JSON: ${jsonPath})`);
} finally {
  await databaseCpuOf?.close();
  await server?.stop();
}

// `npm run bench:db -- N [--runs R] [--warmup W] [--only text] [--json path]`: every screen's database call at N generated
// families, on the configured database (DATABASE_URL → PostgreSQL, else PGlite under DATA_DIR). Tops
// the data up to N with the bulk generator, then prints ONE table: p50/p95 of each service call,
// p50 of the raw SQL it runs (the same statements and parameters, captured once and replayed on the
// driver) and the ratio between them (the API's own overhead), and this process's CPU per call for
// each (wall-time ratios of sub-millisecond calls move ±30% between runs; the CPU is steadier). Also writes the table as JSON
// (default .tmp/bench-db-<kind>-<N>.json). Numbers are reported, never asserted.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { asc, count, eq, sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import type postgres from "postgres";
import { loadFamilies } from "../server/src/demo/bulk-load.ts";
import { wardOutlines } from "../server/src/demo/ward-outlines.ts";
import type { Db } from "../server/src/db/client.ts";
import { openConfiguredDatabase } from "../server/src/db/open.ts";
import * as schema from "../server/src/db/schema/index.ts";
import { familyMembers, registers } from "../server/src/db/schema/registers.ts";
import { desaKelurahan } from "../server/src/db/schema/regions.ts";
import { users } from "../server/src/db/schema/users.ts";
import { seedDatabase } from "../server/src/seed.ts";
import { getEnv } from "../server/src/env.ts";
import { createLogger } from "../server/src/log.ts";
import type { Actor, SessionUser } from "../server/src/services/accounts/actor.ts";
import { dashboardSummary } from "../server/src/services/figures/dashboard.ts";
import { monthlyReport } from "../server/src/services/figures/reports.ts";
import { breakdown, publicTrend, trend } from "../server/src/services/figures/statistics.ts";
import { computePublicStats } from "../server/src/services/figures/stats.ts";
import { listRecords } from "../server/src/services/registers/records.ts";
import { searchStatus } from "../server/src/services/registers/search.ts";
import { addressKey } from "../server/src/services/common/rate-limit.ts";
import { captchaNonce, issueCaptcha } from "../server/src/services/public/captcha.ts";
import { solveCaptcha } from "./lib/captcha-solver.ts";
import { failInOneLine } from "./lib/command.ts";
import { specialConditions } from "../server/src/services/registers/special-conditions.ts";
import { householdMap } from "../server/src/services/registers/household-map.ts";
import { queue } from "../server/src/services/registers/workflow.ts";
import { overdueCounts } from "../server/src/services/registers/deadlines.ts";
import { viewRecap } from "../server/src/services/recaps/documents.ts";
import { recapStatus } from "../server/src/services/recaps/signoffs.ts";

const { values, positionals } = parseArgs({
  options: {
    runs: { type: "string", default: "30" },
    warmup: { type: "string", default: "200" },
    json: { type: "string" },
    // Only the calls whose label contains this text (a before/after of a few calls on a large database).
    only: { type: "string" },
  },
  allowPositionals: true,
});
const target = Number(positionals[0] ?? 100_000);
const runs = Number(values.runs);
// Calls made before the timed runs, so each is timed with its code compiled by the JIT, as in a
// server that has been answering for a while (the raw replay's driver code is hot by then too).
const warmup = Number(values.warmup);
const env = getEnv();
const handle = await openConfiguredDatabase(env, { statementTimeoutMs: 0 });
const { db } = handle;
await handle.migrate();
await seedDatabase(db, env, createLogger("warn"));

const [existing] = await db.select({ total: count() }).from(registers);
const missing = target - (existing?.total ?? 0);
/** Generates the families missing up to the target (none missing: null). */
async function topUp(): Promise<{ families: number; perSecond: number; finishSeconds: number } | null> {
  if (missing <= 0) return null;
  const result = await loadFamilies(handle, {
    families: missing,
    outlines: await wardOutlines(env.CITY_CODE, env.DATA_DIR),
    onProgress: (done) =>
      process.stderr.write(`\r  generating ${done.toLocaleString("en")} / ${missing.toLocaleString("en")}`),
  });
  process.stderr.write("\n");
  return {
    families: missing,
    perSecond: Math.round(missing / result.loadSeconds),
    finishSeconds: result.finishSeconds,
  };
}
// A top-up beside a running portal is refused (db/portal-lock.ts): said in one line, as demo:data says it.
const generation = await topUp().catch(failInOneLine);
const [total] = await db.select({ total: count() }).from(registers);

// ─── Raw SQL: a second drizzle on the same client records each call's statements ───────────────
interface Statement {
  query: string;
  params: unknown[];
}
let captured: Statement[] = [];
const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
const client: unknown = Reflect.get(db, "$client");
const isPostgres = (value: unknown): value is postgres.Sql => typeof value === "function" && "unsafe" in value;
let capturingDb: Db;
let runRaw: (statement: Statement) => Promise<unknown>;
if (client instanceof PGlite) {
  capturingDb = drizzlePglite({ client, schema, casing: "snake_case", logger });
  runRaw = (statement) => client.query(statement.query, statement.params);
} else if (isPostgres(client)) {
  capturingDb = drizzlePostgres({ client, schema, casing: "snake_case", logger });
  runRaw = (statement) => client.unsafe(statement.query, statement.params.map(asParameter));
} else {
  throw new Error("bench:db: unknown database client");
}
function asParameter(value: unknown): postgres.ParameterOrJSON<never> {
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

interface Row {
  call: string;
  p50: number;
  p95: number;
  sqlP50: number;
  statements: number;
  ratio: number;
  /** This process's CPU per call (µs): the service's runs, and the raw replay's. */
  cpuUs: number;
  rawCpuUs: number;
}
const rows: Row[] = [];

/** Warm-up calls' run numbers: clear of the timed runs' (a search's client address is its run's). */
const WARMUP_INDEX = 40_000;

/**
 * `freshValue`, asked right after the statements are captured: maps each captured value to the one a
 * replay `run` sends (a captcha's nonce and a client's rate-limit key must be new on every run, or
 * the replayed search would find its nonce used and skip the lookup).
 */
async function bench(
  label: string,
  call: (database: Db, index: number) => Promise<unknown>,
  freshValue?: () => (value: unknown, run: number) => unknown,
  /** What the caller did before the call, untimed (a visitor's captcha comes from an earlier request). */
  before: () => void = () => {},
): Promise<void> {
  if (values.only && !label.includes(values.only)) return;
  captured = [];
  before();
  await call(capturingDb, 0);
  const fresh = freshValue?.();
  const statements = captured;
  before();
  await call(db, 0);
  for (let index = 0; index < warmup; index += 1) {
    before();
    await call(db, WARMUP_INDEX + index);
  }
  // The service's runs and the raw replays take turns, so a machine whose speed drifts over seconds
  // slows both alike (timed one block after the other, a sub-millisecond call's ratio moved between
  // 1.0 and 2.0 from run to run).
  const samples: number[] = [];
  const raw: number[] = [];
  let cpuMicros = 0;
  let rawCpuMicros = 0;
  const cpuSince = (start: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(start);
    return used.user + used.system;
  };
  for (let index = 1; index <= runs; index += 1) {
    before();
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    await call(db, index);
    samples.push(performance.now() - started);
    cpuMicros += cpuSince(cpuStart);
    const rawCpuStart = process.cpuUsage();
    const rawStarted = performance.now();
    for (const statement of statements)
      await runRaw(fresh ? { ...statement, params: statement.params.map((value) => fresh(value, index)) } : statement);
    raw.push(performance.now() - rawStarted);
    rawCpuMicros += cpuSince(rawCpuStart);
  }
  const row = {
    call: label,
    p50: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
    sqlP50: quantile(raw, 0.5),
    statements: statements.length,
    ratio: quantile(samples, 0.5) / Math.max(quantile(raw, 0.5), 0.001),
    cpuUs: cpuMicros / runs,
    rawCpuUs: rawCpuMicros / runs,
  };
  rows.push(row);
  process.stderr.write(`  ${label}: ${row.p50.toFixed(2)} ms\n`);
}

// ─── The actors: users of the first ward (RW 001, RT 001) at every level, and an admin ──────────
const [ward] = await db.select().from(desaKelurahan).orderBy(asc(desaKelurahan.kode)).limit(1);
const [admin] = await db.select().from(users).where(eq(users.role, "admin")).limit(1);
if (!ward || !admin) throw new Error("bench:db: regions or the admin account missing");
const { passwordHash: _hash, ...adminUser } = admin;
const asUser = (user: SessionUser): Actor => ({ user, ip: "bench" });
type Level = "rt" | "rw" | "kelurahan" | "kecamatan";
const areaUser = (level: Level, role: SessionUser["role"]): SessionUser => ({
  ...adminUser,
  role,
  level,
  status: "active",
  kecamatanId: ward.kecamatanId,
  desaKelurahanId: level === "kecamatan" ? null : ward.id,
  rw: level === "rt" || level === "rw" ? "001" : null,
  rt: level === "rt" ? "001" : null,
});
const cadre = (level: Level): Actor => asUser(areaUser(level, "kader"));
const adminActor = asUser(adminUser);
/** An official (aparat) of the first ward's kecamatan: reads every list, masked. */
const officialActor = asUser(areaUser("kecamatan", "aparat"));
const niks = (await db.select({ nik: familyMembers.nik }).from(familyMembers).orderBy(sql`random()`).limit(100)).map(
  (row) => row.nik,
);
const [sample] = await db
  .select({ name: registers.namaKepalaKeluarga, ward: registers.desaKelurahanId })
  .from(registers)
  .orderBy(sql`random()`)
  .limit(1);
// The month before this one in WIB (31 days back from the 1st of March would land in January).
const wibNow = new Date(Date.now() + 7 * 60 * 60 * 1000);
const thisMonth = wibNow.toISOString().slice(0, 7);
const lastMonth = new Date(Date.UTC(wibNow.getUTCFullYear(), wibNow.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
// A running portal has taken last month's month-end snapshot at its first write of this month, and
// every closed month's report and /statistik read it; a load clears them (rollups.ts), so take it.
await db.execute(sql`select pkk_take_month_ends_until(${lastMonth})`);

// The public status search as a visitor calls it: a fresh captcha each time (issued and answered
// before the timed call, as a visitor's browser fetched it in an earlier request), from an address of
// its own (the per-address limit would refuse the runs otherwise); its one statement also counts the
// attempt and burns the captcha.
const searchSecret = "bench-db-secret-bench-db-secret-bench-db-01";
let lastSearch = { nonce: "", key: "", query: "" };
let answered: { token: string; answer: number } | null = null;
const answerCaptcha = () => {
  const challenge = issueCaptcha(searchSecret, "search");
  answered = { token: challenge.token, answer: solveCaptcha(challenge.question) };
};
async function search(database: Db, index: number, query: string, desaKelurahanId?: number) {
  const captcha = answered;
  answered = null;
  if (!captcha) throw new Error("bench:db: a search without its captcha");
  const visitor: Actor = { user: null, ip: `10.99.${(index >> 8) & 255}.${index & 255}` };
  lastSearch = { nonce: captchaNonce(captcha.token) ?? "", key: addressKey("search", visitor.ip), query };
  return searchStatus(database, searchSecret, visitor, { query, desaKelurahanId, captcha });
}
/** Each replay a new nonce and key, and (`queryOf`) the run's own query, as the service's runs had. */
const freshSearch = (queryOf?: (run: number) => string) => (): ((value: unknown, run: number) => unknown) => {
  const { nonce, key, query } = lastSearch;
  return (value, run) =>
    value === nonce
      ? `${nonce}-raw-${run}`
      : value === key
        ? `${key}-raw-${run}`
        : queryOf && value === query
          ? queryOf(run)
          : value;
};
// The replay reads other families than the service's runs did (as unread as theirs were), not theirs again.
const nikOf = (run: number) => niks[run % niks.length] ?? "";
await bench(
  "status search by NIK (public)",
  (d, i) => search(d, i, nikOf(i)),
  freshSearch((run) => nikOf(run + 50)),
  answerCaptcha,
);
await bench(
  "name search, full name (public)",
  (d, i) => search(d, i, sample?.name ?? "Budi Santoso", sample?.ward ?? undefined),
  freshSearch(),
  answerCaptcha,
);
await bench(
  'name search, common "Budi" in one kelurahan (public)',
  (d, i) => search(d, i, "Budi", sample?.ward ?? undefined),
  freshSearch(),
  answerCaptcha,
);
await bench("landing statistics, city (uncached)", (d) => computePublicStats(d));
await bench("dashboard, city (admin)", (d) => dashboardSummary(d, adminActor));
await bench("dashboard, kecamatan", (d) => dashboardSummary(d, cadre("kecamatan")));
await bench("dashboard, kelurahan", (d) => dashboardSummary(d, cadre("kelurahan")));
await bench("dashboard, RT", (d) => dashboardSummary(d, cadre("rt")));
// The dashboard's second call, its deadline card (dashboard.overdue).
await bench("overdue counts, city (admin)", (d) => overdueCounts(d, adminActor));
await bench("overdue counts, kelurahan", (d) => overdueCounts(d, cadre("kelurahan")));
await bench(`monthly report ${lastMonth} (closed), city`, (d) => monthlyReport(d, adminActor, { month: lastMonth }));
await bench(`monthly report ${lastMonth} (closed), kelurahan`, (d) =>
  monthlyReport(d, cadre("kelurahan"), { month: lastMonth }),
);
await bench(`monthly report ${lastMonth} (closed), RW`, (d) => monthlyReport(d, cadre("rw"), { month: lastMonth }));
await bench(`monthly report ${thisMonth} (open), city`, (d) => monthlyReport(d, adminActor, { month: thisMonth }));
await bench(`monthly report ${thisMonth} (open), RW`, (d) => monthlyReport(d, cadre("rw"), { month: thisMonth }));
await bench("/statistik trend, city", (d) => trend(d, adminActor, { indicator: "sumber-air" }));
await bench("/statistik trend, kelurahan", (d) => trend(d, cadre("kelurahan"), { indicator: "sumber-air" }));
await bench("/statistik trend, RT", (d) => trend(d, cadre("rt"), { indicator: "sumber-air" }));
await bench("/statistik trend, public", (d) => publicTrend(d, { indicator: "sumber-air" }));
await bench(`/statistik ${lastMonth} (closed), city`, (d) =>
  breakdown(d, adminActor, { indicator: "sumber-air", month: lastMonth }),
);
await bench("special conditions, city page 1", (d) => specialConditions(d, adminActor, {}));
await bench("special conditions, kelurahan page 1", (d) => specialConditions(d, cadre("kelurahan"), {}));
await bench("validation queue, kelurahan page 1", (d) => queue(d, cadre("kelurahan"), { status: "all", page: 1 }));
await bench("validation queue, city page 1", (d) => queue(d, adminActor, { status: "all", page: 1 }));
await bench("validation queue, city page 500", (d) => queue(d, adminActor, { status: "all", page: 500 }));
await bench("records, kelurahan page 1", (d) => listRecords(d, cadre("kelurahan"), { page: 1 }));
await bench("records, city page 500", (d) => listRecords(d, adminActor, { page: 500 }));
await bench("records, official (kecamatan) page 1", (d) => listRecords(d, officialActor, { page: 1 }));
await bench("records, official (kecamatan) page 500", (d) => listRecords(d, officialActor, { page: 500 }));
await bench("records, RW page 1", (d) => listRecords(d, cadre("rw"), { page: 1 }));
await bench("validation queue, RT page 1", (d) => queue(d, cadre("rt"), { status: "all", page: 1 }));
// 'Terlambat dulu': the overdue records first, read from the waiting-since indexes (deadlines.ts).
await bench("validation queue, overdue first, kelurahan page 1", (d) =>
  queue(d, cadre("kelurahan"), { sort: "overdue", page: 1 }),
);
await bench("validation queue, overdue first, city page 1", (d) => queue(d, adminActor, { sort: "overdue", page: 1 }));
await bench("validation queue, overdue first, city page 500", (d) =>
  queue(d, adminActor, { sort: "overdue", status: "all", page: 500 }),
);
await bench("validation queue, overdue first, official (kecamatan) page 500", (d) =>
  queue(d, officialActor, { sort: "overdue", status: "all", page: 500 }),
);
await bench('records search "Budi", kelurahan', (d) => listRecords(d, cadre("kelurahan"), { search: "Budi", page: 1 }));
await bench('records search "Budi", city', (d) => listRecords(d, adminActor, { search: "Budi", page: 1 }));
// The recap sheets (Lampiran 4.16d, one row per RW) and the sign-off page of a kelurahan.
await bench(`recap 4.16 ${lastMonth}, kelurahan`, (d) =>
  viewRecap(d, cadre("kelurahan"), { form: "4.16", period: lastMonth, place: { desaKelurahanId: ward.id } }),
);
await bench(`recap sign-off status ${lastMonth}, kelurahan`, (d) =>
  recapStatus(d, cadre("kelurahan"), { period: lastMonth, place: { desaKelurahanId: ward.id } }),
);
await bench("household map, kelurahan", (d) => householdMap(d, cadre("kelurahan")));
await bench("household map, city (admin, first 20,000 points)", (d) => householdMap(d, adminActor));

const header = `${handle.kind}, ${total?.total.toLocaleString("en")} registers, ${runs} runs per call after ${warmup} to warm up`;
console.log(`\n${header}`);
if (generation) {
  console.log(
    `generator: ${generation.families.toLocaleString("en")} families at ${generation.perSecond.toLocaleString("en")}/s, rollups + VACUUM ANALYZE ${generation.finishSeconds.toFixed(1)} s`,
  );
}
console.log("| call | p50 ms | p95 ms | raw SQL p50 ms (statements) | ratio | app CPU µs a call: service / raw |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const row of rows) {
  console.log(
    `| ${row.call} | ${row.p50.toFixed(2)} | ${row.p95.toFixed(2)} | ${row.sqlP50.toFixed(2)} (${row.statements}) | ${row.ratio.toFixed(2)} | ${Math.round(row.cpuUs)} / ${Math.round(row.rawCpuUs)} |`,
  );
}
const jsonPath = values.json ?? `.tmp/bench-db-${handle.kind}-${target}.json`;
mkdirSync(dirname(jsonPath), { recursive: true });
writeFileSync(
  jsonPath,
  `${JSON.stringify({ database: handle.kind, registers: total?.total, runs, warmup, at: new Date().toISOString(), generation, rows }, null, 2)}\n`,
);
console.log(`(JSON: ${jsonPath})`);
await handle.close();

// `npm run bench:load`: 50 closed-loop users for 5 minutes against the portal on loopback, a mix
// of public registrations, public status searches, cadre list reads and status moves (an admin
// verifying what waits, many at once, so writers meet on the same wards' rollups); prints
// p50/p95/p99 per operation, throughput, errors by status and the server's RSS. Never part of
// `npm test`.
//   LOAD_USERS (50)  LOAD_SECONDS (300)  LOAD_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres:
//   a fresh database is created there for the run and dropped afterwards). Loopback addresses only.
//   LOAD_DATABASE_URL: run against this database as it is instead (e.g. one `npm run demo:data --
//   --families 1000000` filled, to see the write path at a city's size); it keeps the run's writes.
//   LOAD_DATA_DIR: run against the embedded database (PGlite) in this DATA_DIR as it is instead (e.g.
//   one `DATA_DIR=… npm run demo:data -- --families 100000` filled); it keeps the run's writes.
// DESIGN §9 goal: 0 5xx, p95 ≤ 300 ms, server RSS ≤ 300 MB.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { z } from "zod";
import { count } from "drizzle-orm";
import { openDatabase } from "../server/src/db/client.ts";
import { holdsDatabase } from "../server/src/db/open.ts";
import { registers } from "../server/src/db/schema/registers.ts";
import { DEMO_PASSWORD } from "../server/src/demo/accounts.ts";
import {
  familyFactory,
  login,
  randomIp,
  readWards,
  register,
  searchStatus,
  startPortal,
  waitReady,
  wardsIn,
} from "./lib/portal.ts";

const users = Number(process.env.LOAD_USERS ?? 50);
const seconds = Number(process.env.LOAD_SECONDS ?? 300);
const adminUrl = process.env.LOAD_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const existingUrl = process.env.LOAD_DATABASE_URL;
for (const url of [adminUrl, existingUrl]) {
  const host = url ? new URL(url).hostname : "127.0.0.1";
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) throw new Error(`only loopback databases: ${host}`);
}

const work = mkdtempSync(join(tmpdir(), "pkk-load-"));
const pgliteDataDir = process.env.LOAD_DATA_DIR;
const databaseName = `pkk_load_${process.pid}`;
const admin = pgliteDataDir ? null : postgres(adminUrl, { max: 1, onnotice: () => {} });
if (admin && !existingUrl) await admin.unsafe(`create database ${databaseName}`);
const databaseUrl = existingUrl ?? adminUrl.replace(/\/[^/]*$/, `/${databaseName}`);

/** The embedded database's wards and families, read before the portal takes it (one process at a time). */
async function describeEmbedded(
  dataDir: string,
): Promise<{ wards: Awaited<ReturnType<typeof wardsIn>>; registers: number }> {
  const pgliteDir = join(dataDir, "pglite");
  if (!holdsDatabase(pgliteDir))
    throw new Error(`no embedded database in ${pgliteDir}: fill it first (npm run demo:data)`);
  const handle = await openDatabase({ dataDir: pgliteDir });
  try {
    const wards = await wardsIn(handle.db);
    const [row] = await handle.db.select({ total: count() }).from(registers);
    return { wards, registers: row?.total ?? 0 };
  } finally {
    await handle.close();
  }
}

const embedded = pgliteDataDir ? await describeEmbedded(pgliteDataDir) : null;
const portal = await startPortal(
  pgliteDataDir
    ? { DATA_DIR: pgliteDataDir, DEMO_DATA: "true" }
    : { DATA_DIR: work, DEMO_DATA: "true", DATABASE_URL: databaseUrl },
);

type Operation = "register" | "search" | "cadre list" | "move";
const latencies: Record<Operation, number[]> = { register: [], search: [], "cadre list": [], move: [] };
const statuses = new Map<string, number>();
let stopped = false;

function record(operation: Operation, status: number, ms: number): void {
  const key = `${operation} ${status}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
  if (status === 200) latencies[operation].push(ms);
}

async function cadreList(cookie: string, page: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const input = encodeURIComponent(JSON.stringify({ search: "", page, pageSize: 5 }));
  const response = await fetch(`${portal.baseUrl}/trpc/registers.list?input=${input}`, {
    headers: { cookie, origin: portal.baseUrl },
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const waitingPage = z.object({
  result: z.object({
    data: z.object({ items: z.array(z.object({ id: z.number(), version: z.number(), actions: z.array(z.string()) })) }),
  }),
});

/**
 * A status move as the validation queue makes it: a page of what waits, then 'Verifikasi' on one of
 * them with the version read. Two users on the same record: one gets 409 (counted apart, not an error).
 */
async function verifyWaiting(cookie: string, page: number, pick: number): Promise<{ status: number; ms: number }> {
  const input = encodeURIComponent(JSON.stringify({ status: "waiting", page, pageSize: 10 }));
  const listed = await fetch(`${portal.baseUrl}/trpc/registers.queue?input=${input}`, {
    headers: { cookie, origin: portal.baseUrl },
  });
  const parsed = waitingPage.safeParse(await listed.json().catch(() => null));
  if (!listed.ok || !parsed.success) return { status: listed.status === 200 ? 0 : listed.status, ms: 0 };
  const movable = parsed.data.result.data.items.filter((item) => item.actions.includes("verify"));
  const item = movable[pick % Math.max(1, movable.length)];
  if (!item) return { status: 204, ms: 0 };
  const started = performance.now();
  const response = await fetch(`${portal.baseUrl}/trpc/registers.transition`, {
    method: "POST",
    headers: { cookie, origin: portal.baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ registerId: item.id, action: "verify", expectedVersion: item.version }),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function countRegisters(url: string): Promise<number> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await client<Array<{ total: number }>>`select count(*)::integer as total from registers`;
    return row?.total ?? 0;
  } finally {
    await client.end();
  }
}

function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((entry) => entry.startsWith("VmRSS:"));
    return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

try {
  await waitReady(portal);
  const wards = embedded?.wards ?? (await readWards(databaseUrl));
  const registersAtStart = embedded?.registers ?? (await countRegisters(databaseUrl));
  const makeFamily = familyFactory(wards, 1_000_000 + (process.pid % 1000) * 10_000);
  const heads: string[] = [];
  const cookie = await login(portal.baseUrl, "kader.kelurahan@pkk.demo", DEMO_PASSWORD, "127.0.0.9");
  const adminCookie = await login(portal.baseUrl, "admin@pkk.demo", DEMO_PASSWORD, "127.0.0.10");
  // Sampled every second: the peak comes in the first seconds (code compiled, the heap grown before
  // the collector shrinks it), so the median of the last three quarters is printed beside it.
  const rssSamples: number[] = [];
  const sampler = setInterval(() => {
    rssSamples.push(rssMb(portal.process.pid));
  }, 1000);

  const user = async (index: number) => {
    let round = index;
    while (!stopped) {
      round += 1;
      const ip = randomIp();
      const pick = round % 10;
      try {
        if (pick < 3) {
          const registration = makeFamily();
          const { result } = await register(portal.baseUrl, registration, ip);
          record("register", result.status, result.ms);
          if (result.status === 200) heads.push(registration.headNik);
        } else if (pick < 7) {
          // Half by a registered head's NIK, half by a common name in the demo kelurahan (a name
          // is only looked up within one kelurahan).
          const byNik = round % 2 === 0 && heads.length > 0;
          const result = byNik
            ? await searchStatus(portal.baseUrl, heads[round % heads.length] ?? "", ip)
            : await searchStatus(portal.baseUrl, "Siti", ip, wards[0]?.id);
          record("search", result.status, result.ms);
        } else if (pick < 9) {
          const result = await cadreList(cookie, (round % 20) + 1);
          record("cadre list", result.status, result.ms);
        } else {
          const result = await verifyWaiting(adminCookie, (round % 5) + 1, round);
          // 204: nothing waited on that page.
          if (result.status !== 204) record("move", result.status, result.ms);
        }
      } catch {
        record(pick < 3 ? "register" : pick < 7 ? "search" : pick < 9 ? "cadre list" : "move", 0, 0);
      }
    }
  };

  console.log(
    `${users} users for ${seconds} s against ${portal.baseUrl} (${embedded ? "PGlite" : "PostgreSQL"}, ${registersAtStart.toLocaleString("en")} registers at the start); mix 30% registration, 40% status search, 20% cadre list, 10% status move (admin verifying what waits)`,
  );
  const started = performance.now();
  const running = Array.from({ length: users }, (_, index) => user(index));
  await Bun.sleep(seconds * 1000);
  stopped = true;
  await Promise.all(running);
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;

  let total = 0;
  for (const [operation, values] of Object.entries(latencies)) {
    total += values.length;
    const f = (p: number) => `${Math.round(percentile(values, p))} ms`;
    console.log(
      `${operation.padEnd(11)} ok ${String(values.length).padStart(6)}  p50 ${f(50)}  p95 ${f(95)}  p99 ${f(99)}`,
    );
  }
  const all = Object.values(latencies).flat();
  console.log(
    `all         ok ${String(total).padStart(6)}  p50 ${Math.round(percentile(all, 50))} ms  p95 ${Math.round(percentile(all, 95))} ms  p99 ${Math.round(percentile(all, 99))} ms  ${(total / elapsed).toFixed(1)} ops/s`,
  );
  const errors = [...statuses].filter(([key]) => !key.endsWith(" 200"));
  const fiveHundreds = errors.filter(([key]) => / (0|5\d\d)$/.test(key)).reduce((sum, [, count]) => sum + count, 0);
  console.log(`errors: ${errors.length === 0 ? "none" : errors.map(([key, count]) => `${key}: ${count}`).join(", ")}`);
  const peakRss = Math.max(0, ...rssSamples);
  const settledRss = percentile(rssSamples.slice(Math.floor(rssSamples.length / 4)), 50);
  console.log(
    `5xx or no answer: ${fiveHundreds}; server RSS peak ${peakRss} MB, median after the first quarter ${settledRss} MB; process alive: ${portal.alive()}`,
  );
} finally {
  portal.process.kill("SIGTERM");
  await portal.process.exited;
  if (admin && !existingUrl) await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
  await admin?.end();
  rmSync(work, { recursive: true, force: true });
}

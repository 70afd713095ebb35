// What the fault and load suites share: start the portal as a child process on a free loopback port,
// and talk to it the way the browser does (tRPC over HTTP, captcha solved like a person would).
import type { FamilyRegistration } from "../../shared/src/schemas/family.ts";
import { buildDemoFamily, seededRandom } from "../../server/src/demo/families.ts";
import { freePort } from "../../server/test/private-postgres.ts";
import { asc } from "drizzle-orm";
import type { Db } from "../../server/src/db/client.ts";
import { desaKelurahan } from "../../server/src/db/schema/regions.ts";
import { resolve } from "node:path";
import postgres from "postgres";
import { solveCaptcha } from "./captcha-solver.ts";
import { serverMemoryEnv } from "./server-memory.ts";

const root = resolve(import.meta.dirname, "../..");

export interface Portal {
  baseUrl: string;
  process: Bun.Subprocess;
  output: () => string;
  alive: () => boolean;
}

export async function startPortal(env: Record<string, string>): Promise<Portal> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  const child = Bun.spawn([process.execPath, "server/src/index.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_ORIGIN: baseUrl,
      APP_SECRET: "fault-suite-secret-fault-suite-secret-0001",
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
      ...serverMemoryEnv,
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) output += decoder.decode(chunk, { stream: true });
  };
  void pump(child.stdout);
  void pump(child.stderr);
  return { baseUrl, process: child, output: () => output, alive: () => child.exitCode === null && !child.killed };
}

/** Waits until /readyz says ready; throws when the process exits first or `ms` passes. */
export async function waitReady(portal: Portal, ms = 120_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (portal.process.exitCode !== null) throw new Error(`the portal exited (${portal.process.exitCode})`);
    try {
      const response = await fetch(`${portal.baseUrl}/readyz`, { signal: AbortSignal.timeout(3000) });
      if (response.ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(100);
  }
  throw new Error(`the portal was not ready within ${ms} ms`);
}

export interface CallResult {
  status: number;
  ms: number;
  body: unknown;
}

export async function trpcCall(
  baseUrl: string,
  path: string,
  input: unknown,
  ip: string,
  timeoutMs = 30_000,
): Promise<CallResult> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, "x-forwarded-for": ip },
    body: JSON.stringify(input),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, ms: performance.now() - started, body };
}

function field(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null || !(key in current)) return undefined;
    current = Object.entries(current).find(([name]) => name === key)?.[1];
  }
  return current;
}

/** Issues and solves a captcha; returns the failing call instead when issuing failed. */
async function captcha(
  baseUrl: string,
  kind: "family" | "search" | "sum",
  ip: string,
): Promise<{ failed: CallResult } | { answer: { token: string; answer: number }; ms: number }> {
  const issued = await trpcCall(baseUrl, "captcha.issue", { kind }, ip);
  const token = field(issued.body, "result", "data", "token");
  const question = field(issued.body, "result", "data", "question");
  if (issued.status !== 200 || typeof token !== "string" || typeof question !== "string") return { failed: issued };
  return { answer: { token, answer: solveCaptcha(question) }, ms: issued.ms };
}

export interface Registration {
  idempotencyKey: string;
  headNik: string;
  form: FamilyRegistration;
}

/**
 * Builds distinct families in the given wards. Their NIKs are birth-style, like residents' (spread
 * over the index, not one sequence), and keep 4 digits of a serial: past 1,000 families one could
 * repeat an earlier family's, so a family holding a NIK this factory gave out is drawn again.
 */
export function familyFactory(wards: Array<{ id: number; kecamatanId: number; kode: string }>, serialBase: number) {
  const random = seededRandom(serialBase);
  const given = new Set<string>();
  let serial = serialBase;
  const draw = (): FamilyRegistration => {
    serial += 1;
    const area = wards[serial % wards.length];
    if (!area) throw new Error("no wards");
    return buildDemoFamily(random, serial, {
      kecamatanId: area.kecamatanId,
      desaKelurahanId: area.id,
      kode: area.kode,
      rw: String((serial % 9) + 1).padStart(3, "0"),
      rt: String((serial % 7) + 1).padStart(3, "0"),
    });
  };
  return (): Registration => {
    let form = draw();
    while (form.members.some((member) => given.has(member.nik))) form = draw();
    for (const member of form.members) given.add(member.nik);
    return { idempotencyKey: crypto.randomUUID(), headNik: form.nikKepalaKeluarga, form };
  };
}

/** One registration the way the form sends it; `result` is the final call (200 = acknowledged). */
export async function register(
  baseUrl: string,
  registration: Registration,
  ip: string,
): Promise<{ result: CallResult; registrationNumber: string | null }> {
  const solved = await captcha(baseUrl, "family", ip);
  if ("failed" in solved) return { result: solved.failed, registrationNumber: null };
  const result = await trpcCall(
    baseUrl,
    "registers.registerFamily",
    { form: registration.form, captcha: solved.answer, idempotencyKey: registration.idempotencyKey },
    ip,
  );
  const number = field(result.body, "result", "data", "registrationNumber");
  return {
    result: { ...result, ms: result.ms + solved.ms },
    registrationNumber: typeof number === "string" ? number : null,
  };
}

/** Signs in through the login form's call (captcha "sum"); returns the session cookie. */
export async function login(baseUrl: string, email: string, password: string, ip: string): Promise<string> {
  const solved = await captcha(baseUrl, "sum", ip);
  if ("failed" in solved) throw new Error(`captcha failed (${solved.failed.status})`);
  const response = await fetch(`${baseUrl}/trpc/auth.login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, "x-forwarded-for": ip },
    body: JSON.stringify({ email, password, rememberMe: false, captcha: solved.answer }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!response.ok || !cookie) throw new Error(`login failed (${response.status})`);
  return cookie;
}

/** The public status search: by NIK or registration number, or by name within one kelurahan. */
export async function searchStatus(
  baseUrl: string,
  query: string,
  ip: string,
  desaKelurahanId?: number,
): Promise<CallResult> {
  const solved = await captcha(baseUrl, "search", ip);
  if ("failed" in solved) return solved.failed;
  const input = { query, captcha: solved.answer, ...(desaKelurahanId === undefined ? {} : { desaKelurahanId }) };
  const result = await trpcCall(baseUrl, "registers.searchStatus", input, ip);
  return { ...result, ms: result.ms + solved.ms };
}

/** The seeded city's wards, read from the database the portal uses. */
export async function readWards(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await sql<Array<{ id: number; kecamatanId: number; kode: string }>>`
      select id, kecamatan_id as "kecamatanId", kode from desa_kelurahan order by kode`;
  } finally {
    await sql.end();
  }
}

/** The wards of a database opened in this process (PGlite), as readWards gives them. */
export function wardsIn(db: Db) {
  return db
    .select({ id: desaKelurahan.id, kecamatanId: desaKelurahan.kecamatanId, kode: desaKelurahan.kode })
    .from(desaKelurahan)
    .orderBy(asc(desaKelurahan.kode));
}

export function randomIp(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

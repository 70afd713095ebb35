import { afterAll, beforeAll } from "bun:test";
import type { Hono } from "hono";
import type { AppEnv } from "../src/app-env.ts";
import { createApp } from "../src/app.ts";
import { createSession, generateSessionToken } from "../src/services/accounts/sessions.ts";
import { SESSION_COOKIE } from "../src/http/session-cookie.ts";
import type { DatabaseHandle, Db } from "../src/db/client.ts";
import { users, type UserRow } from "../src/db/schema/users.ts";
import { parseEnv, type Env } from "../src/env.ts";
import { createLogger } from "../src/log.ts";
import { seedRegions } from "../src/services/regions/regions.ts";
import { createContextInner } from "../src/trpc/init.ts";
import { appRouter } from "../src/trpc/router.ts";
import { createCallerFactory } from "../src/trpc/init.ts";
import type { SessionUser } from "../src/services/accounts/actor.ts";
import { issueCaptcha } from "../src/services/public/captcha.ts";
import { createTestDatabase } from "./db.ts";

export const TEST_ORIGIN = "http://localhost:3000";

// Migrating and seeding a fresh database takes seconds on a busy shared CPU; bun's default hook
// timeout (5 s) is too short for that, while the tests themselves stay under the bunfig timeout.
const HOOK_TIMEOUT_MS = 60_000;

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: "test",
    APP_SECRET: "test-secret-test-secret-test-secret-0123",
    APP_ORIGIN: TEST_ORIGIN,
    // A loaded CI box can take seconds over one argon2 hash; only the deadline's own tests shorten it.
    REQUEST_TIMEOUT_MS: "60000",
    ...overrides,
  });
}

export interface TestContext {
  handle: DatabaseHandle;
  db: Db;
  env: Env;
  app: Hono<AppEnv>;
}

/** The Hono app as a test file builds it: on `db` (the handle's own unless given), errors logged only. */
export function testApp(handle: DatabaseHandle, env: Env, db: Db = handle.db): Hono<AppEnv> {
  return createApp({
    db,
    env,
    log: createLogger("error"),
    cityName: "Kota Bekasi",
    ping: handle.ping,
    migrationsApplied: handle.migrationsApplied,
  });
}

/**
 * Registers beforeAll/afterAll for a test file: a fresh migrated database (with the Kota Bekasi
 * regions unless `seed: false`) and the Hono app built on it. Read the fields inside tests.
 */
export function useTestApp(options: { seed?: boolean; env?: Record<string, string> } = {}): TestContext {
  let state: TestContext | undefined;
  const ready = (): TestContext => {
    if (!state) throw new Error("useTestApp: read the context inside a test, after beforeAll");
    return state;
  };
  beforeAll(async () => {
    const handle = await createTestDatabase();
    const env = testEnv(options.env);
    if (options.seed !== false) await seedRegions(handle.db, env.CITY_CODE);
    state = { handle, db: handle.db, env, app: testApp(handle, env) };
  }, HOOK_TIMEOUT_MS);
  afterAll(async () => {
    await state?.handle.close();
  }, HOOK_TIMEOUT_MS);
  return {
    get handle() {
      return ready().handle;
    },
    get db() {
      return ready().db;
    },
    get env() {
      return ready().env;
    },
    get app() {
      return ready().app;
    },
  };
}

let userCounter = 0;

export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  userCounter += 1;
  const unique = `${Date.now().toString(36)}${userCounter}`;
  const [user] = await db
    .insert(users)
    .values({
      email: `user${unique}@contoh.id`,
      username: `user_${unique}`,
      role: "kader",
      status: "active",
      fullName: `Pengguna ${userCounter}`,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  return user;
}

/** A cookie header for a signed-in user: tests log in by inserting a session, not through a form. */
export async function sessionCookieFor(db: Db, userId: number): Promise<string> {
  const token = generateSessionToken();
  await createSession(db, token, userId, { persistent: false });
  return `${SESSION_COOKIE}=${token}`;
}

/** A tRPC caller acting as `user` (or anonymous). */
export function callerFor(context: TestContext, user: SessionUser | null = null, ip = "127.0.0.1") {
  const createCaller = createCallerFactory(appRouter);
  return createCaller(
    createContextInner({
      db: context.db,
      config: context.env,
      cityName: "Kota Bekasi",
      actor: { user, ip },
      sessionId: null,
    }),
  );
}

/** Solves a captcha question the way a person would, from its text ("Berapa hasil dari 7 × 3?"). */
export function solveCaptcha(question: string): number {
  const match = /(\d+) ([+\-×]) (\d+)/.exec(question);
  if (!match) throw new Error(`unexpected captcha question ${question}`);
  const a = Number(match[1]);
  const b = Number(match[3]);
  return match[2] === "+" ? a + b : match[2] === "-" ? a - b : a * b;
}

/** The login form's call through the app (tRPC), its captcha solved; `body` adds or overrides fields. */
export function loginOverTrpc(
  context: TestContext,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const challenge = issueCaptcha(context.env.APP_SECRET, "sum");
  return Promise.resolve(
    context.app.request("/trpc/auth.login", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...headers },
      body: JSON.stringify({
        captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
        rememberMe: false,
        ...body,
      }),
    }),
  );
}

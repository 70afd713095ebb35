// Bun entry: configuration, database, seed, then one HTTP server for SPA, /trpc, /api, /healthz and
// /readyz; housekeeping on a timer; graceful shutdown on SIGTERM.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createApp } from "./app.ts";
import { openConfiguredDatabase } from "./db/open.ts";
import { holdPortalLock } from "./db/portal-lock.ts";
import { codeOf } from "./db/sql-state.ts";
import { seedDatabase } from "./seed.ts";
import { startHousekeeping } from "./services/housekeeping/schedule.ts";
import { getEnv } from "./env.ts";
import { createLogger, describeError } from "./log.ts";
import { cityName } from "./services/regions/regions.ts";
import { startOutboxWorker } from "./services/mail/outbox-worker.ts";
import { signingCertificate } from "./services/recaps/signing-certificate.ts";

function fail(message: string): never {
  console.error(`error: ${message}`);
  process.exit(1);
}

async function main() {
  const env = getEnv();
  const log = createLogger(env.LOG_LEVEL);
  const city = await cityName(env.CITY_CODE);
  const handle = await openConfiguredDatabase(env);
  // PostgreSQL: held while the portal runs, so `npm run restore` is refused beside it (and a start
  // during a restore waits for it). PGlite's data directory is this process's alone already.
  const portalLock = env.DATABASE_URL ? await holdPortalLock(env.DATABASE_URL, log) : undefined;
  // Under advisory locks: instances started together on an empty database take turns.
  const { rebuiltIndexes } = await handle.migrate();
  if (rebuiltIndexes.length > 0)
    log.warn("built the indexes a bulk load (demo:data) dropped and could not build again", {
      indexes: rebuiltIndexes.length,
    });
  await handle.exclusive("seed", (lockDb) => seedDatabase(lockDb, env, log));
  // Made (or read) now, so a missing or unreadable certificate shows at start-up, not at the first PDF.
  const certificate = signingCertificate(env);
  if (certificate.selfSigned) log.info("recap PDFs are signed with a self-signed development certificate");
  let draining = false;

  const clientDir = fileURLToPath(new URL("../../client/dist", import.meta.url));
  const app = createApp({
    db: handle.db,
    env,
    log,
    cityName: city,
    ping: handle.ping,
    migrationsApplied: handle.migrationsApplied,
    draining: () => draining,
    clientDir: existsSync(clientDir) ? clientDir : undefined,
  });

  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({ port: env.PORT, hostname: env.HOST, fetch: app.fetch });
  } catch (error) {
    if (codeOf(error) === "EADDRINUSE") fail(`port ${env.PORT} is already in use: stop the other process or set PORT`);
    throw error;
  }
  log.info("portal started", { url: `http://localhost:${server.port}`, database: handle.kind, city });
  // Mail leaves through the outbox, never inside a request (issue 14).
  const outbox = startOutboxWorker(handle.db, env, log);

  const stopHousekeeping = startHousekeeping(handle.db, log, env.HOUSEKEEPING_INTERVAL_MS, handle.vacuumWhereDue);

  // SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (up to
  // SHUTDOWN_GRACE_MS), then close the pool and exit 0. A second signal exits at once.
  const shutdown = async (signal: string) => {
    if (draining) process.exit(0);
    draining = true;
    log.info("shutting down", { signal, inFlight: server.pendingRequests });
    const grace = setTimeout(() => {
      log.warn("shutdown grace period over, closing remaining requests", { inFlight: server.pendingRequests });
      void server.stop(true);
    }, env.SHUTDOWN_GRACE_MS);
    await server.stop();
    clearTimeout(grace);
    await stopHousekeeping();
    await outbox.stop();
    await handle
      .close()
      .catch((error: unknown) => log.warn("closing the database failed", { error: describeError(error) }));
    await portalLock?.release();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

// A stray rejection (a driver callback, a timer) must not take every user's requests down with it:
// log it the redacted way and keep serving.
process.on("unhandledRejection", (error: unknown) => {
  console.error(JSON.stringify({ level: "error", message: "unhandled rejection", error: describeError(error) }));
});

// A start-up failure names its cause without the query parameters drizzle attaches (demo password hashes).
main().catch((error: unknown) => fail(JSON.stringify(describeError(error))));

// Bun entry: configuration, database, seed, then one HTTP server for SPA, /trpc, /api and /healthz.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createApp } from "./app.ts";
import { openConfiguredDatabase } from "./db/open.ts";
import { seedDatabase } from "./seed.ts";
import { getEnv } from "./env.ts";
import { createLogger, describeError } from "./log.ts";
import { cityName } from "./services/regions/regions.ts";
import { startOutboxWorker } from "./services/mail/outbox-worker.ts";

function fail(message: string): never {
  console.error(`error: ${message}`);
  process.exit(1);
}

async function main() {
  const env = getEnv();
  const log = createLogger(env.LOG_LEVEL);
  const city = await cityName(env.CITY_CODE);
  const handle = await openConfiguredDatabase(env);
  await handle.migrate();
  await seedDatabase(handle.db, env, log);

  const clientDir = fileURLToPath(new URL("../../client/dist", import.meta.url));
  const app = createApp({
    db: handle.db,
    env,
    log,
    cityName: city,
    ping: handle.ping,
    clientDir: existsSync(clientDir) ? clientDir : undefined,
  });

  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({ port: env.PORT, hostname: env.HOST, fetch: app.fetch });
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
    if (code === "EADDRINUSE") fail(`port ${env.PORT} is already in use: stop the other process or set PORT`);
    throw error;
  }
  log.info("portal started", { url: `http://localhost:${server.port}`, database: handle.kind, city });
  // Mail leaves through the outbox, never inside a request (issue 14).
  const outbox = startOutboxWorker(handle.db, env, log);

  const shutdown = async () => {
    await server.stop();
    await outbox.stop();
    await handle.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

// A start-up failure names its cause without the query parameters drizzle attaches (demo password hashes).
main().catch((error: unknown) => fail(JSON.stringify(describeError(error))));

// Runs the Playwright suite against the built app on a free port and a temporary data directory
// (and, with DATABASE_URL, a fresh PostgreSQL database dropped afterwards).
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { ensureClientBuilt } from "./build-client.ts";
import { findOrInstallChromium } from "./chromium.ts";

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export async function runE2e(extraArgs: string[] = []): Promise<number> {
  await ensureClientBuilt();
  const chromiumPath = await findOrInstallChromium();
  const port = await freePort();
  // A second origin for e2e/rest-cors.e2e.ts: its page calls the API through CORS.
  const corsPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "pkk-e2e-"));
  const env: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    E2E_PORT: String(port),
    E2E_CORS_PORT: String(corsPort),
    E2E_DATA_DIR: dataDir,
    CHROMIUM_PATH: chromiumPath,
  };
  let dropDatabase: (() => Promise<void>) | null = null;
  if (process.env.DATABASE_URL) {
    const name = `pkk_e2e_${port}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.E2E_DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const cleanup = postgres(process.env.DATABASE_URL ?? "", { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
  }
  try {
    const child = Bun.spawn(["playwright", "test", ...extraArgs], { env, stdout: "inherit", stderr: "inherit" });
    return await child.exited;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase?.();
  }
}

if (import.meta.main) process.exit(await runE2e(process.argv.slice(2)));

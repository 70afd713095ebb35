// Builds the client when client/dist is missing or older than any source it is built from.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const output = join(root, "client/dist/index.html");
const sources = ["client/src", "client/index.html", "client/vite.config.ts", "shared/src", "package-lock.json"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

export function clientIsStale(): boolean {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  // routeTree.gen.ts is rewritten by the build itself, so it cannot make the build look stale.
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

export async function ensureClientBuilt(): Promise<void> {
  if (!clientIsStale()) return;
  console.log("building the client (client/dist is missing or stale)…");
  const build = Bun.spawn(["vite", "build", "--config", "client/vite.config.ts", "--logLevel", "warn"], {
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  });
  if ((await build.exited) !== 0) throw new Error("client build failed");
}

if (import.meta.main) await ensureClientBuilt();

import { existsSync } from "node:fs";
import { join } from "node:path";
import { ensureWritableDir, type Env } from "../env.ts";
import { openDatabase, type DatabaseHandle } from "./client.ts";

export class DatabaseUnavailableError extends Error {}

/** PostgreSQL's own mark of a data directory: where it is missing, PGlite would make a new database. */
export const holdsDatabase = (dataDir: string): boolean => existsSync(join(dataDir, "PG_VERSION"));

/**
 * Opens PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR/pglite (made
 * there on first use, unless `existing`). Bulk scripts and operator commands pass statementTimeoutMs
 * 0: the app's 10 s limit is for requests, not for loading or recounting a city's data.
 */
export async function openConfiguredDatabase(
  env: Env,
  { existing = false, ...options }: { statementTimeoutMs?: number; existing?: boolean } = {},
): Promise<DatabaseHandle> {
  if (env.DATABASE_URL) {
    const handle = await openDatabase({ url: env.DATABASE_URL, ...options });
    try {
      await handle.ping();
    } catch (error) {
      await handle.close().catch(() => {});
      const reason = error instanceof Error ? error.message : String(error);
      const where = new URL(env.DATABASE_URL);
      throw new DatabaseUnavailableError(
        `cannot reach the database at ${where.hostname}:${where.port || 5432}${where.pathname} (${reason})`,
      );
    }
    return handle;
  }
  const dataDir = join(env.DATA_DIR, "pglite");
  // `existing`: a command that reports on the city's data (figures:check) would otherwise make a
  // new, empty database under a mistyped DATA_DIR and find nothing wrong with it.
  if (existing && !holdsDatabase(dataDir))
    throw new DatabaseUnavailableError(`no embedded database in ${dataDir} (DATA_DIR): nothing to check`);
  ensureWritableDir(env.DATA_DIR);
  try {
    return await openDatabase({ dataDir });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(`cannot open the embedded database in ${dataDir} (${reason})`);
  }
}

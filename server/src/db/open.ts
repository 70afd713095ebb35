import { join } from "node:path";
import { ensureWritableDir, type Env } from "../env.ts";
import { openDatabase, type DatabaseHandle } from "./client.ts";

export class DatabaseUnavailableError extends Error {}

/**
 * Opens PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR/pglite. Bulk
 * scripts and operator commands pass statementTimeoutMs 0: the app's 10 s limit is for requests,
 * not for loading or recounting a city's data.
 */
export async function openConfiguredDatabase(
  env: Env,
  options: { statementTimeoutMs?: number } = {},
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
  ensureWritableDir(env.DATA_DIR);
  const dataDir = join(env.DATA_DIR, "pglite");
  try {
    return await openDatabase({ dataDir });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(`cannot open the embedded database in ${dataDir} (${reason})`);
  }
}

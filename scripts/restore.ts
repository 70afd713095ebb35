// `npm run restore <file>`: replace the configured database's contents with a backup made by
// `npm run backup`. Refused while the portal runs on the database (PGlite: its PID file; PostgreSQL:
// the portal's advisory lock, server/src/db/portal-lock.ts).
import { join, resolve } from "node:path";
import { restoreDatabase } from "../server/src/db/backup.ts";
import { getEnv } from "../server/src/env.ts";
import { runCommand } from "./lib/command.ts";

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run restore -- <backup file>");
  process.exit(2);
}
const env = getEnv();
await runCommand(async () => {
  await restoreDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, "pglite") },
    resolve(file),
  );
  console.log(`restored from ${resolve(file)}`);
});

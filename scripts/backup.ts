// `npm run backup [file]`: back up the configured database (DATABASE_URL, else PGlite in DATA_DIR).
// Default file: backups/pkk-<WIB timestamp>.dump (PostgreSQL) or .tar.gz (PGlite).
import { join, resolve } from "node:path";
import { backupDatabase } from "../server/src/db/backup.ts";
import { getEnv } from "../server/src/env.ts";
import { runCommand } from "./lib/command.ts";

const env = getEnv();
const stamp = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
const extension = env.DATABASE_URL ? "dump" : "tar.gz";
const file = resolve(process.argv[2] ?? join("backups", `pkk-${stamp}.${extension}`));
await runCommand(async () => {
  await backupDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, "pglite") }, file);
  console.log(`backup written: ${file}`);
});

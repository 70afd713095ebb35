// `bun server/src/db/migrate.ts`: apply committed migrations to the configured database and exit.
import { getEnv } from "../env.ts";
import { openConfiguredDatabase } from "./open.ts";

const env = getEnv();
const handle = await openConfiguredDatabase(env);
const { rebuiltIndexes } = await handle.migrate();
await handle.close();
console.log(`migrations applied (${handle.kind})`);
if (rebuiltIndexes.length > 0)
  console.log(`built ${rebuiltIndexes.length} indexes a bulk load (demo:data) dropped and could not build again`);

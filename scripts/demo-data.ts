// `bun scripts/demo-data.ts [families]`: adds generated families to the configured database
// (PGlite under DATA_DIR, or DATABASE_URL) and prints the rate. Used for load tests and benchmarks.
import { count, max } from "drizzle-orm";
import { generateFamilies } from "../server/src/demo/bulk-families.ts";
import { openConfiguredDatabase } from "../server/src/db/open.ts";
import { registers } from "../server/src/db/schema/registers.ts";
import { seedDatabase } from "../server/src/seed.ts";
import { getEnv } from "../server/src/env.ts";
import { createLogger } from "../server/src/log.ts";

const families = Number(process.argv[2] ?? 10000);
if (!Number.isInteger(families) || families <= 0) {
  console.error("usage: bun scripts/demo-data.ts <number of families>");
  process.exit(2);
}

const env = getEnv();
const handle = await openConfiguredDatabase(env, { statementTimeoutMs: 0 });
await handle.migrate();
await seedDatabase(handle.db, env, createLogger("warn"));
const [existing] = await handle.db.select({ total: count(), last: max(registers.id) }).from(registers);
// Serials continue after what is there, so NIKs never collide with earlier runs.
const firstSerial = 10_000_000 + (existing?.last ?? 0) * 2;
const started = performance.now();
await generateFamilies(handle.db, {
  families,
  firstSerial,
  onProgress: (done) => {
    if (done % 50000 === 0) console.log(`${done.toLocaleString("id-ID")} families…`);
  },
});
const seconds = (performance.now() - started) / 1000;
console.log(
  `${families.toLocaleString("id-ID")} families in ${seconds.toFixed(1)} s = ${Math.round(families / seconds).toLocaleString("id-ID")} families/s (${handle.kind}); total now ${((existing?.total ?? 0) + families).toLocaleString("id-ID")}`,
);
await handle.close();

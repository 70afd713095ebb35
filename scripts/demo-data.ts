// `npm run demo:data -- --families N [--seed S]`: adds N generated families (members, validation
// history, dates over the last 24 months, six in ten with a house location inside their ward) to the
// configured database (PGlite under DATA_DIR, or DATABASE_URL) by COPY, with a progress bar; rebuilds
// the figure rollups, VACUUM ANALYZE, and prints the rate. Used for demos, load tests and
// benchmarks. Refused while a portal runs on the database (PGlite: its PID file; PostgreSQL: the
// portal lock, server/src/db/portal-lock.ts): stop it first.
import { parseArgs } from "node:util";
import { loadFamilies } from "../server/src/demo/bulk-load.ts";
import { wardOutlines } from "../server/src/demo/ward-outlines.ts";
import { openConfiguredDatabase } from "../server/src/db/open.ts";
import { seedDatabase } from "../server/src/seed.ts";
import { getEnv } from "../server/src/env.ts";
import { createLogger } from "../server/src/log.ts";
import { runCommand } from "./lib/command.ts";

const { values } = parseArgs({
  options: { families: { type: "string", default: "10000" }, seed: { type: "string", default: "1" } },
  allowPositionals: true,
});
const families = Number(values.families);
if (!Number.isInteger(families) || families <= 0) {
  console.error("usage: npm run demo:data -- --families <number of families> [--seed <n>]");
  process.exit(2);
}

await runCommand(async () => {
  const env = getEnv();
  const handle = await openConfiguredDatabase(env, { statementTimeoutMs: 0 });
  await handle.migrate();
  await seedDatabase(handle.db, env, createLogger("warn"));

  const started = performance.now();
  const width = 30;
  const progress = (done: number) => {
    const share = done / families;
    const seconds = (performance.now() - started) / 1000;
    const bar = "#".repeat(Math.round(share * width)).padEnd(width, ".");
    process.stderr.write(
      `\r[${bar}] ${(share * 100).toFixed(0).padStart(3)}% ${done.toLocaleString("en")} families, ${Math.round(done / Math.max(seconds, 0.001)).toLocaleString("en")}/s`,
    );
  };
  const result = await loadFamilies(handle, {
    families,
    seed: Number(values.seed),
    outlines: await wardOutlines(env.CITY_CODE, env.DATA_DIR),
    onProgress: progress,
  });
  process.stderr.write("\n");
  const totalSeconds = (performance.now() - started) / 1000;
  console.log(
    `${families.toLocaleString("en")} families (${result.members.toLocaleString("en")} members, ${result.events.toLocaleString("en")} events, ${result.locations.toLocaleString("en")} house locations) on ${handle.kind}: ` +
      `load ${result.loadSeconds.toFixed(1)} s = ${Math.round(families / result.loadSeconds).toLocaleString("en")} families/s; ` +
      `rollups + VACUUM ANALYZE ${result.finishSeconds.toFixed(1)} s; overall ${Math.round(families / totalSeconds).toLocaleString("en")} families/s`,
  );
  const { phases } = result;
  console.log(
    `phases: generate + COPY ${phases.copy.toFixed(1)} s, indexes ${phases.indexes.toFixed(1)} s, rollups ${phases.rollups.toFixed(1)} s, VACUUM ANALYZE ${phases.vacuum.toFixed(1)} s`,
  );
  await handle.close();
});

// `npm run figures:check`: recounts every figure rollup from the rows of the configured database
// (DATABASE_URL → PostgreSQL, else PGlite under DATA_DIR) inside a rolled-back transaction and
// reports where the trigger-kept rollups differ. Exits 1 on any difference, so it can gate a deploy.
// `--rebuild` replaces the rollups with the recount afterwards (e.g. after a manual bulk fix).
import { checkRollups, rebuildRollups } from "../server/src/services/figures/rollups.ts";
import { openConfiguredDatabase } from "../server/src/db/open.ts";
import { getEnv } from "../server/src/env.ts";

const handle = await openConfiguredDatabase(getEnv());
await handle.migrate();
const started = performance.now();
const differences = await checkRollups(handle.db);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (differences.length === 0) {
  console.log(`figures:check: every rollup equals a recount from the rows (${handle.kind}, ${seconds} s)`);
} else {
  for (const difference of differences) {
    console.log(
      `${difference.table}: ${difference.missing} row(s) missing or different, ${difference.unexpected} unexpected`,
    );
    for (const sample of difference.samples) console.log(`  ${sample.side}: ${JSON.stringify(sample.row)}`);
  }
  if (process.argv.includes("--rebuild")) {
    await rebuildRollups(handle.db);
    console.log("figures:check: rollups rebuilt from the rows");
  }
}
await handle.close();
process.exit(differences.length === 0 ? 0 : 1);

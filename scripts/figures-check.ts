// `npm run figures:check`: recounts every figure rollup from the rows of the configured database
// (DATABASE_URL → PostgreSQL, else PGlite under DATA_DIR) inside a rolled-back transaction and
// reports where the trigger-kept rollups differ, and lists families whose status is not the one their
// last move reached (services/registers/history-check.ts; listed, never repaired: a person judges
// which is right). Exits 1 on any difference, so it can gate a deploy. `--rebuild` then replaces the
// differing wards' rollups with their recount, one ward at a time beside the running portal
// (services/figures/rollups-repair.ts; e.g. after a manual bulk fix), and checks again.
import { checkRollups } from "../server/src/services/figures/rollups.ts";
import { repairRollups } from "../server/src/services/figures/rollups-repair.ts";
import { statusesWithoutTheirMove } from "../server/src/services/registers/history-check.ts";
import { openConfiguredDatabase } from "../server/src/db/open.ts";
import { getEnv } from "../server/src/env.ts";

// No statement timeout: the app's 10 s is for requests; a city's recount takes longer (at 1,000,000
// families the life_events comparison alone ran past it).
const handle = await openConfiguredDatabase(getEnv(), { statementTimeoutMs: 0, existing: true });
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
    const { wards } = await repairRollups(handle.db);
    console.log(
      `figures:check: rollups rebuilt from the rows (${wards.length} ward(s) recounted one at a time, each under its own lock; the portal may keep serving)`,
    );
    const left = await checkRollups(handle.db);
    console.log(
      left.length === 0
        ? "figures:check: checked again: every rollup equals a recount from the rows"
        : `figures:check: checked again: ${left.map((difference) => difference.table).join(", ")} still differ (not repaired: month-end snapshots are history; run again if writes raced)`,
    );
  }
}
const histories = await statusesWithoutTheirMove(handle.db);
if (histories.count === 0) {
  console.log("figures:check: every family's status is the one its last move reached");
} else {
  console.log(
    `registers.status: ${histories.count} family(ies) whose status is not the one their last move reached (not repaired: open each in the Maker Checker)`,
  );
  for (const sample of histories.samples) console.log(`  ${JSON.stringify(sample)}`);
}
await handle.close();
process.exit(differences.length === 0 && histories.count === 0 ? 0 : 1);

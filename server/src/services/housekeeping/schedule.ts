import type { Db } from "../../db/client.ts";
import type { VacuumedTable } from "../../db/pglite-autovacuum.ts";
import { describeError, type Logger } from "../../log.ts";
import { foldRegisterChanges } from "../registers/change-log.ts";
import { takeLastMonthEnd } from "../figures/month-end.ts";
import { pruneExpired } from "./prune.ts";

/** How often the registers' change log is folded: a REST list reads its sum on every request. */
export const CHANGE_FOLD_INTERVAL_MS = 10_000;

/**
 * Runs `round` now and then every `intervalMs`. A failed round (database down) is logged and
 * retried at the next tick; rounds never overlap. Returns a stop function for shutdown.
 */
function startRounds(log: Logger, name: string, intervalMs: number, round: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  const guarded = async () => {
    try {
      await round();
    } catch (error) {
      log.warn(`${name} failed`, { error: describeError(error) });
    }
  };
  const tick = () => {
    if (running) return;
    running = guarded().finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref?.();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** How often `vacuumWhereDue` looks for tables to vacuum: PostgreSQL's autovacuum_naptime. */
export const VACUUM_INTERVAL_MS = 60_000;

/**
 * Prunes expired rows and takes last month's month-end snapshot if no write has (month-end.ts)
 * every `intervalMs`, folds the registers' change log every CHANGE_FOLD_INTERVAL_MS (so the
 * version stays a sum of a few rows however busy the writers), and, given `vacuumWhereDue` (the
 * database handle's: PGlite has no autovacuum), vacuums where due every VACUUM_INTERVAL_MS.
 */
export function startHousekeeping(
  db: Db,
  log: Logger,
  intervalMs: number,
  vacuumWhereDue: () => Promise<VacuumedTable[]> = async () => [],
): () => Promise<void> {
  const stopPruning = startRounds(log, "housekeeping", intervalMs, async () => {
    const counts = await pruneExpired(db);
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    if (total > 0) log.info("housekeeping pruned expired rows", { ...counts });
  });
  const stopMonthEnds = startRounds(log, "taking the month-end snapshot", intervalMs, async () => {
    const taken = await takeLastMonthEnd(db);
    if (taken) log.info("housekeeping took the month-end snapshot", { month: taken });
  });
  const stopFolding = startRounds(log, "folding the registers' change log", CHANGE_FOLD_INTERVAL_MS, async () => {
    await foldRegisterChanges(db);
  });
  const stopVacuuming = startRounds(log, "vacuuming", VACUUM_INTERVAL_MS, async () => {
    const vacuumed = await vacuumWhereDue();
    if (vacuumed.length > 0) log.info("housekeeping vacuumed", { tables: vacuumed });
  });
  return async () => {
    await Promise.all([stopPruning(), stopMonthEnds(), stopFolding(), stopVacuuming()]);
  };
}

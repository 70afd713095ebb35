import type { Db } from "../../db/client.ts";
import { describeError, type Logger } from "../../log.ts";
import { pruneExpired } from "./prune.ts";

/**
 * Runs pruneExpired now and then every `intervalMs`. A failed round (database down) is logged and
 * retried at the next tick; rounds never overlap. Returns a stop function for shutdown.
 */
export function startHousekeeping(db: Db, log: Logger, intervalMs: number): () => Promise<void> {
  let running: Promise<void> | null = null;
  const round = async () => {
    try {
      const counts = await pruneExpired(db);
      const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
      if (total > 0) log.info("housekeeping pruned expired rows", { ...counts });
    } catch (error) {
      log.warn("housekeeping failed", { error: describeError(error) });
    }
  };
  const tick = () => {
    if (running) return;
    running = round().finally(() => {
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

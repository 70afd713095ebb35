// The bulk generator's rows drawn on a worker thread: drawing a batch took the loader's only thread
// (~30 µs a family), and while it drew, no COPY stream was fed, so PostgreSQL waited for Bun and Bun
// for PostgreSQL. The worker draws ahead (a few batches at most, so memory stays flat at any size)
// and hands each batch's UTF-8 over without a copy; the loader only writes.
import { Worker } from "node:worker_threads";
import { z } from "zod";
import { type BatchPlan, batchPlanSchema, type EncodedBatch, encodedBatchSchema } from "./bulk-rows.ts";

/** Batches drawn before the loader has written them; each written batch lets the worker draw one more. */
const AHEAD = 3;

export const toWorker = z.discriminatedUnion("type", [
  z.object({ type: z.literal("plan"), plan: batchPlanSchema, ahead: z.number() }),
  z.object({ type: z.literal("more") }),
]);
export type ToWorker = z.infer<typeof toWorker>;

export const fromWorker = z.discriminatedUnion("type", [
  z.object({ type: z.literal("batch"), batch: encodedBatchSchema }),
  z.object({ type: z.literal("done") }),
]);
export type FromWorker = z.infer<typeof fromWorker>;

/** The plan's batches in order, drawn on a worker thread; the worker ends with the iteration. */
export async function* drawnBatches(plan: BatchPlan): AsyncGenerator<EncodedBatch> {
  const worker = new Worker(new URL("./bulk-worker.ts", import.meta.url));
  const queue: FromWorker[] = [];
  let failure: unknown;
  let wake: (() => void) | undefined;
  const arrived = () => {
    wake?.();
    wake = undefined;
  };
  worker.on("message", (message: unknown) => {
    queue.push(fromWorker.parse(message));
    arrived();
  });
  worker.on("error", (error) => {
    failure = error;
    arrived();
  });
  worker.on("exit", (code) => {
    if (code !== 0) failure ??= new Error(`bulk generator worker exited with code ${code}`);
    arrived();
  });
  const send = (message: ToWorker) => worker.postMessage(message);
  try {
    send({ type: "plan", plan, ahead: AHEAD });
    for (;;) {
      const message = queue.shift();
      if (!message) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      if (message.type === "done") return;
      yield message.batch;
      send({ type: "more" });
    }
  } finally {
    await worker.terminate();
  }
}

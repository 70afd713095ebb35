// The worker thread of bulk-feed.ts: draws the plan's batches, at most `ahead` more than the loader
// has taken.
import { parentPort } from "node:worker_threads";
import { type FromWorker, toWorker } from "./bulk-feed.ts";
import { encodedBatches, type EncodedBatch } from "./bulk-rows.ts";

const port = parentPort;
if (!port) throw new Error("bulk-worker.ts runs as a worker thread (bulk-feed.ts starts it)");

let batches: Generator<EncodedBatch> | undefined;
let credit = 0;

const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

function draw() {
  while (batches && credit > 0) {
    const next = batches.next();
    if (next.done) {
      batches = undefined;
      post({ type: "done" });
      return;
    }
    credit -= 1;
    const batch = next.value;
    post({ type: "batch", batch }, [
      batch.registers.buffer,
      batch.members.buffer,
      batch.events.buffer,
      batch.locations.buffer,
    ]);
  }
}

port.on("message", (value: unknown) => {
  const message = toWorker.parse(value);
  if (message.type === "plan") {
    batches = encodedBatches(message.plan);
    credit = message.ahead;
  } else {
    credit += 1;
  }
  draw();
});

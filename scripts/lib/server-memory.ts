// How the server's JavaScript heap is run. `npm start` (package.json) and the Docker image
// (Dockerfile) set the same values, README "Configuration" explains them, and the harnesses that
// start a server (load, faults, HTTP benchmarks) run it with these, so their RSS is the RSS operators
// get. An explicit value in the caller's environment wins.
// - BUN_JSC_forceRAMSize: the heap grows as on a 300 MB machine (Bun's stand-in for Node's
//   --max-old-space-size; a growth heuristic, not a cap).
// - BUN_JSC_gcMaxHeapSize: a collection starts once 32 MB have been allocated since the last one,
//   however large the heap (a trigger, not a cap: a larger live heap still lives). Under bench:load
//   on PGlite at 100,000 families the RSS peaks over 300 MB were garbage between collections.
export const serverMemoryDefaults = {
  BUN_JSC_forceRAMSize: "300000000",
  BUN_JSC_gcMaxHeapSize: "32000000",
} as const;

/** The defaults, each overridden by the caller's own value. */
export const serverMemoryEnv: Record<string, string> = Object.fromEntries(
  Object.entries(serverMemoryDefaults).map(([name, value]) => [name, process.env[name] ?? value]),
);

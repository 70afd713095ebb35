// The server's JavaScript heap grows as on a 300 MB machine (BUN_JSC_forceRAMSize: Bun's stand-in
// for Node's --max-old-space-size, a growth heuristic, not a cap), as `npm start` and the Docker
// image run it (README "Configuration"). The harnesses that start a server (load, faults, HTTP
// benchmarks) run it the same way, so their RSS is the RSS operators get. An explicit value in the
// caller's environment wins.
export const serverMemoryEnv = {
  BUN_JSC_forceRAMSize: process.env.BUN_JSC_forceRAMSize ?? "300000000",
};

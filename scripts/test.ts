// `npm test`: type check, bun test (services + API), Playwright e2e. Ends with "N passed, N failed".
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { runE2e } from "./e2e.ts";
import { e2eFailures, e2eReport, unitFailures } from "./lib/test-failures.ts";

const root = resolve(import.meta.dirname, "..");
let passed = 0;
let failed = 0;
/** What failed, by name: printed again after everything, where a CI log's tail still shows it. */
const failures: string[] = [];

async function capture(command: string[]): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(command, { cwd: root, stdout: "pipe", stderr: "pipe" });
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      sink.write(text);
    }
  };
  await Promise.all([pump(child.stdout, process.stdout), pump(child.stderr, process.stderr)]);
  return { code: await child.exited, output };
}

const only = process.argv[2];

if (!only || only === "types") {
  console.log("\n▶ type check (tsc --noEmit)");
  const { code } = await capture(["tsc", "--noEmit", "-p", "."]);
  if (code === 0) passed += 1;
  else {
    failed += 1;
    failures.push("type check (tsc --noEmit)");
  }
}

if (!only || only === "lint") {
  console.log("\n▶ lint and format (biome check)");
  const { code } = await capture(["biome", "check", "."]);
  if (code === 0) passed += 1;
  else {
    failed += 1;
    failures.push("lint and format (biome check)");
  }
}

if (!only || only === "unit") {
  console.log("\n▶ bun test (services and API on a fresh database per file)");
  // bunfig.toml's timeout is not applied to hooks by Bun 1.4; the flag is, and a loaded CI box needs it.
  const { code, output } = await capture(["bun", "test", "--timeout", "30000"]);
  const pass = Number(/^\s*(\d+) pass$/m.exec(output)?.[1] ?? 0);
  const fail = Number(/^\s*(\d+) fail$/m.exec(output)?.[1] ?? 0);
  passed += pass;
  failed += fail + (code !== 0 && fail === 0 ? 1 : 0);
  failures.push(...unitFailures(output));
  if (code !== 0 && fail === 0)
    failures.push(`bun test exited ${code} with no test failed (a file that did not load?)`);
}

if (!only || only === "e2e") {
  console.log("\n▶ Playwright e2e (built app, Chromium, axe)");
  const report = join(root, "test-results", `e2e-report-${process.pid}.json`);
  process.env.E2E_REPORT = report;
  const code = await runE2e();
  try {
    const parsed: unknown = JSON.parse(readFileSync(report, "utf8"));
    const { stats } = e2eReport.parse(parsed);
    passed += stats.expected;
    failed += stats.unexpected + stats.flaky;
    failures.push(...e2eFailures(parsed));
    if (code !== 0 && stats.unexpected + stats.flaky === 0) {
      failed += 1;
      failures.push(`Playwright exited ${code} with no test failed`);
    }
  } catch {
    failed += 1;
    failures.push("Playwright e2e: no report");
  }
}

if (failures.length > 0) {
  console.log("\nfailed:");
  for (const name of failures) console.log(`  ✘ ${name}`);
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

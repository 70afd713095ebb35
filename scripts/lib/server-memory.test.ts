import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import packageJson from "../../package.json";
import { serverMemoryDefaults } from "./server-memory.ts";

const root = resolve(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(resolve(root, path), "utf8");

test("the installed Bun takes each heap setting as a JavaScriptCore option (a misspelt one is silently ignored)", async () => {
  const child = Bun.spawn([process.execPath, "-e", "0"], {
    env: { PATH: process.env.PATH ?? "", ...serverMemoryDefaults, BUN_JSC_dumpOptions: "1" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  await child.exited;
  const modified = new Map(
    [...`${stdout}\n${stderr}`.matchAll(/^\s+(\w+)=(\S+) \(default: /gm)].map((match) => [match[1], match[2]]),
  );
  for (const [name, value] of Object.entries(serverMemoryDefaults)) {
    expect(modified.get(name.replace(/^BUN_JSC_/, ""))).toBe(value);
  }
});

test("npm start and the Docker image run the server with the same heap settings as the harnesses", () => {
  const start = packageJson.scripts.start;
  const dockerfile = read("Dockerfile");
  for (const [name, value] of Object.entries(serverMemoryDefaults)) {
    // `npm start`: the caller's own value wins, as in serverMemoryEnv.
    expect(start).toContain(`${name}=\${${name}:-${value}}`);
    expect(dockerfile).toMatch(new RegExp(`^ENV .*\\b${name}=${value}\\b`, "m"));
  }
  expect(start).toEndWith("bun scripts/start.ts");
});

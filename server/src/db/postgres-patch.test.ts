// The `postgres` package is patched at install time (patches/postgres+3.4.9.patch, patch-package):
// without the patch, a reserved connection whose backend died throws from a timer and the process
// dies (porsager/postgres#1208). The reproduction runs in a child process so a crash fails this test
// instead of the runner.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { fileURLToPath } from "node:url";
import { postgresServer } from "../../test/private-postgres.ts";

const script = fileURLToPath(new URL("../../test/fixtures/reserved-connection-crash.ts", import.meta.url));
let url = "";
let release = async () => {};

beforeAll(async () => {
  const server = await postgresServer();
  url = server.url;
  release = server.release;
}, 60_000);

afterAll(async () => {
  await release();
});

test("a query on a reserved connection whose backend was terminated is rejected; the process lives on", async () => {
  const child = Bun.spawn([process.execPath, script, url], { stdout: "pipe", stderr: "pipe" });
  const [code, output, errors] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  expect(errors).not.toContain("TypeError");
  expect(output.trim()).toBe("settled CONNECTION_CLOSED");
  expect(code).toBe(0);
});

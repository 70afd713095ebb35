import { afterAll, describe, expect, test } from "bun:test";
import { fetchWithTimeout } from "./fetch-timeout.ts";

// A server that answers /fast at once and never answers /hang (a connection that hangs).
const server = Bun.serve({
  port: 0,
  fetch: (request) =>
    new URL(request.url).pathname === "/fast" ? new Response("ok") : new Promise<Response>(() => {}),
});
afterAll(() => server.stop(true));

describe("a call that gives up (SPEC §7: 10 seconds)", () => {
  test("an answer in time passes through; one that never comes ends in an AbortError", async () => {
    const call = fetchWithTimeout(200);
    expect(await (await call(`${server.url}fast`)).text()).toBe("ok");
    const started = performance.now();
    const hung = await call(`${server.url}hang`).then(
      () => "answered",
      (error: unknown) => (error instanceof Error ? error.name : "?"),
    );
    expect(hung).toBe("TimeoutError");
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  test("the caller's own signal still cancels it", async () => {
    const caller = new AbortController();
    const pending = fetchWithTimeout(10_000)(`${server.url}hang`, { signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toThrow();
  });
});

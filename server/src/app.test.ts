import { describe, expect, test } from "bun:test";
import { useTestApp } from "../test/helpers.ts";

describe("the Hono app", () => {
  const t = useTestApp({ seed: false });

  test("/healthz says the process is alive", async () => {
    const response = await t.app.request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("/readyz says ready when the database answers and every migration is applied", async () => {
    const response = await t.app.request("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready" });
  });

  test("every response carries the security headers", async () => {
    const response = await t.app.request("/healthz");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  test("tRPC answers under /trpc", async () => {
    const response = await t.app.request("/trpc/config.public");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result.data.cityName).toBe("Kota Bekasi");
  });
});

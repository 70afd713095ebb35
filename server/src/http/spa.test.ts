import { afterAll, describe, expect, test } from "bun:test";
import { CLIENT_ROUTES_FILE, routePathsFromRouteTree } from "@shared/client-routes.ts";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../app.ts";
import { createLogger } from "../log.ts";
import { useTestApp } from "../../test/helpers.ts";

// A client build as `vite build` lays it out: the shell, a hashed asset and the route table taken
// from the real generated route tree, so a route added to the client is known here too.
const clientDir = mkdtempSync(join(tmpdir(), "pkk-spa-"));
const shell = '<!doctype html><html lang="id"><body><div id="root"></div></body></html>';
writeFileSync(join(clientDir, "index.html"), shell);
mkdirSync(join(clientDir, "assets"));
writeFileSync(join(clientDir, "assets", "index-abc123.js"), "console.log(1)");
const routeTree = readFileSync(join(import.meta.dirname, "../../../client/src/routeTree.gen.ts"), "utf8");
writeFileSync(join(clientDir, CLIENT_ROUTES_FILE), JSON.stringify(routePathsFromRouteTree(routeTree)));
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

describe("the built client: deep links 200, unknown paths 404, caching by kind", () => {
  const t = useTestApp({ seed: false });
  const app = () =>
    createApp({
      db: t.db,
      env: t.env,
      log: createLogger("error"),
      cityName: "Kota Bekasi",
      ping: t.handle.ping,
      clientDir,
    });

  test("a client route answers the shell with 200, revalidated on every visit", async () => {
    for (const path of [
      "/",
      "/search",
      "/search/kk",
      "/kader-pkk",
      "/kader-pkk/login",
      "/admin/kader/",
      "/admin",
      "/aparat",
    ]) {
      const response = await app().request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(shell);
      expect(response.headers.get("cache-control"), path).toBe("no-cache");
    }
  });

  test("'Tidak punya akses' answers the shell with 403", async () => {
    const response = await app().request("/tidak-punya-akses");
    expect(response.status).toBe(403);
    expect(await response.text()).toBe(shell);
  });

  test("a path no client route knows answers the same shell with 404", async () => {
    for (const path of ["/tidak-ada", "/kader-pkk/tidak-ada", "/search/kk/lebih", "/admin/tidak-ada"]) {
      const response = await app().request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type"), path).toStartWith("text/html");
      expect(await response.text(), path).toBe(shell);
    }
  });

  test("hashed assets are cached for a year; a missing asset is a 404 too", async () => {
    const asset = await app().request("/assets/index-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const missing = await app().request("/assets/hilang-000.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).not.toContain("immutable");
  });

  test("unknown API and tRPC paths keep their own 404 bodies", async () => {
    const rest = await app().request("/api/tidak-ada");
    expect(rest.status).toBe(404);
    expect(await rest.json()).toEqual({
      data: null,
      error: { status: 404, name: "NotFoundError", message: "Not Found", details: {} },
    });
    const trpc = await app().request("/trpc/tidakAda.sama");
    expect(trpc.status).toBe(404);
    expect((await trpc.json()).error.data.code).toBe("NOT_FOUND");
  });
});

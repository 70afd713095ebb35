import { describe, expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { clientRouteMatcher, routePathsFromRouteTree } from "./client-routes.ts";

const routeTree = join(import.meta.dirname, "../../client/src/routeTree.gen.ts");

describe("the client's route table as the server sees it", () => {
  test("every file route of the generated tree is listed, index routes included", async () => {
    const paths = routePathsFromRouteTree(await readFile(routeTree, "utf8"));
    expect(paths).toContain("/");
    expect(paths).toContain("/search/");
    expect(paths).toContain("/kader-pkk/login");
    expect(paths).toContain("/admin/kader");
    expect(new Set(paths).size).toBe(paths.length);
  });

  test("known deep links match, with or without a trailing slash and in any case", async () => {
    const matches = clientRouteMatcher(routePathsFromRouteTree(await readFile(routeTree, "utf8")));
    for (const path of [
      "/",
      "/search",
      "/search/",
      "/kader-pkk",
      "/kader-pkk/login",
      "/KADER-PKK/Login",
      "/registrasi/",
    ])
      expect(matches(path), path).toBe(true);
  });

  test("unknown paths and near misses do not match", async () => {
    const matches = clientRouteMatcher(routePathsFromRouteTree(await readFile(routeTree, "utf8")));
    for (const path of [
      "/tidak-ada",
      "/search/kk/lagi",
      "/kader-pkk/loginx",
      "/admin/tidak-ada",
      "/index.html.bak",
      "/%E0%A4%A",
    ])
      expect(matches(path), path).toBe(false);
  });

  test("parameters, optional parameters and splats match one segment, an optional one, the rest", () => {
    const matches = clientRouteMatcher(["/registers/$id", "/files/$", "/posts/{-$page}", "/media/{$name}.pdf"]);
    expect(matches("/registers/12")).toBe(true);
    expect(matches("/registers")).toBe(false);
    expect(matches("/registers/12/edit")).toBe(false);
    expect(matches("/files")).toBe(true);
    expect(matches("/files/a/b/c")).toBe(true);
    expect(matches("/posts")).toBe(true);
    expect(matches("/posts/2")).toBe(true);
    expect(matches("/media/surat.pdf")).toBe(true);
    expect(matches("/media/surat.doc")).toBe(false);
  });

  test("a tree without the interface is an error, not an empty table", () => {
    expect(() => routePathsFromRouteTree("export const x = 1")).toThrow();
  });
});

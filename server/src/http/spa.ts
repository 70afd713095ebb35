// The built client: hashed assets cached forever, the SPA shell revalidated on every visit, and the
// shell answered with 404 for a path none of the client's routes knows (the page then shows
// 'Halaman tidak ditemukan'), so crawlers, link checkers and monitors see a real 404.
import { CLIENT_ROUTES_FILE, clientRouteMatcher } from "@shared/client-routes.ts";
import { FORBIDDEN_PATH } from "@shared/paths.ts";
import type { Context, MiddlewareHandler } from "hono";
import { serveStatic } from "hono/bun";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { AppEnv } from "../app-env.ts";
import { describeError } from "../log.ts";
import { IMMUTABLE, REVALIDATE } from "./cache-control.ts";

/** Long caching for /assets/* (file names carry a content hash). */
export const immutableAssets: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.ok) c.header("Cache-Control", IMMUTABLE);
};

/** Files of the build as they are; HTML (index.html for "/") is revalidated on every visit. */
export function staticFiles(clientDir: string): MiddlewareHandler<AppEnv> {
  const serve = serveStatic<AppEnv>({ root: clientDir });
  return async (c, next) => {
    // serveStatic returns the file's response instead of setting it; compose would adopt it, so do that here.
    const served = await serve(c, next);
    if (served) c.res = served;
    if (c.res.headers.get("content-type")?.startsWith("text/html") && !c.res.headers.has("Cache-Control"))
      c.header("Cache-Control", REVALIDATE);
  };
}

interface Shell {
  html: string;
  isClientRoute: (path: string) => boolean;
}

/** The SPA fallback for every other GET: index.html, with 200 for a client route and 404 otherwise. */
export function spaFallback(clientDir: string): (c: Context<AppEnv>) => Promise<Response> {
  let shell: Promise<Shell> | undefined;
  const load = async (c: Context<AppEnv>): Promise<Shell> => {
    const html = await readFile(join(clientDir, "index.html"), "utf8");
    try {
      const paths: unknown = JSON.parse(await readFile(join(clientDir, CLIENT_ROUTES_FILE), "utf8"));
      if (!Array.isArray(paths) || !paths.every((path) => typeof path === "string"))
        throw new TypeError(`${CLIENT_ROUTES_FILE} is not a list of paths`);
      return { html, isClientRoute: clientRouteMatcher(paths) };
    } catch (error) {
      // A build from before the route table existed: keep serving the app, every path as a page.
      c.var.deps.log.warn("client route table unreadable; unknown paths answer 200", { error: describeError(error) });
      return { html, isClientRoute: () => true };
    }
  };
  return async (c) => {
    shell ??= load(c).catch((error: unknown) => {
      shell = undefined;
      throw error;
    });
    const { html, isClientRoute } = await shell;
    c.header("Cache-Control", REVALIDATE);
    // 'Tidak punya akses' is a page of the app, answered as 403 (the role may not open what was asked).
    if (c.req.path === FORBIDDEN_PATH) return c.html(html, 403);
    return c.html(html, isClientRoute(c.req.path) ? 200 : 404);
  };
}

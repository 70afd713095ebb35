import { describeError } from "../log.ts";
import { type Context, Hono } from "hono";
import { basePath } from "hono/route";
import { TrieRouter } from "hono/router/trie-router";
import type { AppEnv } from "../app-env.ts";
import { toRestError } from "./envelope.ts";
import { restNotFound } from "./errors.ts";
import { restAuth } from "./auth.ts";
import { apiDocs } from "./docs.ts";
import { cookieWritesAreJson } from "./cookie-json.ts";
import { regionsRest } from "./regions.ts";
import { registersRest } from "./registers.ts";
import { restUsers } from "./users.ts";

const routableMethods = ["GET", "POST", "PUT", "DELETE"];

/** The methods `api` has a route for at a path (relative to where it is mounted); GET brings HEAD. */
function routedMethods(api: Hono<AppEnv>): (path: string) => string[] {
  const router = new TrieRouter<string>();
  for (const route of api.routes)
    if (routableMethods.includes(route.method)) router.add(route.method, route.path, route.path);
  return (path) => {
    const methods = routableMethods.filter((method) => router.match(method, path)[0].length > 0);
    return methods.includes("GET") ? ["HEAD", ...methods] : methods;
  };
}

/** The Strapi-v4-shaped API mounted under /api. */
export function restApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  // Strapi (koa) names the charset; some clients check the exact header.
  api.use("*", async (c, next) => {
    await next();
    if (c.res.headers.get("content-type") === "application/json") {
      c.res.headers.set("content-type", "application/json; charset=utf-8");
    }
  });
  // The methods each path has a route for, worked out once all routes are in (on the first request).
  let methodsAt: ((path: string) => string[]) | undefined;
  const allowedAt = (c: Context<AppEnv>) => {
    methodsAt ??= routedMethods(api);
    return methodsAt(c.req.path.slice(basePath(c).length).replace(/(.)\/+$/, "$1") || "/");
  };
  api.use(
    "*",
    cookieWritesAreJson((c) => allowedAt(c).includes(c.req.method)),
  );
  api.route("/", apiDocs());
  api.route("/", restAuth());
  api.route("/", restUsers());
  api.route("/", regionsRest());
  api.route("/", registersRest());
  // A sub-app's notFound is not consulted once mounted, so unknown API routes end here. As Strapi's
  // router does, a path that has routes for other methods answers 405 with those in `Allow`.
  api.all("*", (c) => {
    const allowed = allowedAt(c);
    if (allowed.length === 0) return c.json(restNotFound().toBody(), 404);
    c.header("Allow", allowed.join(", "));
    return c.text("Method Not Allowed", 405);
  });
  api.onError((error, c) => {
    const restError = toRestError(error);
    if (restError.status === 500)
      c.var.deps.log.error("rest request failed", { path: c.req.path, error: describeError(error) });
    if (restError.status === 503)
      c.var.deps.log.warn("database unavailable", { path: c.req.path, error: describeError(error) });
    if (restError.retryAfterSeconds !== undefined) c.header("Retry-After", String(restError.retryAfterSeconds));
    return c.json(restError.toBody(), restError.status);
  });
  return api;
}

import { describeError } from "../log.ts";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { toRestError } from "./envelope.ts";
import { restNotFound } from "./errors.ts";
import { restAuth } from "./auth.ts";
import { apiDocs } from "./docs.ts";
import { cookieWritesAreJson } from "./cookie-json.ts";
import { regionsRest } from "./regions.ts";
import { registersRest } from "./registers.ts";
import { restUsers } from "./users.ts";

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
  api.use("*", cookieWritesAreJson);
  api.route("/", apiDocs());
  api.route("/", restAuth());
  api.route("/", restUsers());
  api.route("/", regionsRest());
  api.route("/", registersRest());
  // Strapi's router answers a method it has no route for (PATCH) with 405 and the methods it has.
  api.on("PATCH", "*", (c) => {
    c.header("Allow", "HEAD, GET, POST, PUT, DELETE");
    return c.text("Method Not Allowed", 405);
  });
  // A sub-app's notFound is not consulted once mounted, so unknown API routes end here.
  api.all("*", (c) => c.json(restNotFound().toBody(), 404));
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

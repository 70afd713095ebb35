import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { readSessionCookie } from "../http/session-cookie.ts";
import { RestError } from "./errors.ts";

const bodyMethods = new Set(["POST", "PUT", "PATCH"]);

/**
 * A cookie-authenticated REST write must be `application/json`, else 415 (issue 14), as tRPC
 * already answers: a browser sends text/plain and form bodies cross-site without a preflight, so
 * only JSON proves the page itself made the call. Bearer-token calls are not a browser acting on
 * someone's behalf and keep their own rules. A method the path has no route for is answered 405 (or
 * 404) first, as Strapi does, whatever the body: `routed` says whether the request reaches a route.
 */
export function cookieWritesAreJson(routed: (c: Context<AppEnv>) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const hasBody = bodyMethods.has(c.req.method) || (c.req.method === "DELETE" && c.req.header("content-type"));
    const cookieAuthenticated =
      readSessionCookie(c) !== undefined && !/^Bearer\s/i.test(c.req.header("authorization") ?? "");
    if (hasBody && cookieAuthenticated && routed(c)) {
      const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
      if (mediaType !== "application/json") {
        const error = new RestError(415, "UnsupportedMediaTypeError", "Content-Type must be application/json");
        return c.json(error.toBody(), 415);
      }
    }
    return next();
  };
}

import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import type { AppEnv } from "../app-env.ts";

const gzip = compress();

/**
 * Hono's compress() gzips JSON, scripts and the SPA shell of 1 KB and more. It names Accept-Encoding
 * in Vary through c.header(), which on an answered request copies the whole Response first (a
 * twentieth of a REST list request's CPU). The answer gets that Vary on its own headers here, before
 * compress() looks, so it has nothing left to add.
 */
export const compressAnswers: MiddlewareHandler<AppEnv> = (c, next) =>
  gzip(c, async () => {
    await next();
    const vary = c.res.headers.get("Vary");
    if (vary === "*" || (vary !== null && /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary))) return;
    c.res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  });

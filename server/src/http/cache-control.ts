// Caching rules for every response (DESIGN §6): nothing personal or tied to a session may be kept by
// a browser, a shared device's back button or a proxy; hashed assets may be kept forever.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { SESSION_COOKIE } from "./session-cookie.ts";

export const NO_STORE = "no-store";
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** The SPA shell: always revalidated, so a new release's asset names reach the browser at once. */
export const REVALIDATE = "no-cache";

// tRPC and REST answer with personal data or session state; /auth holds the OAuth sign-in and callback.
const privatePrefixes = ["/trpc/", "/api/", "/auth/"];

function isPrivatePath(path: string): boolean {
  return privatePrefixes.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
}

function touchesSession(headers: Headers): boolean {
  return headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

/** `no-store` on every tRPC, REST and OAuth response, and on any response that sets or clears the session. */
export const noStoreForPrivate: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // On the answer's own headers: c.header() on an answered request copies the whole Response first.
  if (isPrivatePath(c.req.path) || touchesSession(c.res.headers)) c.res.headers.set("Cache-Control", NO_STORE);
};

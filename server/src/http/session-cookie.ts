import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SIGNED_IN_HINT_COOKIE } from "@shared/session-hint.ts";

export const SESSION_COOKIE = "pkk_session";

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/**
 * The Set-Cookie values that start a session: the session cookie (`expiresAt` null makes it a
 * browser-session cookie, "remember me" off) and, with the same lifetime, the script-readable
 * signed-in hint (shared/src/session-hint.ts).
 */
export function sessionCookieHeaders(token: string, expiresAt: Date | null, secure: boolean): string[] {
  const lifetime = [...(expiresAt ? [`Expires=${expiresAt.toUTCString()}`] : []), ...(secure ? ["Secure"] : [])];
  return [
    [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax", ...lifetime].join("; "),
    [`${SIGNED_IN_HINT_COOKIE}=1`, "Path=/", "SameSite=Lax", ...lifetime].join("; "),
  ];
}

/** The Set-Cookie values that end a session in this browser: both cookies, expired. */
export function clearSessionCookieHeaders(secure: boolean): string[] {
  const ended = ["Path=/", "SameSite=Lax", "Max-Age=0", ...(secure ? ["Secure"] : [])];
  return [[`${SESSION_COOKIE}=`, "HttpOnly", ...ended].join("; "), [`${SIGNED_IN_HINT_COOKIE}=`, ...ended].join("; ")];
}

export { deleteCookie, setCookie };

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

const ended = (secure: boolean) => ["Path=/", "SameSite=Lax", "Max-Age=0", ...(secure ? ["Secure"] : [])];

/** The Set-Cookie values that end a session in this browser: both cookies, expired. */
export function clearSessionCookieHeaders(secure: boolean): string[] {
  return [[`${SESSION_COOKIE}=`, "HttpOnly", ...ended(secure)].join("; "), clearSignedInHintHeader(secure)];
}

/** The Set-Cookie value that drops the signed-in hint alone (its session already ended). */
export function clearSignedInHintHeader(secure: boolean): string {
  return [`${SIGNED_IN_HINT_COOKIE}=`, ...ended(secure)].join("; ");
}

export function hasSignedInHint(c: Context): boolean {
  return getCookie(c, SIGNED_IN_HINT_COOKIE) !== undefined;
}

/** Whether the answer being sent sets or clears the hint itself (a login, a logout). */
export function answerSetsSignedInHint(c: Context): boolean {
  return c.res.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

export { deleteCookie, setCookie };

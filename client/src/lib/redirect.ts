export const LOGIN_PATH = "/kader-pkk/login";
export const DASHBOARD_PATH = "/kader-pkk/dashboard";

/**
 * Where to go after login: only a path on this site ("/x", never "//evil" or "https://…"), so the
 * redirect parameter cannot send anyone elsewhere.
 */
export function safeRedirect(value: unknown, fallback = DASHBOARD_PATH): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\"))
    return fallback;
  if (value.startsWith(LOGIN_PATH) || value === "/login") return fallback;
  return value;
}

export function loginHref(redirectTo: string, base = LOGIN_PATH): string {
  return `${base}?redirect=${encodeURIComponent(redirectTo)}`;
}

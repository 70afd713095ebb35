import type { UserRole } from "./users.ts";

/** Where a signed-in user goes when the role may not open a page (the server answers it with 403). */
export const FORBIDDEN_PATH = "/tidak-punya-akses";

/**
 * Each role's home: where login (by password or by Google), the logo and a signed-in visit to the
 * login page lead. One map for the client and the server, so no door sends a role to a page it may
 * not open.
 */
export function homeOf(user: { role: UserRole }): string {
  switch (user.role) {
    case "admin":
      return "/admin";
    case "aparat":
      return "/aparat";
    case "kader":
      return "/kader-pkk/dashboard";
  }
}

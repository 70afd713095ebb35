import type { PublicUser } from "@shared/schemas/auth.ts";

/** Each role's home: where login, the logo and a signed-in visit to the login page lead. */
export function homeOf(user: Pick<PublicUser, "role">): string {
  switch (user.role) {
    case "admin":
      return "/admin";
    case "aparat":
      return "/aparat";
    case "kader":
      return "/kader-pkk/dashboard";
  }
}

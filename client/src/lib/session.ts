import { useQuery } from "@tanstack/react-query";
import { redirect } from "@tanstack/react-router";
import type { PublicUser, UserRole } from "@shared/schemas/auth.ts";
import type { RouterContext } from "../routes/__root.tsx";
import { FORBIDDEN_PATH } from "@shared/paths.ts";
import { LOGIN_PATH, loginHref } from "./redirect.ts";
import { trpc } from "./trpc.ts";

export { LOGIN_PATH };

/** The signed-in user, or null. The session itself is an HttpOnly cookie the script never sees. */
export function useSession() {
  return useQuery(trpc.auth.me.queryOptions());
}

/**
 * For a route's beforeLoad: sends visitors without a session to the login page, remembering where
 * they were going, and a signed-in user without one of `roles` to 'Tidak punya akses'. The server
 * refuses their calls anyway.
 */
export async function requireUser(
  context: RouterContext,
  location: { href: string },
  roles?: UserRole[],
): Promise<PublicUser> {
  // The signed-in header's chunk comes with the session, so the page never paints under the public
  // header first and jumps when the signed-in one arrives.
  const [user] = await Promise.all([
    context.queryClient.fetchQuery({ ...context.trpc.auth.me.queryOptions(), staleTime: 0 }),
    context.loadSignedInChrome(),
  ]);
  if (!user) throw redirect({ href: loginHref(location.href) });
  // Signed in, but this page is not for the role: say so instead of showing the login form again.
  if (roles && !roles.includes(user.role)) throw redirect({ href: FORBIDDEN_PATH });
  return user;
}

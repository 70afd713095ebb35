import { useQuery } from "@tanstack/react-query";
import { redirect } from "@tanstack/react-router";
import type { PublicUser, SignedInUser, UserRole } from "@shared/schemas/auth.ts";
import type { RouterContext } from "../routes/__root.tsx";
import { FORBIDDEN_PATH } from "@shared/paths.ts";
import { LOGIN_PATH, loginHref } from "./redirect.ts";
import { SIGNED_IN_HINT_COOKIE } from "@shared/session-hint.ts";
import { trpc } from "./trpc.ts";

export { LOGIN_PATH };

/** The signed-in user, or null. The session itself is an HttpOnly cookie the script never sees. */
export function useSession() {
  return useQuery(trpc.auth.me.queryOptions());
}

const hintCookie = `${SIGNED_IN_HINT_COOKIE}=1`;

/**
 * Whether this browser signed in (shared/src/session-hint.ts): set and cleared with the session
 * cookie, and by the server once it finds the session gone.
 */
export function hasSignedInHint(): boolean {
  return document.cookie.split("; ").includes(hintCookie);
}

/**
 * For a route's beforeLoad: the session, and for a signed-in user what their header needs (its
 * chunk and the city's name; the session names their area), so the page never paints under the
 * public header first, nor under a header that grows when its last line arrives. The name is only
 * a label: the page does not wait on its failure.
 */
export async function readSession(context: RouterContext): Promise<SignedInUser | null> {
  // Read by the root for the page this browser opened (routes/__root.tsx): not twice in one navigation.
  if (context.initialSession !== undefined) return context.initialSession;
  // The header's chunk (~5 KB) is asked for beside the session, not after it; a visitor never waits on it.
  const chrome = context.loadSignedInChrome();
  chrome.catch(() => null);
  const user = await context.queryClient.fetchQuery({ ...context.trpc.auth.me.queryOptions(), staleTime: 0 });
  if (user) {
    await Promise.all([
      chrome,
      context.queryClient.ensureQueryData(context.trpc.config.public.queryOptions()).catch(() => null),
    ]);
  }
  return user;
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
  const user = await readSession(context);
  if (!user) throw redirect({ href: loginHref(location.href) });
  // Signed in, but this page is not for the role: say so instead of showing the login form again.
  if (roles && !roles.includes(user.role)) throw redirect({ href: FORBIDDEN_PATH });
  return user;
}

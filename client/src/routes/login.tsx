import { createFileRoute, redirect } from "@tanstack/react-router";
import { textParam } from "../lib/search-params.ts";
import { LOGIN_PATH, loginHref, safeRedirect } from "../lib/redirect.ts";

// SPEC: /login is where an unauthorised response sends the browser; the login page lives at /kader-pkk/login.
export const Route = createFileRoute("/login")({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: textParam(search.redirect, 2000),
  }),
  beforeLoad: ({ search }) => {
    throw redirect({ href: search.redirect ? loginHref(safeRedirect(search.redirect)) : LOGIN_PATH });
  },
});

import { createFileRoute, redirect } from "@tanstack/react-router";
// zod/mini for the search params: they are parsed in the first page load of every page.
import * as zm from "zod/mini";
import { LOGIN_PATH, loginHref, safeRedirect } from "../lib/redirect.ts";

// SPEC: /login is where an unauthorised response sends the browser; the login page lives at /kader-pkk/login.
export const Route = createFileRoute("/login")({
  validateSearch: zm.object({ redirect: zm.optional(zm.string()) }),
  beforeLoad: ({ search }) => {
    throw redirect({ href: search.redirect ? loginHref(safeRedirect(search.redirect)) : LOGIN_PATH });
  },
});

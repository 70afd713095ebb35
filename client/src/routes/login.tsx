import { createFileRoute, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { LOGIN_PATH, loginHref, safeRedirect } from "../lib/redirect.ts";

// SPEC: /login is where an unauthorised response sends the browser; the login page lives at /kader-pkk/login.
export const Route = createFileRoute("/login")({
  validateSearch: z.object({ redirect: z.string().optional() }),
  beforeLoad: ({ search }) => {
    throw redirect({ href: search.redirect ? loginHref(safeRedirect(search.redirect)) : LOGIN_PATH });
  },
});

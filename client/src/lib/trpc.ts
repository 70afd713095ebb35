import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, isTRPCClientError, splitLink } from "@trpc/client";
import { SEARCH_TERM_FIELDS } from "@shared/search-terms.ts";
import { TRPC_MAX_BATCH_SIZE } from "@shared/trpc-limits.ts";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../../server/src/trpc/router.ts";
import { fetchWithTimeout } from "./fetch-timeout.ts";
import { loginHref } from "./redirect.ts";
import { withServerClock } from "./server-clock.ts";
import { reportUnavailable } from "./unavailable.ts";

/**
 * SPEC §8: a 401 on any call sends the browser to the login page (through /login), remembering the
 * page. The session is an HttpOnly cookie, so there is nothing to clear on this side but the cache.
 */
function onUnauthorized(error: unknown): void {
  reportUnavailable(error);
  if (!isTRPCClientError(error)) return;
  // SPEC §8: a 403 is only noted in the console; the screen shows the server's message.
  if (error.data?.httpStatus === 403) console.warn("Forbidden: You do not have permission to access this resource");
  // SPEC §8: a 5xx's data goes to the console (for whoever is asked to help); the screen says the rest.
  if ((error.data?.httpStatus ?? 0) >= 500) console.error("Server error:", error.message, error.data);
  if (error.data?.httpStatus !== 401) return;
  if (typeof window === "undefined") return;
  const here = `${window.location.pathname}${window.location.search}`;
  if (here.startsWith("/kader-pkk/login") || here.startsWith("/login")) return;
  queryClient.clear();
  window.location.assign(loginHref(here, "/login"));
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onUnauthorized }),
  mutationCache: new MutationCache({ onError: onUnauthorized }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused request will be refused again; only retry what may be a passing network fault.
      retry: (failureCount, error) =>
        !(isTRPCClientError(error) && error.data?.httpStatus && error.data.httpStatus < 500) && failureCount < 2,
    },
  },
});

/**
 * SPEC §7: a call gives up after 10 seconds. The server answers 503 by then (REQUEST_TIMEOUT_MS, 8 s);
 * this ends a call whose answer never comes at all (a connection that hangs), so the screen shows a
 * failure and 'Coba lagi' instead of waiting for ever.
 */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * A query carrying a typed search term (SEARCH_TERM_FIELDS: a head's name, a Nomor KK, a staff
 * account's name or e-mail) goes as POST (the server allows the override): a GET's input is in its
 * URL, which a reverse proxy writes to its access log (DESIGN §6). The rest stay GET.
 */
export function carriesSearchTerm(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  const fields: Record<string, unknown> = { ...input };
  return SEARCH_TERM_FIELDS.some((field) => {
    const value = fields[field];
    return typeof value === "string" && value.trim() !== "";
  });
}

const batchOptions = {
  url: "/trpc",
  maxItems: TRPC_MAX_BATCH_SIZE,
  fetch: withServerClock(fetchWithTimeout(REQUEST_TIMEOUT_MS)),
};

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === "query" && carriesSearchTerm(op.input),
      true: httpBatchLink({ ...batchOptions, methodOverride: "POST" }),
      false: httpBatchLink(batchOptions),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

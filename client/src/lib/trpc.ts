import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, isTRPCClientError } from "@trpc/client";
import { TRPC_MAX_BATCH_SIZE } from "@shared/trpc-limits.ts";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../../server/src/trpc/router.ts";
import { loginHref } from "./redirect.ts";
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

export const trpcClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: "/trpc", maxItems: TRPC_MAX_BATCH_SIZE })],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

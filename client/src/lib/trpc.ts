import { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, isTRPCClientError } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../../server/src/trpc/router.ts";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused request will be refused again; only retry what may be a passing network fault.
      retry: (failureCount, error) => !(isTRPCClientError(error) && error.data?.httpStatus && error.data.httpStatus < 500) && failureCount < 2,
    },
  },
});

export const trpcClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: "/trpc" })],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

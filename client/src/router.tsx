import { createRouter } from "@tanstack/react-router";
import { NotFound } from "./components/not-found.tsx";
import { queryClient, trpc } from "./lib/trpc.ts";
import { routeTree } from "./routeTree.gen.ts";

export function createAppRouter() {
  return createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: "intent",
    // Loaders fill the query cache; components read it with useQuery, so the router never caches on its own.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFound,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

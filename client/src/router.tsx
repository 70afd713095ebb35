import { createRouter } from "@tanstack/react-router";
import { PagePending } from "./components/layout/page-pending.tsx";
import { loadSignedInHeader } from "./components/layout/signed-in-header-chunk.ts";
import { NotFound } from "./components/not-found.tsx";
import { queryClient, trpc } from "./lib/trpc.ts";
import { routeTree } from "./routeTree.gen.ts";

export function createAppRouter() {
  return createRouter({
    routeTree,
    context: { queryClient, trpc, loadSignedInChrome: loadSignedInHeader },
    defaultPreload: "intent",
    // Loaders fill the query cache; components read it with useQuery, so the router never caches on its own.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFound,
    // A route still waiting after a second (slow mobile data) shows a loading state, never a blank page.
    defaultPendingComponent: PagePending,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, HeadContent, Outlet } from "@tanstack/react-router";
import { PublicHeader } from "../components/layout/public-header.tsx";
import { SiteFooter } from "../components/layout/site-footer.tsx";
import { NotFound } from "../components/not-found.tsx";
import { ToastProvider } from "../components/toast.tsx";
import type { trpc } from "../lib/trpc.ts";

export interface RouterContext {
  queryClient: QueryClient;
  trpc: typeof trpc;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.config.public.queryOptions()),
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <ToastProvider>
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <HeadContent />
      <a href="#konten" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn btn-sm">
        Lewati ke konten
      </a>
      <PublicHeader />
      <main id="konten" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
    </ToastProvider>
  );
}

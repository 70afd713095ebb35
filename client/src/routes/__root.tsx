import type { SignedInUser } from "@shared/schemas/auth.ts";
import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, HeadContent, Outlet } from "@tanstack/react-router";
import { ConnectionStatus } from "../components/layout/connection-status.tsx";
import { SiteFooter } from "../components/layout/site-footer.tsx";
import { SiteHeader } from "../components/layout/site-header.tsx";
import { NotFound } from "../components/not-found.tsx";
import { ToastProvider } from "../components/toast.tsx";
import { UnavailableNotice } from "../components/unavailable-notice.tsx";
import { hasSignedInHint, readSession } from "../lib/session.ts";
import type { trpc } from "../lib/trpc.ts";

export interface RouterContext {
  queryClient: QueryClient;
  trpc: typeof trpc;
  /** Loads what a signed-in page shows around it (the signed-in header's chunk) before its first paint. */
  loadSignedInChrome: () => Promise<unknown>;
  /**
   * The session as the root read it for the page this browser opened signed in (lib/session.ts
   * readSession); undefined on every later navigation, whose guards read it again.
   */
  initialSession?: SignedInUser | null;
}

let firstNavigation = true;

export const Route = createRootRouteWithContext<RouterContext>()({
  // A page opened by a browser that signed in (the script-readable hint) waits for the session and
  // the signed-in header before its first paint, instead of painting the public header and swapping
  // it; a visitor's first paint waits for nothing. Later navigations have the session at hand.
  beforeLoad: async ({ context }) => {
    if (!firstNavigation) return { initialSession: undefined };
    firstNavigation = false;
    if (!hasSignedInHint()) return { initialSession: undefined };
    // A session that cannot be read now (offline) is the guards' and the header's to retry.
    return { initialSession: await readSession(context).catch(() => undefined) };
  },
  // Started, not awaited: the first paint must not wait for a round trip (phones on mobile data).
  // Header and footer read the same queries and fill in when they arrive.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.trpc.config.public.queryOptions());
    void context.queryClient.prefetchQuery(context.trpc.auth.me.queryOptions());
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <ToastProvider>
      <UnavailableNotice />
      <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
        <HeadContent />
        <a
          href="#konten"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 btn btn-sm"
        >
          Lewati ke konten
        </a>
        <ConnectionStatus />
        <SiteHeader />
        <main id="konten" className="flex-1">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </ToastProvider>
  );
}

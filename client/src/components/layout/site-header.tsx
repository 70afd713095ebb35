import { lazy, Suspense } from "react";
import { useSession } from "../../lib/session.ts";
import { PublicHeader } from "./public-header.tsx";
import { loadSignedInHeader, signedInHeaderIfLoaded } from "./signed-in-header-chunk.ts";

const LazySignedInHeader = lazy(() => loadSignedInHeader().then((component) => ({ default: component })));

/** The signed-in header for a session, the public one otherwise (also while the session is being read). */
export function SiteHeader() {
  const session = useSession();
  if (!session.data) return <PublicHeader />;
  // Pages behind a login loaded the chunk before their first paint (router.tsx): no swap, no jump.
  const SignedInHeader = signedInHeaderIfLoaded();
  if (SignedInHeader) return <SignedInHeader user={session.data} />;
  return (
    <Suspense fallback={<PublicHeader />}>
      <LazySignedInHeader user={session.data} />
    </Suspense>
  );
}

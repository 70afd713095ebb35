import { lazy, Suspense } from "react";
import { useSession } from "../../lib/session.ts";
import { PublicHeader } from "./public-header.tsx";

// Its own chunk: visitors (most of the traffic, on phones) never download what only signed-in users need.
const SignedInHeader = lazy(() =>
  import("./signed-in-header.tsx").then((module) => ({ default: module.SignedInHeader })),
);

/** The signed-in header for a session, the public one otherwise (also while the session is being read). */
export function SiteHeader() {
  const session = useSession();
  if (!session.data) return <PublicHeader />;
  return (
    <Suspense fallback={<PublicHeader />}>
      <SignedInHeader user={session.data} />
    </Suspense>
  );
}

import { createFileRoute } from "@tanstack/react-router";
import { AdminNav } from "../../components/admin/admin-nav.tsx";
import { ApiTokens } from "../../components/admin/api-tokens.tsx";
import { requireUser } from "../../lib/session.ts";

export const Route = createFileRoute("/admin/token-api")({
  beforeLoad: ({ context, location }) => requireUser(context, location, ["admin"]),
  head: () => ({ meta: [{ title: "Token API | Portal Data Keluarga PKK" }] }),
  component: TokenApiPage,
});

/** API tokens for third parties on the REST layer (docs/api.md). */
function TokenApiPage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold">Token API</h1>
      <AdminNav />
      <div className="mt-4">
        <ApiTokens />
      </div>
    </section>
  );
}

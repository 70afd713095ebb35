import { createFileRoute } from "@tanstack/react-router";
import { AuditLogPage } from "../../components/audit/audit-log-page.tsx";
import { auditListQuery, auditSearch } from "../../components/audit/search.ts";
import { requireUser } from "../../lib/session.ts";

export const Route = createFileRoute("/admin/audit")({
  validateSearch: auditSearch,
  beforeLoad: ({ context, location }) => requireUser(context, location, ["admin"]),
  loaderDeps: ({ search }) => search,
  // A failed fetch is shown by the screen itself as an alert, so the loader never throws.
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(context.trpc.audit.list.queryOptions(auditListQuery(deps))).catch(() => null),
  head: () => ({ meta: [{ title: "Log Audit - Portal Data Keluarga PKK" }] }),
  component: AuditRoute,
});

function AuditRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AuditLogPage search={search} onSearch={(next) => navigate({ search: next })} />;
}

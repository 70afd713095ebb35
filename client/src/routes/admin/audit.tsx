import { createFileRoute, redirect } from "@tanstack/react-router";
import { AuditLogPage } from "../../components/audit/audit-log-page.tsx";
import { auditListQuery, auditSearch } from "../../components/audit/search.ts";
import { oldLinkState, stateTerm, termState } from "../../lib/search-state.ts";
import { requireUser } from "../../lib/session.ts";

export const Route = createFileRoute("/admin/audit")({
  validateSearch: auditSearch,
  beforeLoad: async ({ context, location, search }) => {
    // An old bookmark or link with ?user=: its term moves into the entry's state and the entry's URL
    // is replaced without it. First, so that a visitor without a session is not sent to the login
    // page with the term in its redirect parameter.
    const moved = oldLinkState(location.search, "user", "auditUserSearch");
    if (moved) {
      throw redirect({
        to: "/admin/audit",
        // Not `search` itself: a route's search keeps the URL's unknown keys, user among them.
        search: {
          registrationNumber: search.registrationNumber,
          action: search.action,
          from: search.from,
          to: search.to,
        },
        state: moved,
        replace: true,
      });
    }
    await requireUser(context, location, ["admin"]);
    // Read here rather than from the location in the component: a route's context changes with its
    // search when a navigation completes, while the location changes as it starts.
    return { userTerm: stateTerm(location.state, "auditUserSearch") };
  },
  loaderDeps: ({ search }) => search,
  // A failed fetch is shown by the screen itself as an alert, so the loader never throws.
  loader: ({ context, deps, location }) =>
    context.queryClient
      .ensureQueryData(
        context.trpc.audit.list.queryOptions(
          auditListQuery({ ...deps, user: stateTerm(location.state, "auditUserSearch") }),
        ),
      )
      .catch(() => null),
  head: () => ({ meta: [{ title: "Log Audit - Portal Data Keluarga PKK" }] }),
  component: AuditRoute,
});

function AuditRoute() {
  const search = Route.useSearch();
  const { userTerm } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <AuditLogPage
      filter={{ ...search, user: userTerm || undefined }}
      onSearch={({ user, ...next }) => navigate({ search: next, state: termState("auditUserSearch", user ?? "") })}
    />
  );
}

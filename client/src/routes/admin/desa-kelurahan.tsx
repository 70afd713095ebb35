import { createFileRoute } from "@tanstack/react-router";
import { AdminRegionsPage } from "../../components/admin-regions/admin-regions-page.tsx";
import { adminRegionSearch, pageInput } from "../../components/admin-regions/search.ts";
import { requireUser } from "../../lib/session.ts";

export const Route = createFileRoute("/admin/desa-kelurahan")({
  validateSearch: adminRegionSearch,
  beforeLoad: ({ context, location }) => requireUser(context, location, ["admin"]),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    // A failed fetch is shown by the screen itself as an alert, so the loader never throws.
    await Promise.all([
      context.queryClient.ensureQueryData(context.trpc.regions.kecamatan.queryOptions()),
      deps.tab === "data"
        ? context.queryClient.ensureQueryData(context.trpc.regions.desaKelurahanPage.queryOptions(pageInput(deps)))
        : null,
    ]).catch(() => undefined);
  },
  head: () => ({ meta: [{ title: "Data Desa/Kelurahan - Portal Data Keluarga PKK" }] }),
  component: AdminRegionsRoute,
});

function AdminRegionsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminRegionsPage
      search={search}
      onSearch={(change) => navigate({ search: (previous) => ({ ...previous, ...change }), replace: false })}
    />
  );
}

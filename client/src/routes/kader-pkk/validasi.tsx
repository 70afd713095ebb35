import { createFileRoute } from "@tanstack/react-router";
import { roleLine } from "../../components/registers/labels.ts";
import { QueueFilters } from "../../components/registers/queue-filters.tsx";
import { queueInputFrom, validasiSearch, type ValidasiSearch } from "../../components/registers/search.ts";
import { ValidationQueue } from "../../components/registers/validation-queue.tsx";
import { useAreaText } from "../../components/workspace/area-text.ts";
import { requireUser } from "../../lib/session.ts";

export const Route = createFileRoute("/kader-pkk/validasi")({
  validateSearch: validasiSearch,
  beforeLoad: async ({ context, location }) => ({ user: await requireUser(context, location, ["kader", "admin"]) }),
  loaderDeps: ({ search }) => queueInputFrom(search),
  // prefetch (not ensure): a refused or failed call shows the page's own error state, not a crash page.
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(context.trpc.registers.queue.queryOptions(deps)),
  head: () => ({ meta: [{ title: "Validasi Data Keluarga | Portal Data Keluarga PKK" }] }),
  component: ValidasiPage,
});

function ValidasiPage() {
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const area = useAreaText(user);
  const apply = (next: ValidasiSearch) => navigate({ search: next });

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Validasi Data Keluarga</h1>
        <p className="mt-1">
          {user.fullName} · {roleLine(user)} · <span>{area}</span>
        </p>
        <p className="mt-1 text-sm">
          Data berjenjang: RT memverifikasi data baru, lalu RW, lalu kelurahan mengesahkan.
        </p>
      </header>
      <QueueFilters key={JSON.stringify(search)} user={user} search={search} onApply={apply} />
      <ValidationQueue
        search={search}
        onPage={(page) => navigate({ search: (prev) => ({ ...prev, page }) })}
        onSort={(sort) => navigate({ search: (prev) => ({ ...prev, sort, page: 1 }) })}
      />
    </div>
  );
}

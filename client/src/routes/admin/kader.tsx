import { createFileRoute, type SearchSchemaInput } from "@tanstack/react-router";
import { AdminNav } from "../../components/admin/admin-nav.tsx";
import { PendingKaderQueue } from "../../components/admin/pending-kader.tsx";
import { UsersList } from "../../components/admin/users-list.tsx";
import { enumParam } from "../../lib/search-params.ts";
import { requireUser } from "../../lib/session.ts";

const tabs = [
  { key: "antrean", label: "Antrean Kader" },
  { key: "pengguna", label: "Pengguna" },
] as const;
type Tab = (typeof tabs)[number]["key"];
const tabKeys = tabs.map((item) => item.key);

/** The open tab lives in the URL, so a reload after acting on a user keeps the Pengguna table. */
function kaderPageSearch(search: { tab?: unknown } & SearchSchemaInput): { tab?: Tab } {
  // The first tab is left out of the address, so links and sign-in redirects stay /admin/kader.
  const tab = enumParam(tabKeys, search.tab);
  return tab && tab !== "antrean" ? { tab } : {};
}

export const Route = createFileRoute("/admin/kader")({
  validateSearch: kaderPageSearch,
  beforeLoad: async ({ context, location }) => ({ user: await requireUser(context, location, ["admin"]) }),
  head: () => ({ meta: [{ title: "Kelola Kader dan Pengguna" }] }),
  component: AdminKaderPage,
});

function AdminKaderPage() {
  const { user } = Route.useRouteContext();
  const tab = Route.useSearch().tab ?? "antrean";
  const navigate = Route.useNavigate();
  const setTab = (next: Tab) => navigate({ search: next === "antrean" ? {} : { tab: next } });
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold">Kelola Kader dan Pengguna</h1>
      <AdminNav />
      <div
        role="tablist"
        aria-label="Bagian halaman admin"
        className="tabs tabs-border mt-4 flex-nowrap overflow-x-auto"
      >
        {tabs.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`tab-${item.key}`}
            aria-selected={tab === item.key}
            aria-controls={`panel-${item.key}`}
            className={`tab whitespace-nowrap text-base-content ${tab === item.key ? "tab-active" : ""}`}
            onClick={() => setTab(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="mt-4">
        <h2 className="sr-only">{tabs.find((item) => item.key === tab)?.label}</h2>
        {tab === "antrean" && <PendingKaderQueue />}
        {tab === "pengguna" && <UsersList currentUserId={user.id} />}
      </div>
    </section>
  );
}

import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { AdminNav } from "../../components/admin/admin-nav.tsx";
import { SummaryCards } from "../../components/dashboard/cards.tsx";
import { OverdueCard } from "../../components/dashboard/overdue-card.tsx";
import { LookupAlert } from "../../components/lookup-alert.tsx";
import { requireUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";

export const Route = createFileRoute("/admin/")({
  beforeLoad: ({ context, location }) => requireUser(context, location, ["admin"]),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.trpc.dashboard.summary.queryOptions());
    void context.queryClient.prefetchQuery(context.trpc.users.pendingKader.queryOptions());
  },
  head: () => ({ meta: [{ title: "Beranda Admin | Portal Data Keluarga PKK" }] }),
  component: AdminHome,
});

/** The admin's home: cadres waiting for approval, overdue validations, the city's figures. */
function AdminHome() {
  const pending = useQuery(trpc.users.pendingKader.queryOptions());
  const summary = useQuery(trpc.dashboard.summary.queryOptions());
  const config = useQuery(trpc.config.public.queryOptions());
  const waiting = pending.data ?? [];
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Beranda Admin</h1>
        <p className="mt-1">Ringkasan {config.data?.cityName ?? "kota"}</p>
        <AdminNav />
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="kader-menunggu" className="card border border-base-300 bg-base-100">
          <div className="card-body p-4">
            <h2 id="kader-menunggu" className="card-title text-base">
              Pendaftaran Kader Menunggu Persetujuan
            </h2>
            {pending.isPending && <p role="status">Memuat...</p>}
            {pending.isError && (
              <LookupAlert
                error={pending.error}
                fallback="Gagal memuat pendaftaran kader."
                onRetry={() => void pending.refetch()}
              />
            )}
            {pending.data && (
              <>
                <p className="text-3xl font-bold" data-testid="kader-menunggu">
                  {waiting.length.toLocaleString("id-ID")}
                </p>
                {waiting.length > 0 && (
                  <ul className="list-disc pl-5 text-sm">
                    {waiting.slice(0, 5).map((item) => (
                      <li key={item.user.id}>
                        {item.user.fullName}
                        {item.kelurahanNama ? ` · ${item.kelurahanNama}` : ""}
                      </li>
                    ))}
                  </ul>
                )}
                <Link to="/admin/kader" className="btn btn-sm btn-primary mt-2">
                  Periksa pendaftaran kader
                </Link>
              </>
            )}
          </div>
        </section>
        <OverdueCard />
      </div>
      {summary.isError && (
        <LookupAlert
          error={summary.error}
          fallback="Gagal memuat angka kota."
          onRetry={() => void summary.refetch()}
          className=""
        />
      )}
      {summary.data && (
        <section aria-labelledby="angka-kota" className="space-y-3">
          <h2 id="angka-kota" className="text-lg font-semibold">
            Angka {config.data?.cityName ?? "Kota"}
          </h2>
          <SummaryCards summary={summary.data} />
        </section>
      )}
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useState } from "react";
import { QuickActions, StatisticCards, SummaryCards } from "../../components/dashboard/cards.tsx";
import { OverdueCard } from "../../components/dashboard/overdue-card.tsx";
import { AllRegistrationsDialog } from "../../components/registers/all-registrations-dialog.tsx";
import { RecordDialog } from "../../components/registers/record-dialog.tsx";
import { RecordList } from "../../components/registers/record-list.tsx";
import { roleLine } from "../../components/registers/labels.ts";
import { useAreaText } from "../../components/workspace/area-text.ts";
import { errorMessage } from "../../lib/errors.ts";
import { requireUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";

export const Route = createFileRoute("/kader-pkk/dashboard")({
  beforeLoad: async ({ context, location }) => ({
    // Officials have their own portal (/aparat); this is the cadres' workspace.
    user: await requireUser(context, location, ["kader", "admin"]),
  }),
  loader: ({ context }) => context.queryClient.prefetchQuery(context.trpc.dashboard.summary.queryOptions()),
  head: () => ({ meta: [{ title: "Dashboard Kader PKK | Portal Data Keluarga PKK" }] }),
  component: DashboardPage,
});

function DashboardPage() {
  const { user } = Route.useRouteContext();
  const area = useAreaText(user);
  const summary = useQuery(trpc.dashboard.summary.queryOptions());
  const [latest, setLatest] = useState({ search: "" });
  // The record open in the Maker Checker dialog: an id, "new" for a blank family, or none.
  const [reviewing, setReviewing] = useState<number | "new" | null>(null);
  const [showAll, setShowAll] = useState(false);
  const canAct = user.role !== "aparat";

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Ringkasan Wilayah Kerja</h1>
        <p className="mt-1">
          {user.fullName} · {roleLine(user)}
          {user.jabatan ? ` · ${user.jabatan}` : ""} · {area}
        </p>
      </header>

      {summary.isPending && (
        <p className="flex items-center gap-2" role="status">
          <span className="loading loading-spinner" aria-hidden="true" /> Memuat ringkasan...
        </p>
      )}
      {summary.isError && (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{errorMessage(summary.error, { fallback: "Gagal memuat ringkasan." })}</span>
          <button type="button" className="btn btn-sm" onClick={() => summary.refetch()}>
            Coba lagi
          </button>
        </div>
      )}
      {summary.data && <SummaryCards summary={summary.data} />}
      <OverdueCard />

      <div className="grid gap-6 lg:grid-cols-3">
        <QuickActions canAct={canAct} />
        <section aria-labelledby="latest" className="card border border-base-300 bg-base-100 lg:col-span-2">
          <div className="card-body p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="latest" className="card-title text-base">
                Registrasi Terbaru
              </h2>
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn btn-sm btn-outline" onClick={() => setShowAll(true)}>
                  Lihat Semua Registrasi
                </button>
                <Link to="/kader-pkk/registrasi-list" className="btn btn-sm btn-ghost">
                  Buka Halaman Daftar
                </Link>
              </div>
            </div>
            <RecordList
              label="Registrasi terbaru"
              compact
              search={latest.search}
              page={1}
              onSearch={(search) => setLatest({ search })}
              onPage={() => undefined}
              action={(item) => (
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  onClick={() => setReviewing(item.id)}
                  aria-label={`Review ${item.namaKK}`}
                >
                  Review
                </button>
              )}
            />
          </div>
        </section>
      </div>

      {summary.data && <StatisticCards summary={summary.data} />}

      {showAll && (
        <AllRegistrationsDialog
          onClose={() => setShowAll(false)}
          onReview={setReviewing}
          onAdd={canAct ? () => setReviewing("new") : undefined}
        />
      )}
      {reviewing !== null && (
        <RecordDialog
          key={reviewing}
          registerId={reviewing === "new" ? null : reviewing}
          onClose={() => setReviewing(null)}
        />
      )}
    </div>
  );
}

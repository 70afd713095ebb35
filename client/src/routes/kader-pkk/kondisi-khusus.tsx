import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { specialConditionKeys, specialConditionLabels } from "@shared/enums.ts";
import type { SpecialConditionsInput } from "@shared/schemas/register-records.ts";
import { PlaceFilter } from "../../components/registers/place-filter.tsx";
import { formatNumber } from "../../components/registers/format.ts";
import { RecordDialog } from "../../components/registers/record-dialog.tsx";
import { StatusBadge } from "../../components/registers/status-badge.tsx";
import { useAreaText } from "../../components/workspace/area-text.ts";
import { errorMessage } from "../../lib/errors.ts";
import { enumParam, intParam, rtRwParam } from "../../lib/search-params.ts";
import { BackHomeLink } from "../../components/layout/back-home-link.tsx";
import { requireUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";

interface MonitorSearch {
  condition?: (typeof specialConditionKeys)[number];
  desaKelurahanId?: number;
  rw?: string;
  rt?: string;
  page?: number;
}

function monitorSearch(search: Record<string, unknown>): MonitorSearch {
  return {
    condition: enumParam(specialConditionKeys, search.condition),
    desaKelurahanId: intParam(search.desaKelurahanId, 1),
    rw: rtRwParam(search.rw),
    rt: rtRwParam(search.rt),
    page: intParam(search.page, 1),
  };
}

const inputFrom = (search: MonitorSearch): SpecialConditionsInput => ({ ...search, page: search.page ?? 1 });

export const Route = createFileRoute("/kader-pkk/kondisi-khusus")({
  validateSearch: monitorSearch,
  beforeLoad: async ({ context, location }) => ({
    user: await requireUser(context, location, ["kader", "admin", "aparat"]),
  }),
  loaderDeps: ({ search }) => inputFrom(search),
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(context.trpc.registers.specialConditions.queryOptions(deps)),
  head: () => ({ meta: [{ title: "Monitor Kondisi Khusus | Portal Data Keluarga PKK" }] }),
  component: MonitorPage,
});

function MonitorPage() {
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const area = useAreaText(user);
  const view = useQuery(trpc.registers.specialConditions.queryOptions(inputFrom(search)));
  const [open, setOpen] = useState<number | null>(null);

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <BackHomeLink user={user} />
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Monitor Kondisi Khusus</h1>
        <p className="mt-1">{area}</p>
      </header>
      <PlaceFilter
        key={JSON.stringify([search.desaKelurahanId, search.rw, search.rt])}
        user={user}
        value={search}
        onApply={(place) => navigate({ search: { condition: search.condition, ...place } })}
      />
      {view.isPending && (
        <p className="flex items-center gap-2" role="status">
          <span className="loading loading-spinner" aria-hidden="true" /> Memuat data kondisi khusus...
        </p>
      )}
      {view.isError && (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{errorMessage(view.error, { fallback: "Gagal memuat data kondisi khusus." })}</span>
          <button type="button" className="btn btn-sm" onClick={() => view.refetch()}>
            Coba lagi
          </button>
        </div>
      )}
      {view.data && (
        <>
          <section aria-labelledby="jumlah-kondisi" className="space-y-2">
            <h2 id="jumlah-kondisi" className="text-lg font-semibold">
              Jumlah per kondisi ({formatNumber(view.data.familiesWithAny)} keluarga dengan kondisi khusus)
            </h2>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
              <button
                type="button"
                aria-pressed={search.condition === undefined}
                className={`btn h-auto flex-col py-2 ${search.condition === undefined ? "btn-primary" : "btn-outline"}`}
                onClick={() => navigate({ search: (prev) => ({ ...prev, condition: undefined, page: undefined }) })}
              >
                <span>Semua kondisi</span>
                <span className="text-lg font-bold">{formatNumber(view.data.familiesWithAny)}</span>
              </button>
              {view.data.counts.map((item) => (
                <button
                  key={item.key}
                  type="button"
                  aria-pressed={search.condition === item.key}
                  className={`btn h-auto flex-col py-2 ${search.condition === item.key ? "btn-primary" : "btn-outline"}`}
                  onClick={() => navigate({ search: (prev) => ({ ...prev, condition: item.key, page: undefined }) })}
                >
                  <span>{specialConditionLabels[item.key]}</span>
                  <span className="text-lg font-bold" data-testid={`count-${item.key}`}>
                    {formatNumber(item.families)}
                  </span>
                  <span className="text-xs font-normal">{formatNumber(item.people)} orang</span>
                </button>
              ))}
            </div>
          </section>
          <section aria-labelledby="daftar-keluarga" className="space-y-2">
            <h2 id="daftar-keluarga" className="text-lg font-semibold">
              Keluarga{" "}
              {search.condition
                ? `dengan kondisi ${specialConditionLabels[search.condition]}`
                : "dengan kondisi khusus"}{" "}
              ({formatNumber(view.data.total)})
            </h2>
            {view.data.families === null ? (
              <p className="rounded-box border border-dashed border-base-300 p-6 text-center">
                Akun aparat melihat jumlah per wilayah saja; daftar keluarga tidak ditampilkan.
              </p>
            ) : view.data.families.length === 0 ? (
              <p className="rounded-box border border-dashed border-base-300 p-6 text-center">Data tidak ditemukan.</p>
            ) : (
              <ul className="grid gap-2 lg:grid-cols-2">
                {view.data.families.map((family) => (
                  <li key={family.id} className="rounded-box border border-base-300 p-3">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0 space-y-1">
                        <p className="font-semibold break-words">{family.namaKK}</p>
                        <p className="text-sm break-words">{family.alamat}</p>
                        <div className="flex flex-wrap gap-1">
                          <StatusBadge status={family.status} />
                          {family.conditions.map((item) => (
                            <span key={item.key} className="badge badge-outline">
                              {specialConditionLabels[item.key]}: {item.count}
                            </span>
                          ))}
                        </div>
                      </div>
                      <button
                        type="button"
                        className="btn btn-sm btn-primary"
                        onClick={() => setOpen(family.id)}
                        aria-label={`Lihat Data ${family.namaKK}`}
                      >
                        Lihat Data
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {view.data.total > 0 && (
              <nav aria-label="Halaman daftar keluarga" className="flex items-center justify-between gap-2">
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={view.data.page <= 1}
                  onClick={() => navigate({ search: (prev) => ({ ...prev, page: view.data.page - 1 }) })}
                >
                  Prev
                </button>
                <span className="text-sm">
                  Halaman {view.data.page} dari {view.data.pageCount}
                </span>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={view.data.page >= view.data.pageCount}
                  onClick={() => navigate({ search: (prev) => ({ ...prev, page: view.data.page + 1 }) })}
                >
                  Next
                </button>
              </nav>
            )}
          </section>
        </>
      )}
      {open !== null && <RecordDialog key={open} registerId={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

import { useMutation, useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { houseCriteriaLabels, specialConditionLabels } from "@shared/enums.ts";
import { statusLabel } from "@shared/status.ts";
import { formatNumber } from "../../components/registers/format.ts";
import { currentMonth, MonthForm } from "../../components/recaps/month-form.tsx";
import { RecapLinks } from "../../components/recaps/recap-links.tsx";
import { useToast } from "../../components/toast.tsx";
import { useAreaText } from "../../components/workspace/area-text.ts";
import { errorMessage } from "../../lib/errors.ts";
import { monthParam } from "../../lib/search-params.ts";
import { downloadFile } from "../../lib/download.ts";
import { BackHomeLink } from "../../components/layout/back-home-link.tsx";
import { requireUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";

const reportSearch = (search: Record<string, unknown>): { bulan?: string } => ({ bulan: monthParam(search.bulan) });

export const Route = createFileRoute("/kader-pkk/laporan")({
  validateSearch: reportSearch,
  beforeLoad: async ({ context, location }) => ({
    user: await requireUser(context, location, ["kader", "admin", "aparat"]),
  }),
  loaderDeps: ({ search }) => ({ month: search.bulan ?? currentMonth() }),
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(context.trpc.reports.monthly.queryOptions(deps)),
  head: () => ({ meta: [{ title: "Laporan Bulanan | Portal Data Keluarga PKK" }] }),
  component: ReportPage,
});

const monthName = (month: string) =>
  new Intl.DateTimeFormat("id-ID", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

function Table({ caption, rows }: { caption: string; rows: Array<[string, number]> }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left">
        <caption className="pb-2 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-base-300">
            <th scope="col" className="py-2">
              Uraian
            </th>
            <th scope="col" className="py-2 text-right">
              Jumlah
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label} className="border-b border-base-200">
              <td className="py-2 pr-2">{label}</td>
              <td className="py-2 text-right">{formatNumber(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReportPage() {
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const area = useAreaText(user);
  const month = search.bulan ?? currentMonth();
  const report = useQuery(trpc.reports.monthly.queryOptions({ month }));
  const { toast } = useToast();
  const exporter = useMutation(
    trpc.reports.export.mutationOptions({
      onSuccess: (file) => downloadFile(file),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: errorMessage(error, { fallback: "Gagal mengekspor laporan" }),
        }),
    }),
  );

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <BackHomeLink user={user} />
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Laporan Bulanan</h1>
        <p className="mt-1">
          {area} · {monthName(month)}
        </p>
        <p className="mt-2 text-sm">
          Angka keluarga di laporan ini mencakup semua keluarga yang terdaftar sampai akhir bulan (menurut tanggal
          registrasi, semua status). Rekap PKK (Lampiran 4.16/4.18) hanya menghitung keluarga berstatus Disetujui
          menurut tanggal pendataan, sehingga angkanya dapat berbeda.
        </p>
      </header>
      <RecapLinks user={user} month={month} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <MonthForm month={month} label="Pilih bulan laporan" onPick={(bulan) => navigate({ search: { bulan } })} />
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <button
            type="button"
            className="btn btn-primary"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate({ month, format: "xlsx" })}
          >
            Unduh Excel (.xlsx)
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={exporter.isPending}
            onClick={() => exporter.mutate({ month, format: "csv" })}
          >
            Unduh CSV (Excel Indonesia)
          </button>
        </div>
      </div>
      {report.isPending && (
        <p className="flex items-center gap-2" role="status">
          <span className="loading loading-spinner" aria-hidden="true" /> Memuat laporan...
        </p>
      )}
      {report.isError && (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{errorMessage(report.error, { fallback: "Gagal memuat laporan." })}</span>
          <button type="button" className="btn btn-sm" onClick={() => report.refetch()}>
            Coba lagi
          </button>
        </div>
      )}
      {report.data && (
        <div className="grid gap-6 md:grid-cols-2">
          <Table
            caption={`Registrasi baru bulan ini (${formatNumber(report.data.newRegistrations.total)})`}
            rows={report.data.newRegistrations.byStatus.map((item) => [statusLabel(item.status), item.count])}
          />
          <Table
            caption="Perubahan status bulan ini"
            rows={report.data.moves.map((item) => [statusLabel(item.status), item.count])}
          />
          <Table
            caption={`Sumber air, MCK dan rumah (${formatNumber(report.data.figures.families)} keluarga s.d. akhir bulan)`}
            rows={[
              ["PDAM", report.data.figures.water.pdam],
              ["Sumur (bor/gali)", report.data.figures.water.well],
              ["Memiliki MCK", report.data.figures.water.mck],
              [houseCriteriaLabels.healthy, report.data.figures.house.healthy],
              [houseCriteriaLabels.lessHealthy, report.data.figures.house.lessHealthy],
              [
                "Perlu bantuan (kurang sehat tanpa tempat sampah atau saluran air limbah)",
                report.data.figures.house.needsHelp,
              ],
            ]}
          />
          <Table
            caption={`Kondisi khusus: jumlah keluarga (${formatNumber(report.data.figures.anyCondition)} keluarga)`}
            rows={report.data.figures.conditions.map((item) => [
              `${specialConditionLabels[item.key]} (${formatNumber(item.people)} jiwa)`,
              item.families,
            ])}
          />
        </div>
      )}
    </div>
  );
}

import { useMutation, useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useId, useState, type FormEvent } from "react";
import { houseCriteriaLabels, specialConditionLabels } from "@shared/enums.ts";
import { todayIso } from "@shared/dates.ts";
import { statusLabel } from "@shared/status.ts";
import { formatNumber } from "../../components/registers/format.ts";
import { RecapLinks } from "../../components/recaps/recap-links.tsx";
import { useToast } from "../../components/toast.tsx";
import { useAreaText } from "../../components/workspace/area-text.ts";
import { errorMessage } from "../../lib/errors.ts";
import { monthParam } from "../../lib/search-params.ts";
import { homeOf } from "../../lib/home.ts";
import { requireUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";

const reportSearch = (search: Record<string, unknown>): { bulan?: string } => ({ bulan: monthParam(search.bulan) });
const currentMonth = () => todayIso().slice(0, 7);

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

function download(file: { filename: string; mimeType: string; base64: string }) {
  const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.mimeType }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.filename;
  link.click();
  URL.revokeObjectURL(url);
}

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
  const id = useId();
  const area = useAreaText(user);
  const month = search.bulan ?? currentMonth();
  const [picked, setPicked] = useState(month);
  const report = useQuery(trpc.reports.monthly.queryOptions({ month }));
  const { toast } = useToast();
  const exporter = useMutation(
    trpc.reports.export.mutationOptions({
      onSuccess: (file) => download(file),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: errorMessage(error, { fallback: "Gagal mengekspor laporan" }),
        }),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (monthParam(picked) !== undefined) navigate({ search: { bulan: picked } });
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Link to={homeOf(user)} className="btn btn-ghost btn-sm">
        {user.role === "aparat" ? "← Kembali ke Portal Aparat" : "← Kembali ke Dashboard"}
      </Link>
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Laporan Bulanan</h1>
        <p className="mt-1">
          {area} · {monthName(month)}
        </p>
      </header>
      <RecapLinks user={user} month={month} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <form
          onSubmit={submit}
          className="flex w-full flex-wrap items-end gap-2 sm:w-auto"
          aria-label="Pilih bulan laporan"
        >
          <div className="fieldset min-w-0 flex-1 sm:flex-none">
            <label className="fieldset-legend" htmlFor={`${id}-bulan`}>
              Bulan
            </label>
            <input
              id={`${id}-bulan`}
              type="month"
              className="input w-full"
              value={picked}
              max={currentMonth()}
              onChange={(event) => setPicked(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary">
            Tampilkan
          </button>
        </form>
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

import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { formatHours } from "@shared/deadlines.ts";
import { validationLevelLabels, validationLevels } from "@shared/status.ts";
import { trpc } from "../../lib/trpc.ts";
import { LookupAlert } from "../lookup-alert.tsx";

/** Overdue validations per level in the user's area, each against its level's promise. */
export function OverdueCard() {
  const overdue = useQuery(trpc.dashboard.overdue.queryOptions());
  return (
    <section aria-labelledby="terlambat" className="card border border-base-300 bg-base-100">
      <div className="card-body p-4">
        <h2 id="terlambat" className="card-title text-base">
          Validasi Melewati Batas Waktu
        </h2>
        {overdue.isPending && <p role="status">Memuat...</p>}
        {overdue.isError && (
          <LookupAlert
            error={overdue.error}
            fallback="Gagal memuat jumlah validasi yang terlambat."
            onRetry={() => void overdue.refetch()}
          />
        )}
        {overdue.data && (
          <>
            <dl className="grid grid-cols-3 gap-2 text-center">
              {validationLevels.map((level) => (
                <div key={level} className="rounded-box bg-base-200 p-2">
                  <dt className="text-sm">
                    {validationLevelLabels[level]}{" "}
                    <span className="block text-xs">(batas {formatHours(overdue.data.targets[level])})</span>
                  </dt>
                  <dd
                    className={`text-2xl font-bold ${overdue.data.counts[level] > 0 ? "text-error" : ""}`}
                    data-testid={`terlambat-${level}`}
                  >
                    {overdue.data.counts[level].toLocaleString("id-ID")}
                  </dd>
                </div>
              ))}
            </dl>
            <Link
              to="/kader-pkk/validasi"
              search={{ sort: "overdue", status: "all" }}
              className="btn btn-sm btn-outline mt-2"
            >
              Lihat yang terlambat lebih dulu
            </Link>
          </>
        )}
      </div>
    </section>
  );
}

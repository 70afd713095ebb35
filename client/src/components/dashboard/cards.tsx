import { Link } from "@tanstack/react-router";
import { specialConditionLabels } from "@shared/enums.ts";
import { statusLabel } from "@shared/status.ts";
import { formatNumber, formatPercent, share } from "../registers/format.ts";
import type { DashboardSummary } from "./types.ts";

type Trend = DashboardSummary["cards"]["totalFamilies"];

/** '▲ 12,5% dari bulan lalu', or the change in numbers when last month had nothing to compare with. */
function TrendLine({ trend }: { trend: Trend }) {
  const delta = trend.current - trend.previous;
  const arrow = delta > 0 ? "▲" : delta < 0 ? "▼" : "=";
  const word = delta > 0 ? "naik" : delta < 0 ? "turun" : "tetap";
  const tone = delta > 0 ? "text-success" : delta < 0 ? "text-error" : "";
  const amount =
    trend.changePercent === null
      ? delta === 0
        ? "sama dengan bulan lalu"
        : `${delta > 0 ? "+" : ""}${formatNumber(delta)} (bulan lalu ${formatNumber(trend.previous)})`
      : `${formatPercent(Math.abs(trend.changePercent))} dari bulan lalu`;
  return (
    <p className="text-sm">
      <span className={`font-semibold ${tone}`} aria-hidden="true">
        {arrow}{" "}
      </span>
      <span className="sr-only">{word} </span>
      {amount}
    </p>
  );
}

export function SummaryCards({ summary }: { summary: DashboardSummary }) {
  const cards = [
    { key: "total", title: "Total Keluarga", trend: summary.cards.totalFamilies },
    { key: "pending", title: "Registrasi Pending", trend: summary.cards.pending },
    { key: "special", title: "Kondisi Khusus", trend: summary.cards.specialCondition },
    { key: "verified", title: "Data Verified", trend: summary.cards.verified },
  ];
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Ringkasan">
      {cards.map((card) => (
        <li key={card.key} className="card border border-base-300 bg-base-100" data-card={card.key}>
          <div className="card-body gap-1 p-4">
            <h2 className="text-sm font-medium">{card.title}</h2>
            <p className="text-3xl font-bold" data-testid={`card-${card.key}`}>
              {formatNumber(card.trend.current)}
            </p>
            <TrendLine trend={card.trend} />
            {card.key === "pending" && (
              <p className="text-xs">
                Status: {summary.pendingStatuses.map((status) => statusLabel(status)).join(", ")}
              </p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Officials (aparat) only read: they get the report and the monitor. */
export function QuickActions({ canAct }: { canAct: boolean }) {
  const all = [
    { to: "/kader-pkk/validasi", label: "Validasi Data", act: true },
    { to: "/kader-pkk/input-manual", label: "Input Manual", act: true },
    { to: "/kader-pkk/laporan", label: "Laporan Bulanan", act: false },
    { to: "/kader-pkk/kondisi-khusus", label: "Kondisi Khusus", act: false },
    // Households on the map are for cadres only (officials see areas on /statistik).
    { to: "/kader-pkk/peta", label: "Peta Rumah", act: true },
  ] as const;
  const actions = all.filter((action) => canAct || !action.act);
  return (
    <section aria-labelledby="quick-actions" className="card border border-base-300 bg-base-100">
      <div className="card-body p-4">
        <h2 id="quick-actions" className="card-title text-base">
          Quick Actions
        </h2>
        <div className="grid grid-cols-2 gap-2">
          {actions.map((action) => (
            <Link key={action.to} to={action.to} className="btn btn-outline">
              {action.label}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}

function Figure({ label, value, of }: { label: string; value: number; of: number }) {
  return (
    <div className="flex items-baseline justify-between gap-2">
      <dt>{label}</dt>
      <dd className="text-right">
        <span className="font-semibold">{formatNumber(value)}</span>{" "}
        <span className="text-sm">({formatPercent(share(value, of))})</span>
      </dd>
    </div>
  );
}

export function StatisticCards({ summary }: { summary: DashboardSummary }) {
  const { figures } = summary;
  const total = figures.families;
  const condition = (key: "pregnant" | "nursing" | "newBirth") =>
    figures.conditions.find((item) => item.key === key) ?? { key, families: 0, people: 0 };
  return (
    <div className="grid gap-3 lg:grid-cols-3">
      <section aria-labelledby="stat-air" className="card border border-base-300 bg-base-100">
        <div className="card-body p-4">
          <h2 id="stat-air" className="card-title text-base">
            Sumber Air & MCK
          </h2>
          <dl className="space-y-1">
            <Figure label="PDAM" value={figures.water.pdam} of={total} />
            <Figure label="Sumur (bor/gali)" value={figures.water.well} of={total} />
            <Figure label="Memiliki MCK" value={figures.water.mck} of={total} />
          </dl>
          <p className="text-sm">Dari {formatNumber(total)} keluarga.</p>
        </div>
      </section>
      <section aria-labelledby="stat-rumah" className="card border border-base-300 bg-base-100">
        <div className="card-body p-4">
          <h2 id="stat-rumah" className="card-title text-base">
            Kriteria Rumah
          </h2>
          <dl className="space-y-1">
            <Figure label="Sehat" value={figures.house.healthy} of={total} />
            <Figure label="Kurang Sehat" value={figures.house.lessHealthy} of={total} />
            <Figure label="Perlu Bantuan" value={figures.house.needsHelp} of={total} />
          </dl>
          <p className="text-sm">
            Perlu bantuan: rumah kurang sehat yang tidak memiliki tempat sampah atau saluran pembuangan air limbah.
          </p>
        </div>
      </section>
      <section aria-labelledby="stat-kondisi" className="card border border-base-300 bg-base-100">
        <div className="card-body p-4">
          <h2 id="stat-kondisi" className="card-title text-base">
            Kondisi Khusus
          </h2>
          <dl className="space-y-1">
            {(["pregnant", "nursing", "newBirth"] as const).map((key) => (
              <div key={key} className="flex items-baseline justify-between gap-2">
                <dt>{specialConditionLabels[key]}</dt>
                <dd>
                  <span className="font-semibold">{formatNumber(condition(key).people)}</span> orang di{" "}
                  {formatNumber(condition(key).families)} keluarga
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </div>
  );
}

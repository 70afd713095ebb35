// /statistik (issue 19): an indicator per region, its distribution and trend, and the choropleth.
// Anyone sees the public figures (small counts shown as '<5'); a signed-in reader sees exact figures
// within its own area, down to RW and RT, and may pick a month.
import { useQuery } from "@tanstack/react-query";
import { todayIso } from "@shared/dates.ts";
import type { ChartConfiguration } from "chart.js";
import { indicatorGroupLabels, indicatorGroups, indicators } from "@shared/statistics.ts";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { useSession } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";
import { LookupAlert } from "../lookup-alert.tsx";
import { ChartPanel } from "./chart-panel.tsx";
import { regionBarConfig, trendLineConfig } from "./chart-configs.ts";
import { type CsvArea, csvFileName } from "./file-names.ts";
import { type Measure, measureLabels, measures, showCount, showMeasure, showMonth } from "./figures.ts";

const RegionMap = lazy(() => import("./region-map.tsx"));

const barColour = "#d97706";

/** Where the page looks: the city, a kecamatan, and for signed-in readers a kelurahan and an RW. */
interface RegionPath {
  kecamatanId?: number;
  desaKelurahanId?: number;
  rw?: string;
}

export function StatisticsPage() {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const config = useQuery(trpc.config.public.queryOptions());
  const [indicatorKey, setIndicatorKey] = useState("kondisi-pregnant");
  const [measure, setMeasure] = useState<Measure>("count");
  const [region, setRegion] = useState<RegionPath>({});
  const { kecamatanId, desaKelurahanId, rw } = region;
  const setKecamatanId = (id: number | undefined) => setRegion(id === undefined ? {} : { kecamatanId: id });
  const [month, setMonth] = useState<string>("");
  const indicator = indicators.find((candidate) => candidate.key === indicatorKey) ?? indicators[0];
  const place = { indicator: indicatorKey, ...(kecamatanId === undefined ? {} : { kecamatanId }) };
  // Signed-in readers go on below the kecamatan: a kelurahan's RWs, an RW's RTs (within their area).
  const deepPlace = {
    ...place,
    ...(desaKelurahanId === undefined ? {} : { desaKelurahanId }),
    ...(rw === undefined ? {} : { rw }),
  };
  const monthFilter = signedIn && month ? { month } : {};

  const publicBreakdown = useQuery({
    ...trpc.statistics.publicBreakdown.queryOptions(place),
    enabled: session.isSuccess && !signedIn,
    // Keep the page (and the map's tapped region) while a drill-down loads.
    placeholderData: (previous) => previous,
  });
  const privateBreakdown = useQuery({
    ...trpc.statistics.breakdown.queryOptions({ ...deepPlace, ...monthFilter }),
    enabled: signedIn,
    placeholderData: (previous) => previous,
  });
  // The choices of the deeper selects (the same queries as the level above: cached, not fetched twice).
  const wardChoices = useQuery({
    ...trpc.statistics.breakdown.queryOptions({ ...place, ...monthFilter }),
    enabled: signedIn && kecamatanId !== undefined,
  });
  const rwChoices = useQuery({
    ...trpc.statistics.breakdown.queryOptions({ indicator: indicatorKey, desaKelurahanId, ...monthFilter }),
    enabled: signedIn && desaKelurahanId !== undefined,
  });
  const breakdown = signedIn ? privateBreakdown : publicBreakdown;
  const publicTrend = useQuery({
    ...trpc.statistics.publicTrend.queryOptions({ indicator: indicatorKey }),
    enabled: session.isSuccess && !signedIn,
  });
  const privateTrend = useQuery({
    ...trpc.statistics.trend.queryOptions({
      ...place,
      ...(desaKelurahanId === undefined ? {} : { desaKelurahanId }),
    }),
    enabled: signedIn,
    retry: false,
  });
  const trend = signedIn ? privateTrend : publicTrend;
  const publicWards = useQuery({
    ...trpc.statistics.publicBreakdown.queryOptions({ indicator: indicatorKey, level: "kelurahan" }),
    enabled: session.isSuccess && !signedIn && kecamatanId === undefined,
  });
  const privateWards = useQuery({
    ...trpc.statistics.breakdown.queryOptions({ indicator: indicatorKey, level: "kelurahan", ...monthFilter }),
    enabled: signedIn && kecamatanId === undefined,
  });
  const [mapLevel, setMapLevel] = useState<"kecamatan" | "kelurahan">("kecamatan");

  const data = breakdown.data;
  const regionLabel = data?.parent.nama ?? "";
  const rows = data?.rows ?? [];
  // The kecamatan's own figure: the breakdown's parent at kecamatan level, else the cached query of it.
  const kecamatanFigure = desaKelurahanId === undefined ? data?.parent : wardChoices.data?.parent;
  const kecamatanKode = kecamatanId === undefined ? undefined : (kecamatanFigure?.kode ?? undefined);
  const kecamatanName = kecamatanFigure?.nama;
  const kecamatanRows = kecamatanId === undefined ? rows : (wardChoices.data?.rows ?? rows);
  const drill = useCallback(
    (kode: string) => {
      if (kecamatanId === undefined) {
        const target = (breakdown.data?.rows ?? []).find((row) => row.kode === kode);
        if (target) setRegion({ kecamatanId: Number(target.id) });
        return;
      }
      // Inside a kecamatan a signed-in reader goes on to the tapped kelurahan's RWs.
      const ward = signedIn ? (wardChoices.data?.rows ?? []).find((row) => row.kode === kode) : undefined;
      if (ward) setRegion({ kecamatanId, desaKelurahanId: Number(ward.id) });
    },
    [breakdown.data, wardChoices.data, kecamatanId, signedIn],
  );
  const up = () =>
    setRegion(
      rw !== undefined ? { kecamatanId, desaKelurahanId } : desaKelurahanId !== undefined ? { kecamatanId } : {},
    );

  const barConfig = useMemo(
    () =>
      regionBarConfig(
        rows.map((row) => ({ nama: row.nama, value: row[measure] })),
        measure,
        measureLabels[measure],
        barColour,
      ),
    [rows, measure],
  );
  const distributionConfig = useMemo(
    (): ChartConfiguration => ({
      type: "doughnut",
      data: {
        labels: (data?.parent.categories ?? []).map((category) => category.label),
        datasets: [
          {
            data: (data?.parent.categories ?? []).map((category) => category.value ?? 0),
            backgroundColor: ["#d97706", "#0284c7", "#16a34a", "#9333ea", "#dc2626", "#6b7280"],
          },
        ],
      },
      options: { maintainAspectRatio: false },
    }),
    [data],
  );
  const points = trend.data?.points ?? [];
  const trendConfig = useMemo(
    () =>
      trendLineConfig(
        points.map((point) => ({ month: showMonth(point.month), value: point.categories[0]?.value ?? null })),
        indicator?.categories[0]?.label ?? "",
        barColour,
      ),
    [points, indicator],
  );

  // The CSV names: the area chosen (the trend: city-wide on the public page, never per RW) and month.
  const wardName =
    desaKelurahanId === undefined
      ? undefined
      : ((wardChoices.data?.rows ?? []).find((row) => row.id === String(desaKelurahanId))?.nama ??
        String(desaKelurahanId));
  const csvArea: CsvArea = {
    top: kecamatanId === undefined ? regionLabel : "",
    ...(kecamatanId === undefined ? {} : { kecamatan: kecamatanName ?? String(kecamatanId) }),
    ...(wardName === undefined ? {} : { kelurahan: wardName }),
    ...(rw === undefined ? {} : { rw }),
  };
  const trendArea: CsvArea = signedIn ? { ...csvArea, rw: undefined } : { top: "Seluruh kota" };
  const today = todayIso();
  const csvName = (chart: "per-wilayah" | "sebaran") => csvFileName(indicatorKey, chart, csvArea, data?.month ?? today);

  const mapFigures =
    kecamatanId === undefined && mapLevel === "kelurahan"
      ? ((signedIn ? privateWards.data : publicWards.data)?.rows ?? [])
      : kecamatanRows;
  const effectiveMapLevel = kecamatanId === undefined ? mapLevel : "kelurahan";

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4 px-3 py-6 sm:px-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">Statistik Keluarga</h1>
        <p className="text-base-content/80">
          {signedIn
            ? "Angka lengkap untuk wilayah kerja Anda."
            : "Angka agregat per wilayah. Demi kerahasiaan keluarga, angka di bawah 5 keluarga ditampilkan sebagai '<5'."}
        </p>
      </header>

      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="form-control">
          <span className="label-text">Indikator</span>
          <select
            className="select select-bordered w-full"
            value={indicatorKey}
            onChange={(event) => setIndicatorKey(event.target.value)}
          >
            {indicatorGroups.map((group) => (
              <optgroup key={group} label={indicatorGroupLabels[group]}>
                {indicators
                  .filter((candidate) => candidate.group === group)
                  .map((candidate) => (
                    <option key={candidate.key} value={candidate.key}>
                      {candidate.label}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label className="form-control">
          <span className="label-text">Ukuran</span>
          <select
            className="select select-bordered w-full"
            value={measure}
            onChange={(event) => setMeasure(measures.find((candidate) => candidate === event.target.value) ?? "count")}
          >
            {measures.map((candidate) => (
              <option key={candidate} value={candidate}>
                {measureLabels[candidate]}
              </option>
            ))}
          </select>
        </label>
        <label className="form-control">
          <span className="label-text">Wilayah</span>
          <select
            className="select select-bordered w-full"
            aria-label="Wilayah"
            value={kecamatanId === undefined ? "" : String(kecamatanId)}
            onChange={(event) => setKecamatanId(event.target.value ? Number(event.target.value) : undefined)}
          >
            <option value="">Seluruh kota (per kecamatan)</option>
            {kecamatanId !== undefined && (
              <option value={String(kecamatanId)}>{kecamatanName ?? "Kecamatan terpilih"}</option>
            )}
            {kecamatanId === undefined &&
              rows.map((row) => (
                <option key={row.id} value={row.id}>
                  Kecamatan {row.nama}
                </option>
              ))}
          </select>
        </label>
        {signedIn && kecamatanId !== undefined && (
          <label className="form-control">
            <span className="label-text">Kelurahan</span>
            <select
              className="select select-bordered w-full"
              aria-label="Kelurahan"
              value={desaKelurahanId === undefined ? "" : String(desaKelurahanId)}
              onChange={(event) =>
                setRegion(
                  event.target.value ? { kecamatanId, desaKelurahanId: Number(event.target.value) } : { kecamatanId },
                )
              }
            >
              <option value="">Seluruh kecamatan (per kelurahan)</option>
              {(wardChoices.data?.rows ?? []).map((row) => (
                <option key={row.id} value={row.id}>
                  {row.nama}
                </option>
              ))}
            </select>
          </label>
        )}
        {signedIn && desaKelurahanId !== undefined && (
          <label className="form-control">
            <span className="label-text">RW</span>
            <select
              className="select select-bordered w-full"
              aria-label="RW"
              value={rw ?? ""}
              onChange={(event) =>
                setRegion(
                  event.target.value
                    ? { kecamatanId, desaKelurahanId, rw: event.target.value }
                    : { kecamatanId, desaKelurahanId },
                )
              }
            >
              <option value="">Seluruh kelurahan (per RW)</option>
              {(rwChoices.data?.rows ?? [])
                .filter((row) => row.id !== "")
                .map((row) => (
                  <option key={row.id} value={row.id}>
                    {row.nama}
                  </option>
                ))}
            </select>
          </label>
        )}
        {signedIn && (
          <label className="form-control">
            <span className="label-text">Terdaftar sampai bulan</span>
            <input
              type="month"
              className="input input-bordered w-full"
              value={month}
              onChange={(event) => setMonth(event.target.value)}
            />
          </label>
        )}
      </form>

      {breakdown.isError && (
        <LookupAlert
          error={breakdown.error}
          fallback="Gagal memuat statistik."
          onRetry={() => void breakdown.refetch()}
          className=""
        />
      )}
      {!data && !breakdown.isError && (
        <div className="skeleton h-72 w-full" role="status" aria-label="Memuat statistik">
          <span className="sr-only">Memuat statistik…</span>
        </div>
      )}
      {data && (
        <>
          <p data-testid="statistics-summary">
            {regionLabel}: {showCount(data.parent.families)} keluarga · {indicator?.categories[0]?.label}{" "}
            {showCount(data.parent.count)}
            {data.month ? ` · terdaftar sampai ${showMonth(data.month)}` : ""}
          </p>
          {kecamatanId !== undefined && (
            <button type="button" className="btn btn-sm btn-ghost self-start" onClick={up}>
              {rw !== undefined
                ? "← Kembali ke kelurahan"
                : desaKelurahanId !== undefined
                  ? "← Kembali ke kecamatan"
                  : "← Kembali ke seluruh kota"}
            </button>
          )}
          <section className="card bg-base-100 shadow-sm">
            <div className="card-body gap-3 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="card-title text-lg">
                  Peta {effectiveMapLevel === "kecamatan" ? "kecamatan" : "kelurahan"}
                </h2>
                {kecamatanId === undefined && (
                  <div className="join" role="group" aria-label="Tingkat peta">
                    {(["kecamatan", "kelurahan"] as const).map((level) => (
                      <button
                        key={level}
                        type="button"
                        className={`btn btn-sm join-item ${mapLevel === level ? "btn-primary" : ""}`}
                        aria-pressed={mapLevel === level}
                        onClick={() => setMapLevel(level)}
                      >
                        {level === "kecamatan" ? "Kecamatan" : "Kelurahan"}
                      </button>
                    ))}
                  </div>
                )}
              </div>
              <Suspense
                fallback={
                  <div className="skeleton h-80 w-full" role="status" aria-label="Memuat peta">
                    <span className="sr-only">Memuat peta…</span>
                  </div>
                }
              >
                <RegionMap
                  level={effectiveMapLevel}
                  kecamatanKode={kecamatanKode}
                  figures={mapFigures}
                  measure={measure}
                  tiles={config.data?.mapTiles ?? null}
                  onDrill={drill}
                />
              </Suspense>
            </div>
          </section>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <ChartPanel
              title={`${indicator?.label ?? ""} per wilayah`}
              testId="chart-regions"
              config={barConfig}
              header={[
                "Wilayah",
                "Kode",
                "Keluarga",
                ...data.indicator.categories.map((c) => c.label),
                measureLabels[measure],
              ]}
              rows={rows.map((row) => [
                row.nama,
                row.kode ?? "",
                showCount(row.families),
                ...row.categories.map((category) => showCount(category.value)),
                showMeasure(measure, row[measure]),
              ])}
              filename={csvName("per-wilayah")}
            />
            <ChartPanel
              title={`Sebaran: ${regionLabel}`}
              testId="chart-distribution"
              config={distributionConfig}
              header={["Kategori", "Keluarga"]}
              rows={data.parent.categories.map((category) => [category.label, showCount(category.value)])}
              filename={csvName("sebaran")}
            />
          </div>
          {trend.isError ? (
            <LookupAlert
              error={trend.error}
              fallback="Gagal memuat tren statistik."
              onRetry={() => void trend.refetch()}
              className=""
            />
          ) : (
            <ChartPanel
              title="Tren per bulan (keluarga terdaftar sampai akhir bulan, WIB)"
              testId="chart-trend"
              config={trendConfig}
              header={["Bulan", "Keluarga", ...(indicator?.categories.map((c) => c.label) ?? [])]}
              rows={points.map((point) => [
                showMonth(point.month),
                showCount(point.families),
                ...point.categories.map((category) => showCount(category.value)),
              ])}
              filename={csvFileName(indicatorKey, "tren", trendArea, today)}
            />
          )}
        </>
      )}
    </section>
  );
}

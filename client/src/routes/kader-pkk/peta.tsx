import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { colourByOptions, isColourBy, legendOf, type ColourBy } from "../../components/household-map/colours.ts";
import { formatNumber } from "../../components/registers/format.ts";
import { RecordDialog } from "../../components/registers/record-dialog.tsx";
import { useAreaText } from "../../components/workspace/area-text.ts";
import { errorMessage } from "../../lib/errors.ts";
import { BackHomeLink } from "../../components/layout/back-home-link.tsx";
import { requireUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";

// Leaflet and supercluster load with the map only (their own chunk).
const HouseholdMap = lazy(() => import("../../components/household-map/household-map.tsx"));

export const Route = createFileRoute("/kader-pkk/peta")({
  // Households on a map are for cadres (and admins) only: officials see areas on /statistik.
  beforeLoad: async ({ context, location }) => ({
    user: await requireUser(context, location, ["kader", "admin"]),
  }),
  head: () => ({ meta: [{ title: "Peta Rumah Keluarga | Portal Data Keluarga PKK" }] }),
  component: HouseholdMapPage,
});

function MapSkeleton() {
  return (
    <div className="skeleton h-[28rem] w-full sm:h-[36rem]" role="status">
      <span className="sr-only">Memuat peta…</span>
    </div>
  );
}

function HouseholdMapPage() {
  const { user } = Route.useRouteContext();
  const area = useAreaText(user);
  const households = useQuery(trpc.registers.householdMap.queryOptions());
  const config = useQuery(trpc.config.public.queryOptions());
  const [colourBy, setColourBy] = useState<ColourBy>("status");
  const [open, setOpen] = useState<number | null>(null);
  const data = households.data;

  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-8">
      <BackHomeLink user={user} />
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Peta Rumah Keluarga</h1>
        <p className="mt-1">{area}</p>
        <p className="mt-1 text-sm">
          Lokasi rumah adalah data pribadi: peta ini hanya untuk kader dan admin, dan setiap pembukaan tercatat di log
          audit.
        </p>
      </header>
      {households.isPending && (
        <p className="flex items-center gap-2" role="status">
          <span className="loading loading-spinner" aria-hidden="true" /> Memuat lokasi rumah...
        </p>
      )}
      {households.isError && (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{errorMessage(households.error, { fallback: "Gagal memuat peta rumah keluarga." })}</span>
          <button type="button" className="btn btn-sm" onClick={() => households.refetch()}>
            Coba lagi
          </button>
        </div>
      )}
      {data && (
        <>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <p data-testid="located-count">
              <strong>{formatNumber(data.points.length)}</strong> dari {formatNumber(data.families)} keluarga sudah
              memiliki lokasi rumah.
              {data.truncated && " Peta menampilkan sebagian; persempit wilayah untuk melihat semuanya."}
            </p>
            <label className="form-control w-full max-w-xs">
              <span className="label-text text-sm font-medium">Warnai menurut</span>
              <select
                className="select select-bordered w-full"
                value={colourBy}
                onChange={(event) => {
                  const value = event.target.value;
                  if (isColourBy(value)) setColourBy(value);
                }}
              >
                {colourByOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {data.points.length === 0 ? (
            <div className="rounded-box border border-dashed border-base-300 p-6 text-center" data-testid="map-empty">
              <p className="font-medium">Belum ada rumah dengan lokasi di wilayah Anda.</p>
              <p className="mt-1 text-sm">
                Buka data keluarga di{" "}
                <Link to="/kader-pkk/registrasi-list" className="link">
                  Daftar Registrasi
                </Link>
                , lalu catat lokasinya di bagian Lokasi Rumah (Gunakan Lokasi Saya atau Pilih di Peta).
              </p>
            </div>
          ) : (
            <Suspense fallback={<MapSkeleton />}>
              {config.data ? (
                <HouseholdMap points={data.points} colourBy={colourBy} tiles={config.data.mapTiles} onOpen={setOpen} />
              ) : (
                <MapSkeleton />
              )}
            </Suspense>
          )}
          <ul className="flex flex-wrap items-center gap-3 text-sm" aria-label="Legenda peta">
            {legendOf(colourBy).map((entry) => (
              <li key={entry.label} className="flex items-center gap-1">
                <span
                  className="inline-block h-4 w-4 rounded-full border border-base-content/40"
                  style={{ background: entry.colour }}
                  aria-hidden="true"
                />
                {entry.label}
              </li>
            ))}
            <li className="flex items-center gap-1">
              <span
                className="inline-flex h-5 w-5 items-center justify-center rounded-full bg-[#1e3a8a] text-[0.6rem] font-bold text-white"
                aria-hidden="true"
              >
                n
              </span>
              Kelompok n rumah (ketuk untuk memperbesar)
            </li>
          </ul>
        </>
      )}
      {open !== null && <RecordDialog key={open} registerId={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

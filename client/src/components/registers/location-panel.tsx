// 'Lokasi Rumah' in the Maker Checker (issue 19): where the house is, recorded by a cadre with the
// phone's GPS ('Gunakan Lokasi Saya') or a tap on a small map (its own lazily loaded chunk). The
// location is personal data: the server sends it to cadres and admins only and audits each change.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useId, useState } from "react";
import type { LocationSource } from "@shared/schemas/register-records.ts";
import { errorMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { formatPoint, type Point } from "../household-map/coordinates.ts";
import { useToast } from "../toast.tsx";
import { formatDateTime } from "./labels.ts";
import type { RecordDetail } from "./record-types.ts";

const LocationPicker = lazy(() => import("../household-map/location-picker.tsx"));

interface Pending extends Point {
  source: LocationSource;
  accuracyM: number | null;
}

const sourceLabel: Record<LocationSource, string> = { gps: "GPS ponsel", map: "ketukan pada peta" };

function gpsError(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED)
    return "Izin lokasi ditolak. Izinkan akses lokasi di peramban atau pilih di peta.";
  if (error.code === error.TIMEOUT)
    return "Lokasi tidak ditemukan dalam waktu yang cukup. Coba lagi atau pilih di peta.";
  return "Lokasi ponsel tidak tersedia. Pilih lokasi di peta.";
}

function MapSkeleton() {
  return (
    <div className="skeleton h-64 w-full" role="status">
      <span className="sr-only">Memuat peta…</span>
    </div>
  );
}

export function LocationPanel({ record }: { record: RecordDetail }) {
  const prefix = useId();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const config = useQuery(trpc.config.public.queryOptions());
  const address = record.data.address;
  const wards = useQuery(trpc.regions.desaKelurahan.queryOptions({ kecamatanId: address.kecamatanId }));
  const wardKode = wards.data?.find((ward) => ward.id === address.desaKelurahanId)?.kode ?? null;
  const [pending, setPending] = useState<Pending | null>(null);
  const [picking, setPicking] = useState(false);
  const [locating, setLocating] = useState(false);
  const [gpsProblem, setGpsProblem] = useState<string | null>(null);
  const stored = record.location;

  const save = useMutation(
    trpc.registers.setLocation.mutationOptions({
      onSuccess: async (_saved, input) => {
        toast({
          variant: "success",
          title: "Berhasil",
          description: input.location ? "Lokasi rumah disimpan" : "Lokasi rumah dihapus",
        });
        setPending(null);
        setPicking(false);
        await queryClient.invalidateQueries({ queryKey: trpc.registers.pathKey() });
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: errorMessage(error, { fallback: "Lokasi rumah gagal disimpan" }),
        }),
    }),
  );

  const locateMe = () => {
    setGpsProblem(null);
    if (!("geolocation" in navigator)) {
      setGpsProblem("Peramban ini tidak dapat membaca lokasi. Pilih lokasi di peta.");
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setPending({
          latitude: Math.round(position.coords.latitude * 1e6) / 1e6,
          longitude: Math.round(position.coords.longitude * 1e6) / 1e6,
          source: "gps",
          accuracyM: Number.isFinite(position.coords.accuracy) ? Math.round(position.coords.accuracy) : null,
        });
      },
      (error) => {
        setLocating(false);
        setGpsProblem(gpsError(error));
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const shown: Point | null = pending ?? stored;
  const busy = save.isPending;

  return (
    <section aria-labelledby={`${prefix}-title`} className="mt-2 rounded-box border border-base-300 p-3">
      <h3 id={`${prefix}-title`} className="font-semibold">
        Lokasi Rumah
      </h3>
      <p className="text-sm">
        Lokasi rumah adalah data pribadi: hanya kader dan admin wilayah ini yang dapat melihatnya.
      </p>
      <div aria-live="polite" className="mt-2 space-y-1" data-testid="house-location">
        {stored ? (
          <p>
            Tersimpan: <span className="font-mono">{formatPoint(stored)}</span> ({sourceLabel[stored.source]}
            {stored.accuracyM !== null ? `, akurasi ±${stored.accuracyM} m` : ""}) ·{" "}
            {stored.recordedByName ?? "Pengguna terhapus"} ·{" "}
            <time dateTime={stored.recordedAt}>{formatDateTime(stored.recordedAt)}</time>
          </p>
        ) : (
          <p>Lokasi rumah belum dicatat.</p>
        )}
        {pending && (
          <p className="font-medium">
            Lokasi baru ({sourceLabel[pending.source]}): <span className="font-mono">{formatPoint(pending)}</span>
            {pending.accuracyM !== null ? ` (akurasi ±${pending.accuracyM} m)` : ""}
          </p>
        )}
        {gpsProblem && (
          <p role="alert" className="text-error">
            {gpsProblem}
          </p>
        )}
      </div>
      {record.canSetLocation && (
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm btn-outline" onClick={locateMe} disabled={locating || busy}>
            {locating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Gunakan Lokasi Saya
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            aria-expanded={picking}
            onClick={() => setPicking((open) => !open)}
            disabled={busy}
          >
            {picking ? "Tutup Peta" : "Pilih di Peta"}
          </button>
          {pending && (
            <>
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={busy}
                onClick={() => save.mutate({ registerId: record.id, version: record.version, location: pending })}
              >
                {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                Simpan Lokasi
              </button>
              <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={() => setPending(null)}>
                Batal
              </button>
            </>
          )}
          {stored && !pending && (
            <button
              type="button"
              className="btn btn-sm btn-error btn-outline"
              disabled={busy}
              onClick={() => save.mutate({ registerId: record.id, version: record.version, location: null })}
            >
              Hapus Lokasi
            </button>
          )}
        </div>
      )}
      {picking && record.canSetLocation && (
        <div className="mt-2">
          <p className="mb-1 text-sm">
            Ketuk lokasi rumah pada peta (peta mendekat; ketuk lagi untuk memperbaiki), lalu tekan Simpan Lokasi.
          </p>
          <Suspense fallback={<MapSkeleton />}>
            {config.data && !wards.isPending ? (
              <LocationPicker
                value={shown}
                tiles={config.data.mapTiles}
                focusKode={wardKode}
                onPick={(point) => setPending({ ...point, source: "map", accuracyM: null })}
              />
            ) : (
              <MapSkeleton />
            )}
          </Suspense>
        </div>
      )}
    </section>
  );
}

import { useMutation, useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { periodLabel, recapForms, sheetOfPlace, type RecapForm, type RecapPlace } from "@shared/recaps.ts";
import type { PublicUser } from "@shared/users.ts";
import { currentMonth, MonthForm } from "../../components/recaps/month-form.tsx";
import { RecapTable } from "../../components/recaps/recap-table.tsx";
import { SignoffPanel } from "../../components/recaps/signoff-panel.tsx";
import { LookupAlert } from "../../components/lookup-alert.tsx";
import { RegionSelect, type RegionValue } from "../../components/region-select.tsx";
import { useToast } from "../../components/toast.tsx";
import { downloadFile } from "../../lib/download.ts";
import { errorMessage } from "../../lib/errors.ts";
import { enumParam, intParam, monthParam, rtRwParam } from "../../lib/search-params.ts";
import { requireUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";

interface RecapSearch {
  bulan?: string;
  form?: RecapForm;
  kel?: number;
  rw?: string;
  rt?: string;
  dw?: number;
}

const recapSearch = (search: Record<string, unknown>): RecapSearch => ({
  bulan: monthParam(search.bulan),
  form: enumParam(recapForms, search.form),
  kel: intParam(search.kel, 1),
  rw: rtRwParam(search.rw),
  rt: rtRwParam(search.rt),
  dw: intParam(search.dw, 1),
});

export const Route = createFileRoute("/kader-pkk/rekap")({
  validateSearch: recapSearch,
  beforeLoad: async ({ context, location }) => ({
    user: await requireUser(context, location, ["kader", "admin", "aparat"]),
  }),
  head: () => ({ meta: [{ title: "Rekap PKK (Lampiran 4.16 & 4.18) | Portal Data Keluarga PKK" }] }),
  component: RecapPage,
});

/** The user's own place (RT, RW or ward), or null for those who pick a ward. */
function homePlace(user: PublicUser): RecapPlace | null {
  if (user.desaKelurahanId === null) return null;
  if (user.level === "rt" && user.rw && user.rt)
    return { desaKelurahanId: user.desaKelurahanId, rw: user.rw, rt: user.rt };
  if (user.level === "rw" && user.rw) return { desaKelurahanId: user.desaKelurahanId, rw: user.rw };
  if (user.level === "kelurahan") return { desaKelurahanId: user.desaKelurahanId };
  return null;
}

const pad = (value: string | undefined) => (value === undefined ? undefined : value.padStart(3, "0"));

function RecapPage() {
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const id = useId();
  const { toast } = useToast();
  const month = search.bulan ?? currentMonth();
  const form = search.form ?? "4.16";
  const home = homePlace(user);
  const place: RecapPlace | null =
    search.kel !== undefined
      ? {
          desaKelurahanId: search.kel,
          ...(search.rw ? { rw: pad(search.rw) } : {}),
          ...(search.rt ? { rt: pad(search.rt) } : {}),
          ...(search.dw ? { dasawismaId: search.dw } : {}),
        }
      : home;
  const [region, setRegion] = useState<RegionValue>({ kecamatanId: user.kecamatanId, desaKelurahanId: null });
  const go = (next: RecapPlace | null, extra: Partial<RecapSearch> = {}) =>
    navigate({
      search: {
        bulan: month,
        form,
        kel: next?.desaKelurahanId,
        rw: next?.rw,
        rt: next?.rt,
        dw: next?.dasawismaId,
        ...extra,
      },
    });
  const sheet = useQuery({
    ...trpc.recaps.sheet.queryOptions({ form, period: month, place: place ?? { desaKelurahanId: 1 } }),
    enabled: place !== null,
  });
  const exporter = useMutation(
    trpc.recaps.export.mutationOptions({
      onSuccess: (file) => {
        downloadFile(file);
        toast({
          variant: "success",
          title: "Berhasil",
          // The verification address is there to be read or copied: 5 s was too short for that.
          durationMs: file.documentId ? 20_000 : undefined,
          description: file.documentId
            ? `PDF bertanda tangan elektronik diunduh. Keasliannya dapat diperiksa di /verifikasi/${file.documentId}`
            : "Berkas Excel diunduh",
        });
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Gagal",
          description: errorMessage(error, { fallback: "Gagal mengunduh rekap" }),
        }),
    }),
  );
  const level = place ? sheetOfPlace(place) : null;
  // Up the chain, as far as the user's own place (the server refuses anything beyond it anyway).
  const crumbs: Array<{ label: string; place: RecapPlace }> = [];
  if (place) {
    const top = home ?? { desaKelurahanId: place.desaKelurahanId };
    const ward = { desaKelurahanId: place.desaKelurahanId };
    if (top.rw === undefined) crumbs.push({ label: "Kelurahan (4.xd)", place: ward });
    if (place.rw && top.rt === undefined)
      crumbs.push({ label: `RW ${place.rw} (4.xc)`, place: { ...ward, rw: place.rw } });
    if (place.rt && place.rw)
      crumbs.push({ label: `RT ${place.rt} (4.xb)`, place: { ...ward, rw: place.rw, rt: place.rt } });
  }

  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-8">
      <Link to="/kader-pkk/laporan" className="btn btn-ghost btn-sm">
        ← Kembali ke Laporan Bulanan
      </Link>
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Rekap PKK · Lampiran 4.16 dan 4.18</h1>
        <p className="mt-1">
          Dihitung dari data keluarga yang sudah disetujui (status Disetujui) dengan tanggal pendataan sampai akhir{" "}
          {periodLabel(month)}.
        </p>
      </header>
      {!home && (
        <section aria-labelledby={`${id}-pick`} className="card border border-base-300 bg-base-100">
          <div className="card-body gap-2 p-4">
            <h2 id={`${id}-pick`} className="card-title text-base">
              Pilih kelurahan
            </h2>
            <RegionSelect value={region} onChange={setRegion} />
            <button
              type="button"
              className="btn btn-primary w-fit"
              disabled={region.desaKelurahanId === null}
              onClick={() => region.desaKelurahanId !== null && go({ desaKelurahanId: region.desaKelurahanId })}
            >
              Tampilkan rekap kelurahan
            </button>
          </div>
        </section>
      )}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <MonthForm month={month} label="Pilih bulan rekap" onPick={(bulan) => go(place, { bulan })} />
        <div role="tablist" aria-label="Formulir" className="flex gap-1">
          {recapForms.map((item) => (
            <button
              key={item}
              type="button"
              role="tab"
              aria-selected={form === item}
              className={`btn btn-sm ${form === item ? "btn-primary" : "btn-ghost"}`}
              onClick={() => go(place, { form: item })}
            >
              Lampiran {item}
            </button>
          ))}
        </div>
      </div>
      {crumbs.length > 0 && (
        <nav aria-label="Tingkat rekap" className="breadcrumbs text-sm">
          <ul>
            {crumbs.map((crumb) => (
              <li key={crumb.label}>
                <button type="button" className="link" onClick={() => go(crumb.place)}>
                  {crumb.label.replace("4.x", form)}
                </button>
              </li>
            ))}
            {place?.dasawismaId !== undefined && <li>Dasawisma ({form}a)</li>}
          </ul>
        </nav>
      )}
      {place && level !== "a" && <SignoffPanel period={month} place={place} onDrill={(next) => go(next)} />}
      {place && sheet.isPending && (
        <p role="status" className="flex items-center gap-2">
          <span className="loading loading-spinner" aria-hidden="true" /> Memuat rekap...
        </p>
      )}
      {sheet.isError && (
        <LookupAlert
          error={sheet.error}
          fallback="Gagal memuat rekap"
          onRetry={() => void sheet.refetch()}
          className=""
        />
      )}
      {sheet.data && place && (
        <section aria-labelledby={`${id}-sheet`} className="space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className="text-sm font-semibold">{sheet.data.sheet.code}</p>
              <h2 id={`${id}-sheet`} className="text-lg font-bold">
                {sheet.data.sheet.title}
              </h2>
              <p className="text-sm">
                {sheet.data.sheet.header.map(([label, value]) => `${label}: ${value}`).join(" · ")}
              </p>
              <p className="text-sm">
                {sheet.data.signed
                  ? `Angka saat ditandatangani oleh ${sheet.data.signed.signerName}`
                  : "Angka terkini (belum ditandatangani)"}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-outline"
                disabled={exporter.isPending}
                onClick={() => exporter.mutate({ form, period: month, place, format: "xlsx" })}
              >
                Unduh Excel (.xlsx)
              </button>
              <button
                type="button"
                className="btn btn-outline"
                disabled={exporter.isPending}
                onClick={() => exporter.mutate({ form, period: month, place, format: "pdf" })}
              >
                Unduh PDF bertanda tangan
              </button>
            </div>
          </div>
          <RecapTable sheet={sheet.data.sheet} onDrill={(next) => go(next)} />
        </section>
      )}
      {user.level === "rt" && (
        <p>
          Kelompokkan rumah tangga RT Anda ke dasawisma di{" "}
          <Link to="/kader-pkk/dasawisma" className="link">
            halaman Dasawisma
          </Link>
          .
        </p>
      )}
    </div>
  );
}

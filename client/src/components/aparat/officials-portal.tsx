import type { PublicUser } from "@shared/schemas/auth.ts";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { StatisticCards, SummaryCards } from "../dashboard/cards.tsx";
import { RecordDialog } from "../registers/record-dialog.tsx";
import { roleLine } from "../registers/labels.ts";
import { RecordList } from "../registers/record-list.tsx";
import { useAreaText } from "../workspace/area-text.ts";
import { trpc } from "../../lib/trpc.ts";
import { LookupAlert } from "../lookup-alert.tsx";

/**
 * What an official (aparat) works with, read-only: the area's figures (counts only), the families
 * of the area with masked NIKs and no health data (the register core's presenter decides), and the
 * monthly report with its downloads.
 */
export function OfficialsPortal({ user }: { user: PublicUser }) {
  const area = useAreaText(user);
  const summary = useQuery(trpc.dashboard.summary.queryOptions());
  const [list, setList] = useState({ search: "", page: 1 });
  const [reading, setReading] = useState<number | null>(null);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">Portal Aparat</h1>
        <p className="mt-1">
          {user.fullName} · {roleLine(user)} · {area}
        </p>
        <p className="mt-1 text-sm">
          Hanya baca. NIK ditampilkan tersamar; data kesehatan hanya tersedia sebagai jumlah per wilayah.
        </p>
      </header>
      <nav aria-label="Menu portal aparat" className="flex flex-wrap gap-2">
        <Link to="/kader-pkk/laporan" className="btn btn-primary btn-sm">
          Laporan Bulanan &amp; Unduhan
        </Link>
        <Link to="/statistik" className="btn btn-outline btn-sm">
          Statistik &amp; Peta
        </Link>
        <a href="#daftar-keluarga" className="btn btn-outline btn-sm">
          Daftar Keluarga
        </a>
      </nav>
      {summary.isPending && <p role="status">Memuat angka wilayah...</p>}
      {summary.isError && (
        <LookupAlert
          error={summary.error}
          fallback="Gagal memuat angka wilayah."
          onRetry={() => void summary.refetch()}
          className=""
        />
      )}
      {summary.data && (
        <section aria-labelledby="angka-wilayah" className="space-y-4">
          <h2 id="angka-wilayah" className="text-lg font-semibold">
            Angka Wilayah
          </h2>
          <SummaryCards summary={summary.data} />
          <StatisticCards summary={summary.data} />
        </section>
      )}
      <section id="daftar-keluarga" aria-labelledby="judul-daftar" className="space-y-2">
        <h2 id="judul-daftar" className="text-lg font-semibold">
          Daftar Keluarga
        </h2>
        <RecordList
          label="Daftar keluarga wilayah"
          search={list.search}
          page={list.page}
          onSearch={(search) => setList({ search, page: 1 })}
          onPage={(page) => setList((prev) => ({ ...prev, page }))}
          action={(item) => (
            <button
              type="button"
              className="btn btn-sm btn-outline"
              onClick={() => setReading(item.id)}
              aria-label={`Lihat ${item.namaKK}`}
            >
              Lihat
            </button>
          )}
        />
      </section>
      {reading !== null && <RecordDialog key={reading} registerId={reading} onClose={() => setReading(null)} />}
    </div>
  );
}

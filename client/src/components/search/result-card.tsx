import { Link } from "@tanstack/react-router";
import type { StatusSearchResult } from "@shared/schemas/search.ts";
import { familyCorrectableStatuses, formatWib, nextStepText } from "@shared/status-guidance.ts";
import { isRegisterStatus } from "@shared/status.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { StatusBadge } from "./status-badge.tsx";

/** One search result, masked by the server (DESIGN §6): no full NIK or phone, no street, no health data. */
export function ResultCard({ result }: { result: StatusSearchResult }) {
  const address = [
    result.rt && `RT ${result.rt}`,
    result.rw && `RW ${result.rw}`,
    result.desaKelurahanNama && `Kel. ${result.desaKelurahanNama}`,
    result.kecamatanNama && `Kec. ${result.kecamatanNama}`,
  ]
    .filter(Boolean)
    .join(", ");
  const rows: Array<[string, string]> = [
    ["NIK", result.nikMasked],
    ["Nomor registrasi", result.registrationNumber],
    ["Tanggal registrasi", formatDate(result.createdAt)],
    ["Tanggal pendataan", formatDate(result.tanggalPendataan)],
    ["Kontak", result.nomorHpMasked],
    ["Alamat", address || "-"],
    ["Jenis registrasi", result.formTypeLabel],
    ["Jumlah anggota", `${result.memberCount} orang`],
    ["Terakhir diperbarui", formatDateTime(result.updatedAt)],
  ];
  return (
    <article className="card border border-base-300 bg-base-100" aria-label={`Hasil: ${result.namaKepalaKeluarga}`}>
      <div className="card-body p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="card-title min-w-0 text-lg wrap-anywhere">{result.namaKepalaKeluarga}</h3>
          <StatusBadge status={result.status} label={result.statusLabel} />
        </div>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="font-mono wrap-anywhere sm:font-sans">{value}</dd>
            </div>
          ))}
        </dl>
        {result.review && (
          <div className="rounded-box mt-2 border-2 border-warning p-3" role="note">
            <p className="font-semibold">
              {result.status === "REJECTED" ? "Alasan penolakan dari kader" : "Catatan revisi dari kader"}
            </p>
            <p className="whitespace-pre-line">{result.review.note || "Kader tidak menulis catatan."}</p>
            <p className="text-sm">Ditulis {formatWib(result.review.at)}</p>
          </div>
        )}
        {result.formType === "family_registration" && isRegisterStatus(result.status) && (
          <div className="mt-2 space-y-2 text-sm">
            <p>
              <span className="font-semibold">Langkah berikutnya: </span>
              {nextStepText[result.status]}
            </p>
            {familyCorrectableStatuses.includes(result.status) && (
              <Link
                to="/perbaiki"
                search={{ nomor: result.registrationNumber }}
                className="btn btn-outline btn-primary btn-sm"
              >
                Perbaiki Data
              </Link>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

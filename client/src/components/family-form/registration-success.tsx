import { Link, useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import {
  communityActivityKeys,
  communityActivityLabels,
  houseCriteriaKeys,
  houseCriteriaLabels,
  specialConditionKeys,
  specialConditionLabels,
} from "@shared/enums.ts";
import type { RegisterFamilyResult } from "@shared/schemas/registration.ts";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { StatusBadge } from "../search/status-badge.tsx";
import { forgetRegistration } from "./last-registration.ts";

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card border border-base-300">
      <div className="card-body p-4">
        <h2 className="card-title text-lg">{title}</h2>
        {children}
      </div>
    </section>
  );
}

function Pairs({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The family success page (SPEC §2): what was stored, its number and status, and what happens next. */
export function RegistrationSuccess({ result }: { result: RegisterFamilyResult }) {
  const navigate = useNavigate();
  const { record } = result;
  const data = record.data;
  const conditions = specialConditionKeys
    .filter((key) => data.specialConditions[key])
    .map((key) => `${specialConditionLabels[key]} (${data.specialConditions[`${key}Count`]})`);
  // Every ticked criterion and activity, not only the first one.
  const houses = houseCriteriaKeys
    .filter((key) => data.houseCriteria[key])
    .map((key) => houseCriteriaLabels[key])
    .join(", ");
  const activities = communityActivityKeys
    .filter((key) => data.communityActivities[key])
    .map((key) => communityActivityLabels[key])
    .join(", ");

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div className="rounded-box bg-success/10 p-6 text-center">
        <h1 className="text-2xl font-bold sm:text-3xl">Registrasi Keluarga Berhasil</h1>
        <p className="mt-2">Terima kasih. Data keluarga Anda sudah kami terima.</p>
        <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
          <StatusBadge status={record.status} label={record.statusLabel} />
          <span>
            Nomor registrasi: <strong className="font-mono">{result.registrationNumber}</strong>
          </span>
        </div>
        <p className="mt-4 text-sm">
          Data akan ditinjau oleh kader PKK dalam 1-3 hari kerja. Simpan nomor registrasi ini untuk mengecek status di
          halaman Cari Data.
        </p>
      </div>

      <Block title="Tanggal">
        <Pairs
          rows={[
            ["Tanggal registrasi", formatDateTime(record.createdAt)],
            ["Tanggal pendataan", formatDate(data.tanggalPendataan)],
          ]}
        />
      </Block>
      <Block title="Data Kepala Keluarga">
        <Pairs
          rows={[
            ["Nama", data.namaKepalaKeluarga],
            ["NIK", data.nikKepalaKeluarga],
            ["Nomor HP", data.nomorHp],
            ["Email", data.alamatEmail || "-"],
            ["Nomor KK", data.nomorKk || "-"],
          ]}
        />
      </Block>
      <Block title="Alamat">
        <Pairs
          rows={[
            ["RT / RW", `${data.address.rt} / ${data.address.rw}`],
            ["Kelurahan/Desa", record.desaKelurahanNama],
            ["Kecamatan", record.kecamatanNama],
          ]}
        />
      </Block>
      <Block title={`Anggota Keluarga (${data.members.length})`}>
        <ul className="space-y-2 text-sm">
          {data.members.map((member) => (
            <li key={member.nik} className="rounded-box bg-base-200 p-3">
              <p className="font-semibold wrap-anywhere">{member.fullName}</p>
              <p>
                {member.relationship} · {member.gender} · {member.maritalStatus}
              </p>
              <p>
                Lahir {formatDate(member.birthDate)} · {member.occupation} · {member.education}
              </p>
            </li>
          ))}
        </ul>
      </Block>
      <Block title="Rumah dan Lingkungan">
        <Pairs
          rows={[
            ["Sumber air", data.waterSource],
            ["MCK", data.mckFacility ? `Ada (${data.mckCount})` : "Tidak ada"],
            ["Kriteria rumah", houses || "-"],
            ["Kegiatan warga", activities || "-"],
            ["Makanan pokok", data.foodType],
            ["Kondisi khusus", conditions.length > 0 ? conditions.join(", ") : "Tidak ada"],
            ["Catatan", data.notes || "-"],
          ]}
        />
      </Block>

      <div className="flex flex-wrap gap-3">
        <Link to="/search" search={{ nomor: result.registrationNumber }} className="btn btn-primary">
          Cek Status
        </Link>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            forgetRegistration();
            void navigate({ to: "/registrations/family" });
          }}
        >
          Daftarkan Keluarga Lain
        </button>
        <Link to="/" className="btn btn-ghost">
          Kembali ke Beranda
        </Link>
      </div>
    </div>
  );
}

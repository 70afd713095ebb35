import { createFileRoute, Link, redirect, useRouterState } from "@tanstack/react-router";
import type { KaderRegistrationResult } from "@shared/schemas/kader.ts";

declare module "@tanstack/react-router" {
  interface HistoryState {
    kaderRegistration?: KaderRegistrationResult;
  }
}

// Without the data the form passed, there is nothing to confirm: back to the form (SPEC §2).
export const Route = createFileRoute("/kader/registration-success")({
  beforeLoad: ({ location }) => {
    if (!location.state.kaderRegistration) throw redirect({ to: "/kader/register" });
  },
  head: () => ({ meta: [{ title: "Pendaftaran Kader Berhasil" }] }),
  component: KaderRegistrationSuccess,
});

function KaderRegistrationSuccess() {
  const result = useRouterState({ select: (state) => state.location.state.kaderRegistration });
  if (!result) return null;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <div className="card border border-success/40 bg-base-100">
        <div className="card-body">
          <h1 className="card-title text-2xl">Pendaftaran berhasil!</h1>
          <p>
            Terima kasih, {result.fullName}. Akun Anda akan diverifikasi oleh admin. Kami mengirim kabar ke{" "}
            {result.email} setelah diproses.
          </p>
          <dl className="mt-2 grid gap-2 rounded-box bg-base-200 p-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm">Nomor pendaftaran</dt>
              <dd className="font-mono font-semibold">{result.registrationNumber}</dd>
            </div>
            <div>
              <dt className="text-sm">Username</dt>
              <dd className="break-all font-semibold">{result.username}</dd>
            </div>
            <div>
              <dt className="text-sm">Jabatan</dt>
              <dd className="font-semibold">{result.jabatan}</dd>
            </div>
            <div>
              <dt className="text-sm">Status</dt>
              <dd className="font-semibold">Menunggu Verifikasi</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-sm">Wilayah kerja</dt>
              <dd className="font-semibold">
                RT {result.wilayahKerja.rt} / RW {result.wilayahKerja.rw}, {result.wilayahKerja.kelurahan}, Kecamatan{" "}
                {result.wilayahKerja.kecamatan}
              </dd>
            </div>
          </dl>
          <div className="card-actions mt-4">
            <Link to="/kader-pkk/login" className="btn btn-primary">
              Ke halaman masuk
            </Link>
            <Link to="/" className="btn btn-outline">
              Kembali ke beranda
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

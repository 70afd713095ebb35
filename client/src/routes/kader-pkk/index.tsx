import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc.ts";

export const Route = createFileRoute("/kader-pkk/")({
  component: CadrePortal,
});

const features = [
  {
    title: "Pencarian Cepat",
    text: "Temukan keluarga berdasarkan NIK, nama kepala keluarga, atau alamat hingga tingkat RT.",
  },
  {
    title: "Filter Kondisi Khusus",
    text: "Saring keluarga dengan ibu hamil, tunanetra, ibu menyusui, dan kondisi khusus lainnya.",
  },
  {
    title: "Validasi Terintegrasi",
    text: "Validasi berjenjang RT, RW, dan kelurahan dengan riwayat serta penandaan revisi.",
  },
];

const releasePlan = [
  {
    stage: "Tahap 1",
    title: "Autentikasi relawan",
    text: "Pendaftaran akun kader, verifikasi oleh admin, dan masuk ke dashboard.",
    active: true,
  },
  {
    stage: "Tahap 2",
    title: "Validasi berjenjang",
    text: "Akses RT, RW, dan kelurahan untuk memverifikasi, meminta revisi, atau menolak data, dengan batas waktu 2×24 jam per tingkat.",
    active: true,
  },
  {
    stage: "Tahap 3",
    title: "Monitor dan laporan",
    text: "Monitor kondisi khusus dan laporan bulanan per wilayah, diunduh sebagai Excel (.xlsx) atau CSV.",
    active: true,
  },
  {
    stage: "Tahap 4",
    title: "PDF dan peta",
    text: "Laporan PDF bertanda tangan elektronik serta peta interaktif sebaran keluarga.",
    active: true,
  },
];

/** What a cadre can use today, once signed in. */
const liveModules = [
  "Validasi data dari catatan keluarga: Verifikasi, Minta Revisi, Tolak, Buka Kembali",
  "Antrean dengan batas waktu: data terlambat ditandai dan dapat diurutkan lebih dulu",
  "Input manual data keluarga di wilayah kerja Anda",
  "Monitor kondisi khusus per wilayah",
  "Laporan bulanan per RT, RW, dan kelurahan dengan unduhan Excel dan CSV",
  "Rekap PKK (Lampiran 4.16b dan 4.18b) sebagai PDF bertanda tangan elektronik per tingkat",
  "Peta interaktif: rumah keluarga di wilayah Anda dan sebaran angka per kecamatan dan kelurahan",
];

function CadrePortal() {
  const config = useQuery(trpc.config.public.queryOptions());
  const city = config.data?.cityName ?? "";
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <p className="font-semibold text-primary">Portal Kader PKK{city && ` ${city}`}</p>
      <h1 className="mt-2 max-w-3xl text-3xl font-bold leading-tight sm:text-4xl">
        Kelola dan validasi data keluarga di wilayah Anda
      </h1>
      <p className="mt-4 max-w-2xl text-lg">
        Ruang kerja kader PKK untuk memeriksa data keluarga dari warga, berjenjang dari RT, RW, hingga kelurahan.
      </p>

      <section aria-labelledby="judul-fitur-kader" className="mt-10">
        <h2 id="judul-fitur-kader" className="sr-only">
          Fitur portal kader
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="rounded-box border border-base-300 p-5">
              <h3 className="text-lg font-semibold">{feature.title}</h3>
              <p className="mt-2">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-10 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="judul-rencana" className="self-start rounded-box border border-base-300 p-6">
          <h2 id="judul-rencana" className="text-xl font-bold">
            Rencana Rilis
          </h2>
          <ol className="mt-4 space-y-4">
            {releasePlan.map((item) => (
              <li key={item.stage} className="flex gap-3">
                <span className={`badge shrink-0 ${item.active ? "badge-success" : "badge-ghost"}`}>{item.stage}</span>
                <div>
                  <p className="font-semibold">
                    {item.title}
                    {item.active && <span className="ml-2 text-sm font-normal text-success">Aktif</span>}
                  </p>
                  <p className="text-sm">{item.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <div className="grid content-start gap-6">
          <section aria-labelledby="judul-akses" className="rounded-box bg-primary p-6 text-primary-content">
            <h2 id="judul-akses" className="text-xl font-bold">
              Akses Kader
            </h2>
            <p className="mt-2">
              Autentikasi relawan sudah aktif. Daftarkan akun Anda, tunggu verifikasi admin, lalu masuk ke dashboard.
            </p>
            <div className="mt-5 flex flex-wrap gap-3">
              <Link to="/kader-pkk/daftar" className="btn bg-base-100 text-primary hover:bg-base-200">
                Daftar Akun Kader
              </Link>
              <Link
                to="/kader-pkk/login"
                className="btn btn-outline border-primary-content text-primary-content hover:bg-primary-content hover:text-primary"
              >
                Masuk
              </Link>
            </div>
          </section>

          <section aria-labelledby="judul-tersedia" className="rounded-box border border-success p-6">
            <h2 id="judul-tersedia" className="text-xl font-bold">
              Tersedia Hari Ini
            </h2>
            <ul className="mt-3 list-disc space-y-1 pl-5">
              {liveModules.map((module) => (
                <li key={module}>{module}</li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="judul-modul" className="rounded-box border border-base-300 p-6">
            <h2 id="judul-modul" className="text-xl font-bold">
              Modul Mendatang
            </h2>
            {/* Every stage of the release plan is live: nothing is promised that is not being built. */}
            <p className="mt-3">
              Semua tahap dalam Rencana Rilis sudah aktif. Modul berikutnya akan diumumkan di halaman ini.
            </p>
          </section>

          {config.data?.demoMode && config.data.demoAccounts.length > 0 && (
            <section aria-labelledby="judul-demo" className="rounded-box border border-warning bg-warning/20 p-6">
              <h2 id="judul-demo" className="text-xl font-bold">
                Akun Demo
              </h2>
              <p className="mt-2 text-sm">Hanya untuk mencoba portal; tidak tersedia di server produksi.</p>
              <ul className="mt-3 space-y-1 text-sm">
                {config.data.demoAccounts.map((account) => (
                  <li key={account.email}>
                    <span className="font-semibold">{account.label}:</span>{" "}
                    <span className="break-all">{account.email}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-sm">
                Password: <code className="font-mono">{config.data.demoAccounts[0]?.password}</code>
              </p>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

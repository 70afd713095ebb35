import { createFileRoute, Link } from "@tanstack/react-router";
import { LazyAudioPlayer } from "../components/audio-player/lazy-audio-player.tsx";
import { StatisticsSection } from "../components/landing/statistics-section.tsx";

export const Route = createFileRoute("/")({
  // The landing page is most visitors' first page: it ships in the entry chunk, saving a round trip
  // before the hero can paint (it adds about 3 KB to the entry for everyone).
  codeSplitGroupings: [],
  // Started early, not awaited: the hero paints first, the figures fill in.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.trpc.stats.public.queryOptions());
  },
  component: Landing,
});

const goals = [
  {
    title: "Data keluarga terdigitalisasi",
    text: "Catatan Dasa Wisma yang semula di kertas kini tersimpan aman dan mudah dicari.",
  },
  {
    title: "Program tepat sasaran",
    text: "Bantuan dan kegiatan PKK menjangkau keluarga yang membutuhkan hingga tingkat RT.",
  },
  {
    title: "Validasi yang dapat dipertanggungjawabkan",
    text: "Setiap data diperiksa berjenjang dan setiap perubahan tercatat riwayatnya.",
  },
];

const residentFeatures = [
  "Registrasi data keluarga secara mandiri, tanpa perlu membuat akun.",
  "Cek status registrasi dengan NIK atau nama kepala keluarga.",
  "Data pribadi dilindungi: hasil pencarian hanya menampilkan NIK dan nomor HP yang disamarkan.",
];

const cadreFeatures = [
  "Pencarian cepat keluarga berdasarkan NIK, nama, atau alamat hingga tingkat RT.",
  "Filter kondisi khusus: ibu hamil, tunanetra, ibu menyusui, dan lainnya.",
  "Validasi berjenjang dengan riwayat dan penandaan revisi.",
  "Ringkasan keluarga per RT dengan status validasi terkini.",
  "Statistik interaktif per wilayah dan kondisi.",
];

const validationSteps = [
  { title: "Input RT", text: "Kader RT memeriksa data keluarga yang masuk dari warga di RT-nya dan memverifikasinya." },
  {
    title: "Konsolidasi RW",
    text: "Kader RW menghimpun data dari RT dan menandai data yang perlu direvisi, lengkap dengan catatan.",
  },
  {
    title: "Pengesahan Kelurahan",
    text: "Kelurahan mengesahkan data final dan menyusun laporan untuk program kesejahteraan keluarga.",
  },
];

function Landing() {
  return (
    <>
      <section className="bg-primary text-primary-content">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 sm:py-20 lg:grid-cols-[3fr_2fr] lg:items-center">
          <div>
            <p className="font-semibold uppercase tracking-wide">Tim Penggerak PKK</p>
            <h1 className="mt-2 text-3xl font-bold leading-tight sm:text-5xl">
              Data keluarga yang akurat untuk program PKK yang tepat sasaran
            </h1>
            <p className="mt-4 max-w-2xl text-lg">
              Warga mendaftarkan data keluarga, kader PKK memvalidasinya berjenjang dari RT, RW, hingga kelurahan.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/registrasi" className="btn btn-lg bg-base-100 text-primary hover:bg-base-200">
                Registrasi Warga
              </Link>
              <Link
                to="/search"
                className="btn btn-lg btn-outline border-primary-content text-primary-content hover:bg-primary-content hover:text-primary"
              >
                Cari Data
              </Link>
            </div>
          </div>
          <ul className="grid gap-3 text-base-content">
            {validationSteps.map((step, index) => (
              <li key={step.title} className="flex items-center gap-3 rounded-box bg-base-100 p-4 shadow">
                <span
                  aria-hidden="true"
                  className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-secondary font-bold text-secondary-content"
                >
                  {index + 1}
                </span>
                <span>
                  <strong>{step.title}</strong>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="program" aria-labelledby="judul-program" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-14">
        <h2 id="judul-program" className="text-2xl font-bold sm:text-3xl">
          Program
        </h2>
        <p className="mt-2 max-w-3xl">
          Portal ini mendigitalkan data keluarga agar program kesejahteraan keluarga menjangkau rumah tangga yang tepat
          hingga tingkat RT.
        </p>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {goals.map((goal) => (
            <li key={goal.title} className="rounded-box border border-base-300 p-5">
              <h3 className="text-lg font-semibold">{goal.title}</h3>
              <p className="mt-2">{goal.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="fitur" aria-labelledby="judul-fitur" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-14">
        <h2 id="judul-fitur" className="text-2xl font-bold sm:text-3xl">
          Fitur Utama
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <div className="rounded-box border border-base-300 p-6">
            <h3 className="text-xl font-semibold">Untuk warga</h3>
            <ul className="mt-4 list-disc space-y-2 pl-5">
              {residentFeatures.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <Link to="/registrasi" className="btn btn-primary mt-6">
              Registrasi Warga
            </Link>
          </div>
          <div className="rounded-box border border-base-300 p-6">
            <h3 className="text-xl font-semibold">Untuk kader PKK</h3>
            <ul className="mt-4 list-disc space-y-2 pl-5">
              {cadreFeatures.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <p className="mt-4 text-sm">
              Tersedia: rekap PKK (Lampiran 4.16 dan 4.18) sebagai spreadsheet atau PDF bertanda tangan elektronik,
              serta statistik dan peta interaktif di{" "}
              <Link to="/statistik" className="link">
                halaman Statistik
              </Link>
              .
            </p>
            <Link to="/kader-pkk" className="btn btn-outline btn-primary mt-6">
              Portal Kader PKK
            </Link>
          </div>
        </div>
      </section>

      <StatisticsSection />

      <section id="validasi" aria-labelledby="judul-validasi" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-14">
        <h2 id="judul-validasi" className="text-2xl font-bold sm:text-3xl">
          Validasi Data
        </h2>
        <p className="mt-2 max-w-3xl">
          Setiap data keluarga melewati tiga tingkat validasi sebelum dipakai untuk program.
        </p>
        <ol className="mt-8 grid gap-4 md:grid-cols-3">
          {validationSteps.map((step, index) => (
            <li key={step.title} className="rounded-box border border-base-300 p-5">
              <p className="text-sm font-semibold text-secondary">Tahap {index + 1}</p>
              <h3 className="text-lg font-semibold">{step.title}</h3>
              <p className="mt-2">{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-6 text-sm">
          Data yang perlu diperbaiki dikembalikan ke RT dan keluarga dengan catatan revisi, lalu diperiksa ulang.
        </p>
      </section>

      <LazyAudioPlayer />
    </>
  );
}

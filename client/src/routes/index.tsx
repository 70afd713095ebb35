import { createFileRoute } from "@tanstack/react-router";

export const Route = createFileRoute("/")({
  component: Landing,
});

// The landing page's full content (statistics, audio player) is built on top of these sections.
function Landing() {
  return (
    <>
      <section className="bg-base-200">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h1 className="max-w-3xl text-3xl font-bold sm:text-5xl">Data keluarga yang akurat untuk program PKK yang tepat sasaran</h1>
          <p className="mt-4 max-w-2xl text-lg">
            Warga mendaftarkan data keluarga, kader PKK memvalidasi berjenjang dari RT, RW, hingga kelurahan.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="/registrasi" className="btn btn-primary">Registrasi Warga</a>
            <a href="/search" className="btn btn-outline">Cari Data</a>
          </div>
        </div>
      </section>
      <section id="program" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
        <h2 className="text-2xl font-bold">Program</h2>
        <p className="mt-2">Digitalisasi data keluarga agar program kesejahteraan menjangkau keluarga yang tepat hingga tingkat RT.</p>
      </section>
      <section id="fitur" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
        <h2 className="text-2xl font-bold">Fitur Utama</h2>
        <p className="mt-2">Pencarian cepat keluarga berdasarkan NIK, nama, atau alamat; filter kondisi khusus; validasi berjenjang dengan riwayat revisi.</p>
      </section>
      <section id="statistik" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
        <h2 className="text-2xl font-bold">Statistik</h2>
        <p className="mt-2">Statistik wilayah ditampilkan dari data yang sudah masuk.</p>
      </section>
      <section id="validasi" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
        <h2 className="text-2xl font-bold">Validasi Data</h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          <li className="card border border-base-300 p-4"><strong>1. Input RT</strong><span>Kader RT memeriksa data yang masuk.</span></li>
          <li className="card border border-base-300 p-4"><strong>2. Konsolidasi RW</strong><span>Kader RW menandai data yang perlu revisi.</span></li>
          <li className="card border border-base-300 p-4"><strong>3. Pengesahan Kelurahan</strong><span>Kelurahan mengesahkan dan melaporkan.</span></li>
        </ol>
      </section>
    </>
  );
}

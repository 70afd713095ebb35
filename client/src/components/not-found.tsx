import { Link } from "@tanstack/react-router";

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">Halaman tidak ditemukan</h1>
      <p>Alamat yang Anda buka tidak ada atau sudah dipindahkan.</p>
      <Link to="/" className="btn btn-primary">
        Kembali ke beranda
      </Link>
    </section>
  );
}

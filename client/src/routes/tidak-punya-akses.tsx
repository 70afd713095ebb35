import { createFileRoute, Link } from "@tanstack/react-router";
import { homeOf } from "@shared/paths.ts";
import { useSession } from "../lib/session.ts";

export const Route = createFileRoute("/tidak-punya-akses")({
  head: () => ({ meta: [{ title: "Tidak punya akses | Portal Data Keluarga PKK" }] }),
  component: ForbiddenPage,
});

/** A signed-in user on a page the role may not open (the server answers this address with 403). */
function ForbiddenPage() {
  const session = useSession();
  const home = session.data ? homeOf(session.data) : "/";
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        403
      </p>
      <h1 className="text-2xl font-bold">Tidak punya akses</h1>
      <p>
        Akun Anda tidak memiliki akses ke halaman tersebut. Jika Anda memerlukannya, hubungi admin untuk mengubah peran
        atau wilayah kerja Anda.
      </p>
      <Link to={home} className="btn btn-primary">
        Kembali ke beranda Anda
      </Link>
    </section>
  );
}

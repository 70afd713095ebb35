import { createFileRoute, Link, redirect } from "@tanstack/react-router";
import { FORBIDDEN_PATH } from "@shared/paths.ts";
import { OfficialsPortal } from "../components/aparat/officials-portal.tsx";
import { readSession } from "../lib/session.ts";

export const Route = createFileRoute("/aparat")({
  // Visitors see what the portal is and how to enter; cadres have their own workspace.
  beforeLoad: async ({ context }) => {
    const user = await readSession(context);
    if (user && user.role === "kader") throw redirect({ href: FORBIDDEN_PATH });
    return { user };
  },
  head: () => ({ meta: [{ title: "Portal Aparat | Portal Data Keluarga PKK" }] }),
  component: AparatPage,
});

function AparatPage() {
  const { user } = Route.useRouteContext();
  if (user) return <OfficialsPortal user={user} />;
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-20">
      <h1 className="text-3xl font-bold">Portal Aparat</h1>
      <p className="text-lg">
        Portal untuk aparat kelurahan, kecamatan, dan kota: angka data keluarga per wilayah, daftar keluarga dengan NIK
        tersamar, serta laporan bulanan beserta unduhannya. Masuk dengan akun aparat yang dibuat oleh admin.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/kader-pkk/login" search={{ redirect: "/aparat" }} className="btn btn-primary">
          Masuk
        </Link>
        <Link to="/" className="btn btn-outline">
          Kembali ke beranda
        </Link>
      </div>
    </section>
  );
}

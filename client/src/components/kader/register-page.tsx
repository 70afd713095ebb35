import { Link } from "@tanstack/react-router";
import { KaderRegistrationForm } from "./registration-form.tsx";

/** The cadre registration page, served at /kader-pkk/daftar and /kader/register. */
export function KaderRegisterPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Pendaftaran Kader PKK</h1>
      <p className="mt-2">
        Isi data diri, wilayah kerja, dan data keluarga Anda. Akun aktif setelah diverifikasi admin.
      </p>
      <p className="mt-1 text-sm">
        Sudah punya akun?{" "}
        <Link to="/kader-pkk/login" className="link link-primary">
          Masuk
        </Link>
      </p>
      <div className="mt-6">
        <KaderRegistrationForm />
      </div>
    </section>
  );
}

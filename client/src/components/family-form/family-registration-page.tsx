import { FamilyForm } from "./family-form.tsx";

export function FamilyRegistrationPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Registrasi Keluarga</h1>
      <p className="mt-2 max-w-3xl">
        Isi data keluarga Anda dengan lengkap. Kolom bertanda <span className="text-error">*</span> wajib diisi. Isian
        tersimpan otomatis di tab ini sampai data berhasil dikirim atau tab ditutup.
      </p>
      <div className="mt-6">
        <FamilyForm />
      </div>
    </div>
  );
}

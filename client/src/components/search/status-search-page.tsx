import { StatusSearch } from "./status-search.tsx";

export function StatusSearchPage({ nomor = "" }: { nomor?: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Cek Status Registrasi</h1>
      <p className="mt-2 max-w-3xl">
        Cari status registrasi keluarga dengan NIK, nomor registrasi, atau nama lengkap kepala keluarga.
      </p>
      <div className="mt-6">
        <StatusSearch initialQuery={nomor} />
      </div>
    </div>
  );
}

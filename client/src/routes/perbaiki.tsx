import { createFileRoute } from "@tanstack/react-router";
import { CorrectionPage } from "../components/correction/correction-page.tsx";

// ?nomor=REG-… fills in the registration number ('Perbaiki Data' on the status card).
export const Route = createFileRoute("/perbaiki")({
  head: () => ({ meta: [{ title: "Perbaiki Data Keluarga - Portal Data Keluarga PKK" }] }),
  validateSearch: (search: Record<string, unknown>): { nomor?: string } => ({
    nomor: typeof search.nomor === "string" ? search.nomor.slice(0, 40) : undefined,
  }),
  component: CorrectionRoute,
});

function CorrectionRoute() {
  const { nomor } = Route.useSearch();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Perbaiki Data Keluarga</h1>
      <p className="mt-2 max-w-3xl">
        Perbaiki data yang diminta kader lalu kirim kembali. Data akan kembali berstatus Menunggu Persetujuan dan
        diperiksa ulang oleh kader RT.
      </p>
      <div className="mt-6">
        <CorrectionPage nomor={nomor} />
      </div>
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { RegionSelect, type RegionValue } from "../../components/region-select.tsx";
import { trpc } from "../../lib/trpc.ts";

export const Route = createFileRoute("/demo/kecamatan-select")({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.regions.kecamatan.queryOptions()),
  component: KecamatanSelectDemo,
});

function KecamatanSelectDemo() {
  const [value, setValue] = useState<RegionValue>({ kecamatanId: null, desaKelurahanId: null });
  const kecamatan = useQuery(trpc.regions.kecamatan.queryOptions());
  const kelurahan = useQuery({
    ...trpc.regions.desaKelurahan.queryOptions({ kecamatanId: value.kecamatanId ?? 0 }),
    enabled: value.kecamatanId !== null,
  });
  const chosenKecamatan = kecamatan.data?.find((item) => item.id === value.kecamatanId);
  const chosenKelurahan = kelurahan.data?.find((item) => item.id === value.desaKelurahanId);

  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Demo Pilih Kecamatan</h1>
      <p className="mt-2">
        Contoh pemilih wilayah bertingkat: kecamatan lalu kelurahan/desa, dari data resmi Kemendagri.
      </p>
      <div className="card mt-6 border border-base-300 bg-base-100">
        <div className="card-body">
          <h2 className="card-title">Pilih Lokasi</h2>
          <RegionSelect value={value} onChange={setValue} />
          <output className="mt-4 block rounded-box bg-base-200 p-4 text-sm" aria-live="polite">
            {chosenKecamatan
              ? `Kecamatan ${chosenKecamatan.nama} (${chosenKecamatan.kode})${chosenKelurahan ? `, ${chosenKelurahan.jenis === "desa" ? "Desa" : "Kelurahan"} ${chosenKelurahan.nama} (${chosenKelurahan.kode})` : ""}`
              : "Belum ada wilayah yang dipilih."}
          </output>
        </div>
      </div>
    </section>
  );
}

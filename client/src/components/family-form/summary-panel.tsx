import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { specialConditionKeys, specialConditionLabels } from "@shared/enums.ts";
import { trpc } from "../../lib/trpc.ts";
import type { FamilyFormValues } from "./form-values.ts";

/** The live summary beside the form: sticky on desktop, collapsible on a phone. */
export function SummaryPanel({ values }: { values: FamilyFormValues }) {
  const [open, setOpen] = useState(false);
  const kecamatan = useQuery(trpc.regions.kecamatan.queryOptions());
  const kelurahan = useQuery({
    ...trpc.regions.desaKelurahan.queryOptions({ kecamatanId: values.address.kecamatanId ?? 0 }),
    enabled: values.address.kecamatanId !== null,
  });
  const kecamatanNama = kecamatan.data?.find((item) => item.id === values.address.kecamatanId)?.nama;
  const kelurahanNama = kelurahan.data?.find((item) => item.id === values.address.desaKelurahanId)?.nama;
  const conditions = specialConditionKeys
    .filter((key) => values.specialConditions[key])
    .map((key) => `${specialConditionLabels[key]} (${values.specialConditions[`${key}Count`] || 0})`);
  const address = [
    values.address.rt && `RT ${values.address.rt}`,
    values.address.rw && `RW ${values.address.rw}`,
    kelurahanNama,
    kecamatanNama,
  ]
    .filter(Boolean)
    .join(", ");
  const rows: Array<[string, string]> = [
    ["Kepala keluarga", values.namaKepalaKeluarga.trim() || "-"],
    ["Alamat", address || "-"],
    ["Jumlah anggota", `${values.members.length} orang`],
    ["Kondisi khusus", conditions.length > 0 ? conditions.join(", ") : "Tidak ada"],
    ["Sumber air", values.waterSource || "-"],
    ["MCK", values.mckFacility ? `Ada (${values.mckCount || 0})` : "Tidak ada"],
    ["Makanan pokok", values.foodType || "-"],
  ];
  return (
    <aside aria-labelledby="ringkasan-judul" className="card border border-base-300 bg-base-200 lg:sticky lg:top-20">
      <div className="card-body p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id="ringkasan-judul" className="card-title text-lg">
            Ringkasan Data
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm lg:hidden"
            aria-expanded={open}
            aria-controls="ringkasan-isi"
            onClick={() => setOpen((value) => !value)}
          >
            {open ? "Sembunyikan" : "Tampilkan"}
          </button>
        </div>
        <div id="ringkasan-isi" className={`${open ? "block" : "hidden"} lg:block`}>
          <dl className="space-y-2 text-sm">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt className="font-semibold">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 rounded-box bg-base-100 p-3 text-sm">
            Data akan ditinjau oleh kader RT maksimal 2x24 jam setelah dikirim.
          </p>
        </div>
      </div>
    </aside>
  );
}

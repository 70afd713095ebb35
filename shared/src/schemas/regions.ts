import { z } from "zod";
import { idSchema } from "./common.ts";

export const desaKelurahanListInput = z.object({ kecamatanId: idSchema });
export const regencyCodeInput = z.object({ regencyCode: z.string().regex(/^\d{2}\.\d{2}$/) });

export const jenisWilayah = ["desa", "kelurahan"] as const;
export type JenisWilayah = (typeof jenisWilayah)[number];

export interface KecamatanOption {
  id: number;
  kode: string;
  nama: string;
}

export interface DesaKelurahanOption {
  id: number;
  kode: string;
  nama: string;
  jenis: JenisWilayah;
  kecamatanId: number;
}

export interface RegencyOption {
  /** Official code, e.g. "32.75"; the spec's regency list is keyed by it. */
  id: string;
  nama: string;
  jenis: "Kota" | "Kabupaten";
}

export interface DistrictOption {
  kode: string;
  nama: string;
}

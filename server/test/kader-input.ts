import { eq } from "drizzle-orm";
import type { KaderRegistrationInput } from "@shared/schemas/kader.ts";
import type { Db } from "../src/db/client.ts";
import { desaKelurahan, kecamatan } from "../src/db/schema/regions.ts";
import { issueCaptcha } from "../src/services/public/captcha.ts";
import { solveCaptcha } from "./helpers.ts";

let counter = 0;

/** A valid cadre registration in the city's first kelurahan, with a solved captcha. */
export async function kaderInput(
  db: Db,
  secret: string,
  change: Partial<KaderRegistrationInput> = {},
): Promise<KaderRegistrationInput> {
  counter += 1;
  const [ward] = await db.select().from(desaKelurahan).orderBy(desaKelurahan.kode).limit(1);
  if (!ward) throw new Error("regions are not seeded");
  const [district] = await db.select().from(kecamatan).where(eq(kecamatan.id, ward.kecamatanId));
  if (!district) throw new Error("kecamatan missing");
  const challenge = issueCaptcha(secret, "sum");
  const unique = `${Date.now()}${counter}`.slice(-8);
  return {
    fullName: "Sri Wahyuni",
    email: `sri.${unique}@contoh.id`,
    phone: "081234567890",
    nik: `32750112${unique}`.slice(0, 16).padEnd(16, "0"),
    nip: "",
    jabatan: "Ketua PKK RT",
    regencyCode: "32.75",
    kecamatanKode: district.kode,
    desaKelurahanId: ward.id,
    rw: "5",
    rt: "1",
    anggotaKeluarga: { jumlahAnggota: 4, jumlahLakiLaki: 2, jumlahPerempuan: 2, jumlahAnak: 2 },
    kondisiKhususKeluarga: { lansia: false, disabilitas: false, balita: true, ibuHamil: false, kronisLainnya: "" },
    sumberAirKeluarga: "pam",
    saranaMCK: "wc-sendiri",
    kriteriaRumah: { jenisAtap: "genteng", jenisDinding: "tembok", jenisLantai: "keramik", kondisiRumah: "baik" },
    makananPokokKeluarga: "beras",
    wargaMengikutiKegiatan: {
      kegiatanPKK: true,
      posyandu: true,
      koperasi: false,
      tabungan: false,
      kegiatanLainnya: "",
    },
    catatanTambahan: "",
    password: "Bintang-Laut-48",
    confirmPassword: "Bintang-Laut-48",
    agreement: true,
    captcha: { token: challenge.token, answer: solveCaptcha(challenge.question) },
    ...change,
  };
}

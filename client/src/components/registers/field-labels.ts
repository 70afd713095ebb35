import { communityActivityLabels, houseCriteriaLabels, specialConditionLabels } from "@shared/enums.ts";

const top: Record<string, string> = {
  namaKepalaKeluarga: "Nama Kepala Keluarga",
  nikKepalaKeluarga: "NIK Kepala Keluarga",
  nomorHp: "Nomor HP",
  alamatEmail: "Email",
  tanggalPendataan: "Tanggal Pendataan",
  waterSource: "Sumber Air",
  mckFacility: "MCK",
  mckCount: "Jumlah MCK",
  foodType: "Makanan Pokok",
  notes: "Catatan",
  agreement: "Persetujuan",
  lokasiRumah: "Lokasi Rumah",
  nomorKk: "Nomor KK",
  nikConfirmations: "Konfirmasi NIK oleh kader (dokumen diperiksa)",
};
const address: Record<string, string> = { kecamatanId: "Kecamatan", desaKelurahanId: "Kelurahan", rw: "RW", rt: "RT" };
const member: Record<string, string> = {
  nik: "NIK",
  fullName: "Nama Lengkap",
  relationship: "Hubungan",
  maritalStatus: "Status Perkawinan",
  gender: "Jenis Kelamin",
  birthDate: "Tanggal Lahir",
  occupation: "Pekerjaan",
  education: "Pendidikan Terakhir",
};
const lookup = (labels: Record<string, string>, key: string | undefined) =>
  key !== undefined ? (labels[key] ?? key) : "";

/** A revision's field path ("members.1.fullName") in words ("Anggota 2: Nama Lengkap"). */
export function fieldLabel(path: string): string {
  const [head, second, third] = path.split(".");
  switch (head) {
    case "members":
      return third ? `Anggota ${Number(second) + 1}: ${lookup(member, third)}` : `Anggota ${Number(second) + 1}`;
    case "address":
      return `Alamat: ${lookup(address, second)}`;
    case "specialConditions": {
      const key = second?.replace(/Count$/, "") ?? "";
      const label = lookup(specialConditionLabels, key);
      return second?.endsWith("Count") ? `Jumlah ${label}` : `Kondisi ${label}`;
    }
    case "houseCriteria":
      return lookup(houseCriteriaLabels, second);
    case "communityActivities":
      return lookup(communityActivityLabels, second);
    default:
      return lookup(top, head);
  }
}

import { describe, expect, test } from "bun:test";
import { familyRegistrationSchema, newMember, todayIso } from "./family.ts";
import { noSpecialConditions } from "../empty-family.ts";

const member = (nik: string, overrides: Record<string, unknown> = {}) => ({
  nik,
  fullName: "Budi Santoso",
  relationship: "Kepala Keluarga",
  maritalStatus: "Kawin",
  gender: "Laki-laki",
  birthDate: "1985-04-12",
  occupation: "Wiraswasta",
  education: "SMA/SMK",
  ...overrides,
});

const conditionsOff = noSpecialConditions;

function validForm() {
  return {
    namaKepalaKeluarga: "Budi Santoso",
    nikKepalaKeluarga: "3275010101850001",
    nomorHp: "081234567890",
    alamatEmail: "",
    tanggalPendataan: "2026-11-20",
    address: { kecamatanId: 1, desaKelurahanId: 2, rw: "5", rt: "001" },
    members: [
      member("3275010101850001"),
      member("3275010101850002", { fullName: "Siti Aminah", relationship: "Istri", gender: "Perempuan" }),
    ],
    specialConditions: { ...conditionsOff },
    waterSource: "PDAM",
    mckFacility: true,
    mckCount: 1,
    houseCriteria: {
      healthy: true,
      lessHealthy: false,
      hasTrashBin: true,
      hasDrainage: false,
      hasWaterAbsorption: false,
    },
    foodType: "Beras",
    communityActivities: { up2k: false, yardUtilization: true, homeIndustry: false, environmentalHealth: false },
    notes: "",
    agreement: true,
  };
}
type Form = ReturnType<typeof validForm>;

function messagesAt(form: unknown, path: string): string[] {
  const result = familyRegistrationSchema.safeParse(form);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join(".") === path).map((issue) => issue.message);
}

const tomorrow = () => {
  const date = new Date(`${todayIso()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

const invalidCases: Array<[string, (form: Form) => unknown, string, string]> = [
  [
    "no member is Kepala Keluarga",
    (f) => ({ ...f, members: f.members.map((m) => ({ ...m, relationship: "Anak" })) }),
    "members.0.relationship",
    "Satu anggota harus berstatus Kepala Keluarga",
  ],
  [
    "two members are Kepala Keluarga",
    (f) => ({ ...f, members: f.members.map((m) => ({ ...m, relationship: "Kepala Keluarga" })) }),
    "members.1.relationship",
    "Hanya satu anggota yang boleh berstatus Kepala Keluarga",
  ],
  [
    "the Kepala Keluarga member has another NIK than the head",
    (f) => ({ ...f, nikKepalaKeluarga: "3275010101859999" }),
    "members.0.nik",
    "NIK anggota Kepala Keluarga harus sama dengan NIK kepala keluarga",
  ],
  [
    "the Kepala Keluarga member has another name than the head",
    (f) => ({ ...f, namaKepalaKeluarga: "Joko Widodo" }),
    "members.0.fullName",
    "Nama anggota Kepala Keluarga harus sama dengan nama kepala keluarga",
  ],
  [
    "head name empty",
    (f) => ({ ...f, namaKepalaKeluarga: "   " }),
    "namaKepalaKeluarga",
    "Nama kepala keluarga wajib diisi",
  ],
  [
    "head name one letter",
    (f) => ({ ...f, namaKepalaKeluarga: " B " }),
    "namaKepalaKeluarga",
    "Nama kepala keluarga wajib diisi",
  ],
  [
    "head NIK 15 digits",
    (f) => ({ ...f, nikKepalaKeluarga: "327501010185000" }),
    "nikKepalaKeluarga",
    "NIK harus 16 digit",
  ],
  [
    "head NIK 17 digits",
    (f) => ({ ...f, nikKepalaKeluarga: "32750101018500011" }),
    "nikKepalaKeluarga",
    "NIK harus 16 digit",
  ],
  [
    "head NIK with letters",
    (f) => ({ ...f, nikKepalaKeluarga: "32750101018500AB" }),
    "nikKepalaKeluarga",
    "NIK hanya boleh berisi angka",
  ],
  ["phone 8 digits", (f) => ({ ...f, nomorHp: "08123456" }), "nomorHp", "Nomor HP tidak valid"],
  ["phone 16 digits", (f) => ({ ...f, nomorHp: "0812345678901234" }), "nomorHp", "Nomor HP tidak valid"],
  ["phone with a dash", (f) => ({ ...f, nomorHp: "0812-3456-789" }), "nomorHp", "Nomor HP hanya boleh berisi angka"],
  ["email malformed", (f) => ({ ...f, alamatEmail: "budi@" }), "alamatEmail", "Format email tidak valid"],
  [
    "date collected empty",
    (f) => ({ ...f, tanggalPendataan: "" }),
    "tanggalPendataan",
    "Tanggal pendataan wajib diisi",
  ],
  [
    "date collected impossible",
    (f) => ({ ...f, tanggalPendataan: "2026-02-30" }),
    "tanggalPendataan",
    "Tanggal pendataan wajib diisi",
  ],
  [
    "date collected tomorrow (WIB)",
    (f) => ({ ...f, tanggalPendataan: tomorrow() }),
    "tanggalPendataan",
    "Tanggal pendataan tidak boleh di masa depan",
  ],
  ["RT empty", (f) => ({ ...f, address: { ...f.address, rt: "" } }), "address.rt", "RT wajib diisi"],
  ["RT 4 digits", (f) => ({ ...f, address: { ...f.address, rt: "0012" } }), "address.rt", "RT maksimal 3 digit"],
  ["RT letters", (f) => ({ ...f, address: { ...f.address, rt: "1a" } }), "address.rt", "RT hanya boleh angka"],
  ["RW empty", (f) => ({ ...f, address: { ...f.address, rw: " " } }), "address.rw", "RW wajib diisi"],
  ["RW 4 digits", (f) => ({ ...f, address: { ...f.address, rw: "1234" } }), "address.rw", "RW maksimal 3 digit"],
  ["RW letters", (f) => ({ ...f, address: { ...f.address, rw: "x" } }), "address.rw", "RW hanya boleh angka"],
  [
    "no kecamatan",
    (f) => ({ ...f, address: { ...f.address, kecamatanId: null } }),
    "address.kecamatanId",
    "Pilih kecamatan",
  ],
  [
    "no kelurahan",
    (f) => ({ ...f, address: { ...f.address, desaKelurahanId: null } }),
    "address.desaKelurahanId",
    "Pilih kelurahan",
  ],
  ["no members", (f) => ({ ...f, members: [] }), "members", "Minimal satu anggota keluarga"],
  ["member NIK short", (f) => ({ ...f, members: [member("123")] }), "members.0.nik", "NIK harus 16 digit"],
  [
    "member NIK letters",
    (f) => ({ ...f, members: [member("327501010185000X")] }),
    "members.0.nik",
    "NIK hanya boleh berisi angka",
  ],
  [
    "member NIKs repeated",
    (f) => ({ ...f, members: [member("3275010101850001"), member("3275010101850001")] }),
    "members.1.nik",
    "NIK sama dengan anggota ke-1",
  ],
  [
    "member name short",
    (f) => ({ ...f, members: [member("3275010101850001", { fullName: "A" })] }),
    "members.0.fullName",
    "Nama lengkap minimal 2 karakter",
  ],
  [
    "member relationship empty",
    (f) => ({ ...f, members: [member("3275010101850001", { relationship: "" })] }),
    "members.0.relationship",
    "Pilih status hubungan",
  ],
  [
    "member marital empty",
    (f) => ({ ...f, members: [member("3275010101850001", { maritalStatus: "" })] }),
    "members.0.maritalStatus",
    "Pilih status perkawinan",
  ],
  [
    "member gender empty",
    (f) => ({ ...f, members: [member("3275010101850001", { gender: "" })] }),
    "members.0.gender",
    "Pilih jenis kelamin",
  ],
  [
    "member birth date empty",
    (f) => ({ ...f, members: [member("3275010101850001", { birthDate: "" })] }),
    "members.0.birthDate",
    "Pilih tanggal lahir",
  ],
  [
    "member birth date impossible",
    (f) => ({ ...f, members: [member("3275010101850001", { birthDate: "2020-13-01" })] }),
    "members.0.birthDate",
    "Pilih tanggal lahir",
  ],
  [
    "member born tomorrow",
    (f) => ({ ...f, members: [member("3275010101850001", { birthDate: tomorrow() })] }),
    "members.0.birthDate",
    "Tanggal lahir tidak boleh di masa depan",
  ],
  [
    "member occupation empty",
    (f) => ({ ...f, members: [member("3275010101850001", { occupation: "" })] }),
    "members.0.occupation",
    "Pilih pekerjaan",
  ],
  [
    "member education empty",
    (f) => ({ ...f, members: [member("3275010101850001", { education: "" })] }),
    "members.0.education",
    "Pilih pendidikan terakhir",
  ],
  [
    "condition count negative",
    (f) => ({ ...f, specialConditions: { ...f.specialConditions, pregnantCount: -1 } }),
    "specialConditions.pregnantCount",
    "Jumlah tidak boleh negatif",
  ],
  [
    "condition on with count 0",
    (f) => ({ ...f, specialConditions: { ...f.specialConditions, blind: true, blindCount: 0 } }),
    "specialConditions.blindCount",
    "Jumlah minimal 1",
  ],
  [
    "condition count 21",
    (f) => ({ ...f, specialConditions: { ...f.specialConditions, newBirth: true, newBirthCount: 21 } }),
    "specialConditions.newBirthCount",
    "Jumlah maksimal 20",
  ],
  ["water source empty", (f) => ({ ...f, waterSource: "" }), "waterSource", "Pilih sumber air keluarga"],
  ["MCK on with count 0", (f) => ({ ...f, mckFacility: true, mckCount: 0 }), "mckCount", "Jumlah minimal 1"],
  ["MCK count 11", (f) => ({ ...f, mckCount: 11 }), "mckCount", "Jumlah maksimal 10"],
  ["MCK count negative", (f) => ({ ...f, mckFacility: false, mckCount: -2 }), "mckCount", "Jumlah tidak boleh negatif"],
  ["food type empty", (f) => ({ ...f, foodType: "" }), "foodType", "Pilih jenis makanan pokok"],
  ["notes 501 characters", (f) => ({ ...f, notes: "a".repeat(501) }), "notes", "Catatan maksimal 500 karakter"],
  [
    "agreement not ticked",
    (f) => ({ ...f, agreement: false }),
    "agreement",
    "Anda harus menyetujui untuk mengirimkan data",
  ],
];

const validCases: Array<[string, (form: Form) => unknown]> = [
  ["the complete form", (f) => f],
  ["email given", (f) => ({ ...f, alamatEmail: "budi@contoh.id" })],
  ["phone 9 digits", (f) => ({ ...f, nomorHp: "081234567" })],
  ["phone 15 digits", (f) => ({ ...f, nomorHp: "081234567890123" })],
  ["RT and RW of one digit", (f) => ({ ...f, address: { ...f.address, rt: "1", rw: "9" } })],
  ["one member only", (f) => ({ ...f, members: [member("3275010101850001")] })],
  ["MCK off with count 0", (f) => ({ ...f, mckFacility: false, mckCount: 0 })],
  ["MCK count 10", (f) => ({ ...f, mckCount: 10 })],
  [
    "condition on with counts 1 and 20",
    (f) => ({
      ...f,
      specialConditions: {
        ...f.specialConditions,
        pregnant: true,
        pregnantCount: 1,
        babyDeath: true,
        babyDeathCount: 20,
      },
    }),
  ],
  ["notes of 500 characters", (f) => ({ ...f, notes: "a".repeat(500) })],
  ["collected today (WIB)", (f) => ({ ...f, tanggalPendataan: todayIso() })],
  ["born today", (f) => ({ ...f, members: [member("3275010101850001", { birthDate: todayIso() })] })],
];

describe("family form schema (SPEC §5)", () => {
  test.each(invalidCases)("refuses %s", (_name, change, path, message) => {
    expect(messagesAt(change(validForm()), path)).toContain(message);
  });

  test.each(validCases)("accepts %s", (_name, change) => {
    const result = familyRegistrationSchema.safeParse(change(validForm()));
    expect(
      result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    ).toEqual([]);
  });

  test("names are trimmed", () => {
    const parsed = familyRegistrationSchema.parse({ ...validForm(), namaKepalaKeluarga: "  Budi Santoso  " });
    expect(parsed.namaKepalaKeluarga).toBe("Budi Santoso");
  });

  test("the first member defaults to Kepala Keluarga / Kawin / Laki-laki, added ones to Anak / Belum Kawin / Laki-laki", () => {
    expect(newMember(true)).toMatchObject({
      relationship: "Kepala Keluarga",
      maritalStatus: "Kawin",
      gender: "Laki-laki",
    });
    expect(newMember(false)).toMatchObject({ relationship: "Anak", maritalStatus: "Belum Kawin", gender: "Laki-laki" });
  });
});

// Table tests for the household rules (issue 15). The form, the Maker Checker and the REST API all
// parse with familyRegistrationSchema, so the message asserted here is the one each door shows.
import { describe, expect, test } from "bun:test";
import { familyRegistrationSchema } from "./schemas/family.ts";
import { noSpecialConditions } from "./empty-family.ts";
import {
  ageInYears,
  babyNeededMessage,
  houseExclusiveMessage,
  nikBirthWarning,
  nikWarningsToConfirm,
  womanNeededMessage,
} from "./household-rules.ts";

const head = {
  nik: "3275011204850001",
  fullName: "Budi Santoso",
  relationship: "Kepala Keluarga",
  maritalStatus: "Kawin",
  gender: "Laki-laki",
  birthDate: "1985-04-12",
  occupation: "Wiraswasta",
  education: "SMA/SMK",
};
const wife = {
  ...head,
  nik: "3275015206900002",
  fullName: "Siti Aminah",
  relationship: "Istri",
  gender: "Perempuan",
  birthDate: "1990-06-12",
};
const baby = {
  ...head,
  nik: "3275010103260003",
  fullName: "Bayi",
  relationship: "Anak",
  maritalStatus: "Belum Kawin",
  birthDate: "2026-03-01",
};
const grandma = {
  ...wife,
  nik: "3275015001500004",
  fullName: "Nenek",
  relationship: "Orang Tua",
  birthDate: "1950-01-10",
};

function form(overrides: Record<string, unknown> = {}, conditions: Record<string, unknown> = {}) {
  return {
    namaKepalaKeluarga: "Budi Santoso",
    nikKepalaKeluarga: head.nik,
    nomorHp: "081234567890",
    alamatEmail: "",
    tanggalPendataan: "2026-11-20",
    address: { kecamatanId: 1, desaKelurahanId: 2, rw: "5", rt: "001" },
    members: [head, wife],
    specialConditions: { ...noSpecialConditions, ...conditions },
    waterSource: "PDAM",
    mckFacility: false,
    mckCount: 0,
    houseCriteria: {
      healthy: true,
      lessHealthy: false,
      hasTrashBin: false,
      hasDrainage: false,
      hasWaterAbsorption: false,
    },
    foodType: "Beras",
    communityActivities: { up2k: false, yardUtilization: false, homeIndustry: false, environmentalHealth: false },
    notes: "",
    agreement: true,
    ...overrides,
  };
}

function messagesAt(value: unknown, path: string): string[] {
  const result = familyRegistrationSchema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join(".") === path).map((issue) => issue.message);
}

const cases: Array<{ name: string; value: unknown; path: string; message: string | null }> = [
  {
    name: "both house criteria ticked",
    value: form({
      houseCriteria: {
        healthy: true,
        lessHealthy: true,
        hasTrashBin: false,
        hasDrainage: false,
        hasWaterAbsorption: false,
      },
    }),
    path: "houseCriteria.lessHealthy",
    message: houseExclusiveMessage,
  },
  {
    name: "pregnant without a woman",
    value: form({ members: [head] }, { pregnant: true, pregnantCount: 1 }),
    path: "specialConditions.pregnantCount",
    message: womanNeededMessage,
  },
  {
    name: "nursing with only a woman over 55",
    value: form({ members: [head, grandma] }, { nursing: true, nursingCount: 1 }),
    path: "specialConditions.nursingCount",
    message: womanNeededMessage,
  },
  {
    name: "postpartum with a woman of 36",
    value: form({}, { postpartum: true, postpartumCount: 1 }),
    path: "specialConditions.postpartumCount",
    message: null,
  },
  {
    name: "two pregnant, one woman",
    value: form({}, { pregnant: true, pregnantCount: 2 }),
    path: "specialConditions.pregnantCount",
    message: "Jumlah melebihi anggota yang memenuhi (1)",
  },
  {
    name: "newborn without a baby",
    value: form({}, { newBirth: true, newBirthCount: 1 }),
    path: "specialConditions.newBirthCount",
    message: babyNeededMessage,
  },
  {
    name: "newborn with a baby",
    value: form({ members: [head, wife, baby] }, { newBirth: true, newBirthCount: 1 }),
    path: "specialConditions.newBirthCount",
    message: null,
  },
  {
    name: "birth certificates without a baby",
    value: form({}, { birthCertificate: true, birthCertificateCount: 1 }),
    path: "specialConditions.birthCertificateCount",
    message: babyNeededMessage,
  },
  {
    name: "three blind in a family of two",
    value: form({}, { blind: true, blindCount: 3 }),
    path: "specialConditions.blindCount",
    message: "Jumlah melebihi anggota yang memenuhi (2)",
  },
  {
    name: "only member is Anak",
    value: form({ members: [{ ...head, relationship: "Anak" }] }),
    path: "members.0.relationship",
    message: "Satu anggota harus berstatus Kepala Keluarga",
  },
  {
    name: "Nomor KK of 15 digits",
    value: form({ nomorKk: "327501010101010" }),
    path: "nomorKk",
    message: "Nomor KK harus 16 digit angka",
  },
  { name: "Nomor KK of 16 digits", value: form({ nomorKk: "3275010101010101" }), path: "nomorKk", message: null },
];

describe("household rules in the shared family schema", () => {
  for (const item of cases) {
    test(item.name, () => {
      expect(messagesAt(item.value, item.path)).toEqual(item.message === null ? [] : [item.message]);
    });
  }

  test("a consistent family passes", () => {
    expect(familyRegistrationSchema.safeParse(form({ members: [head, wife, baby] })).success).toBe(true);
  });
});

describe("ageInYears", () => {
  test.each([
    ["2025-11-20", "2026-11-19", 0],
    ["2025-11-20", "2026-11-20", 1],
    ["1971-11-21", "2026-11-20", 54],
    ["1970-11-20", "2026-11-20", 56],
  ])("born %s, on %s: %d", (birth, day, age) => {
    expect(ageInYears(birth, day)).toBe(age);
  });
});

describe("NIK birth date is a warning, never a refusal", () => {
  test("agreeing NIK, man and woman (+40)", () => {
    expect(nikBirthWarning(head)).toBeNull();
    expect(nikBirthWarning(wife)).toBeNull();
  });
  test("other date", () => {
    expect(nikBirthWarning({ ...head, birthDate: "1985-04-13" })).toBe(
      "Tanggal lahir di NIK (12-04-85) berbeda dengan tanggal lahir anggota",
    );
  });
  test("other sex", () => {
    expect(nikBirthWarning({ ...wife, gender: "Laki-laki" })).toBe(
      "NIK ini menunjukkan perempuan, jenis kelamin anggota berbeda",
    );
  });
  test("the schema accepts a member whose NIK disagrees", () => {
    const odd = { ...wife, birthDate: "1991-01-01" };
    expect(familyRegistrationSchema.safeParse(form({ members: [head, odd] })).success).toBe(true);
  });
});

describe("which NIK warnings a cadre must confirm before saving", () => {
  const oddWife = { ...wife, birthDate: "1991-01-01" };
  const oddHead = { ...head, gender: "Perempuan" };
  test.each([
    ["a new record: every mismatching member", [head, oddWife], null, [1]],
    ["a new record without mismatches: none", [head, wife], null, []],
    ["a mismatching member confirmed before, as she is: none", [head, oddWife], [oddWife], []],
    ["a mismatching member the family sent, never confirmed", [head, oddWife], [], [1]],
    [
      "a confirmed member whose birth date changed again",
      [head, { ...oddWife, birthDate: "1992-02-02" }],
      [oddWife],
      [1],
    ],
    ["a changed sex that now disagrees", [oddHead, wife], [], [0]],
    [
      "a new member that disagrees",
      [head, wife, { ...head, nik: "3275011204850009", birthDate: "2001-02-03" }],
      [head, wife],
      [2],
    ],
    ["a corrected member agrees again: none", [head, wife], [oddWife], []],
  ])("%s", (_name, members, before, expected) => {
    expect(nikWarningsToConfirm(members, before).map((warning) => warning.index)).toEqual(expected);
  });
});

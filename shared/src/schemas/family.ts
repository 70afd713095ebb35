// The family registration form (SPEC §5 "Family form"): one schema for the form, tRPC and REST.
import { z } from "./zod.ts";
import {
  educations,
  foodTypes,
  genders,
  maritalStatuses,
  occupations,
  relationships,
  specialConditionKeys,
  waterSources,
} from "../enums.ts";
import { householdIssues } from "../household-rules.ts";
import { agreementSchema, emailSchema, freeText, NOTE_MAX_LENGTH, personName } from "./common.ts";
import { familyEventsSchema } from "./family-events.ts";

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** "2020-02-30" has the right shape but is no date (the database would refuse it with a 500). */
function isRealDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export { todayIso } from "../dates.ts";
import { todayIso } from "../dates.ts";

// Each required field left out of a body gets the words it gets when left empty (SPEC §5).
const nik = z
  .string({ error: "NIK harus 16 digit" })
  .trim()
  .regex(/^\d*$/, "NIK hanya boleh berisi angka")
  .length(16, "NIK harus 16 digit");

const rtRw = (name: "RT" | "RW") =>
  z
    .string({ error: `${name} wajib diisi` })
    .trim()
    .min(1, `${name} wajib diisi`)
    .max(3, `${name} maksimal 3 digit`)
    .regex(/^\d+$/, `${name} hanya boleh angka`);

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

export const familyMemberSchema = z.object({
  nik,
  fullName: personName("Nama lengkap minimal 2 karakter", "Nama lengkap maksimal 100 karakter"),
  relationship: choice(relationships, "Pilih status hubungan"),
  maritalStatus: choice(maritalStatuses, "Pilih status perkawinan"),
  gender: choice(genders, "Pilih jenis kelamin"),
  birthDate: z
    .string({ error: "Pilih tanggal lahir" })
    .regex(isoDate, "Pilih tanggal lahir")
    .refine(isRealDate, "Pilih tanggal lahir")
    .refine((value) => value <= todayIso(), "Tanggal lahir tidak boleh di masa depan"),
  occupation: choice(occupations, "Pilih pekerjaan"),
  education: choice(educations, "Pilih pendidikan terakhir"),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

const count = z
  .number({ error: "Jumlah harus berupa angka" })
  .int("Jumlah harus bilangan bulat")
  .min(0, "Jumlah tidak boleh negatif");

const conditionCount = count.max(20, "Jumlah maksimal 20");

// Written out (not generated) so every flag and count has its own static type for forms.
export const specialConditionsSchema = z
  .object({
    pregnant: z.boolean(),
    pregnantCount: conditionCount,
    blind: z.boolean(),
    blindCount: conditionCount,
    nursing: z.boolean(),
    nursingCount: conditionCount,
    motherDeath: z.boolean(),
    motherDeathCount: conditionCount,
    babyDeath: z.boolean(),
    babyDeathCount: conditionCount,
    toddlerDeath: z.boolean(),
    toddlerDeathCount: conditionCount,
    newBirth: z.boolean(),
    newBirthCount: conditionCount,
    birthCertificate: z.boolean(),
    birthCertificateCount: conditionCount,
    postpartum: z.boolean(),
    postpartumCount: conditionCount,
  })
  .superRefine((value, ctx) => {
    for (const key of specialConditionKeys) {
      if (value[key] && value[`${key}Count`] < 1) {
        ctx.addIssue({ code: "custom", path: [`${key}Count`], message: "Jumlah minimal 1" });
      }
    }
  });

export type SpecialConditions = z.infer<typeof specialConditionsSchema>;

export const houseCriteriaSchema = z.object({
  healthy: z.boolean(),
  lessHealthy: z.boolean(),
  hasTrashBin: z.boolean(),
  hasDrainage: z.boolean(),
  hasWaterAbsorption: z.boolean(),
});

export const communityActivitiesSchema = z.object({
  up2k: z.boolean(),
  yardUtilization: z.boolean(),
  homeIndustry: z.boolean(),
  environmentalHealth: z.boolean(),
});

const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

export const headRelationship = "Kepala Keluarga";

/**
 * Exactly one member is 'Kepala Keluarga', and that member is the head named above (same NIK and
 * name): the head is a member of the family like everyone else, so the NIK index covers both.
 */
function headMemberIssues(value: {
  namaKepalaKeluarga: string;
  nikKepalaKeluarga: string;
  members: Array<{ nik: string; fullName: string; relationship: string }>;
}): Array<{ path: Array<string | number>; message: string }> {
  const heads = value.members.flatMap((member, index) => (member.relationship === headRelationship ? [index] : []));
  if (value.members.length === 0) return [];
  if (heads.length === 0) {
    return [{ path: ["members", 0, "relationship"], message: "Satu anggota harus berstatus Kepala Keluarga" }];
  }
  const issues = heads.slice(1).map((index) => ({
    path: ["members", index, "relationship"],
    message: "Hanya satu anggota yang boleh berstatus Kepala Keluarga",
  }));
  const index = heads[0] ?? 0;
  const head = value.members[index];
  if (head && head.nik !== value.nikKepalaKeluarga) {
    issues.push({
      path: ["members", index, "nik"],
      message: "NIK anggota Kepala Keluarga harus sama dengan NIK kepala keluarga",
    });
  }
  if (head && !sameName(head.fullName, value.namaKepalaKeluarga)) {
    issues.push({
      path: ["members", index, "fullName"],
      message: "Nama anggota Kepala Keluarga harus sama dengan nama kepala keluarga",
    });
  }
  return issues;
}

/** The survey date's form; whether it may be after today is the writer's rule (below). */
const surveyDate = z
  .string({ error: "Tanggal pendataan wajib diisi" })
  .min(1, "Tanggal pendataan wajib diisi")
  .regex(isoDate, "Tanggal pendataan wajib diisi")
  .refine(isRealDate, "Tanggal pendataan wajib diisi");

const familyFields = z.object({
  namaKepalaKeluarga: personName("Nama kepala keluarga wajib diisi", "Nama kepala keluarga maksimal 100 karakter"),
  nikKepalaKeluarga: nik,
  nomorHp: z
    .string({ error: "Nomor HP tidak valid" })
    .trim()
    .regex(/^\d*$/, "Nomor HP hanya boleh berisi angka")
    .min(9, "Nomor HP tidak valid")
    .max(15, "Nomor HP tidak valid"),
  alamatEmail: z.union([z.literal(""), emailSchema]).default(""),
  /** Optional family card number (Kartu Keluarga), 16 digits; cadres can search by it. */
  nomorKk: z
    .union([
      z.literal(""),
      z
        .string()
        .trim()
        .regex(/^\d{16}$/, "Nomor KK harus 16 digit angka"),
    ])
    .default(""),
  // A survey dated after today would sit outside every month's recap until that day comes.
  tanggalPendataan: surveyDate.refine((value) => value <= todayIso(), "Tanggal pendataan tidak boleh di masa depan"),
  address: z.object({
    kecamatanId: z.number({ error: "Pilih kecamatan" }).int().positive("Pilih kecamatan"),
    desaKelurahanId: z.number({ error: "Pilih kelurahan" }).int().positive("Pilih kelurahan"),
    rw: rtRw("RW"),
    rt: rtRw("RT"),
  }),
  members: z
    .array(familyMemberSchema, { error: "Minimal satu anggota keluarga" })
    .min(1, "Minimal satu anggota keluarga"),
  specialConditions: specialConditionsSchema,
  waterSource: choice(waterSources, "Pilih sumber air keluarga"),
  mckFacility: z.boolean(),
  mckCount: count.max(10, "Jumlah maksimal 10"),
  houseCriteria: houseCriteriaSchema,
  foodType: choice(foodTypes, "Pilih jenis makanan pokok"),
  communityActivities: communityActivitiesSchema,
  notes: freeText(NOTE_MAX_LENGTH, "Catatan maksimal 500 karakter").default(""),
  /** Names and dates of births and deaths (Lampiran 4.18); optional, completed by the cadre. */
  events: familyEventsSchema.optional(),
  agreement: agreementSchema,
});

function familyRules(value: z.infer<typeof familyFields>, ctx: z.RefinementCtx): void {
  if (value.mckFacility && value.mckCount < 1) {
    ctx.addIssue({ code: "custom", path: ["mckCount"], message: "Jumlah minimal 1" });
  }
  for (const issue of headMemberIssues(value)) ctx.addIssue({ code: "custom", ...issue });
  for (const issue of householdIssues(value)) ctx.addIssue({ code: "custom", ...issue });
  const seen = new Map<string, number>();
  value.members.forEach((member, index) => {
    const first = seen.get(member.nik);
    if (first !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["members", index, "nik"],
        message: `NIK sama dengan anggota ke-${first + 1}`,
      });
    } else {
      seen.set(member.nik, index);
    }
  });
}

/** A family as every door writes it: the fields, the survey date not after today (WIB), the household's rules. */
export const familyRegistrationSchema = familyFields.superRefine(familyRules);

/**
 * A stored family read back (opening a record, the resident's own record). Its survey date was judged
 * when it was written: one dated later, stored before that rule, still opens; saving it asks for the date.
 */
export const storedFamilySchema = familyFields.extend({ tanggalPendataan: surveyDate }).superRefine(familyRules);

export type FamilyRegistration = z.infer<typeof familyRegistrationSchema>;
export type FamilyRegistrationInput = z.input<typeof familyRegistrationSchema>;

/** A member as the form starts it: SPEC §3 defaults; the other choices start empty. */
export interface MemberDraft {
  nik: string;
  fullName: string;
  relationship: FamilyMember["relationship"];
  maritalStatus: FamilyMember["maritalStatus"];
  gender: FamilyMember["gender"];
  birthDate: string;
  occupation: FamilyMember["occupation"] | "";
  education: FamilyMember["education"] | "";
}

/** The first member is Kepala Keluarga / Kawin / Laki-laki; added ones are Anak / Belum Kawin / Laki-laki. */
export function newMember(first: boolean): MemberDraft {
  return {
    nik: "",
    fullName: "",
    relationship: first ? "Kepala Keluarga" : "Anak",
    maritalStatus: first ? "Kawin" : "Belum Kawin",
    gender: "Laki-laki",
    birthDate: "",
    occupation: "",
    education: "",
  };
}

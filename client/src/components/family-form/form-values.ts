// What the family form holds while the resident types: the registration schema's shape with empty
// choices allowed. It also checks a draft read back from sessionStorage before it is trusted.
import { z } from "zod";
import {
  educations,
  foodTypes,
  specialConditionKeys,
  genders,
  maritalStatuses,
  occupations,
  relationships,
  waterSources,
} from "@shared/enums.ts";
import { emptyFamilyParts, noCommunityActivities, noHouseCriteria, noSpecialConditions } from "@shared/empty-family.ts";
import { communityActivitiesSchema, houseCriteriaSchema, newMember, todayIso } from "@shared/schemas/family.ts";

const orEmpty = <T extends readonly [string, ...string[]]>(values: T) => z.union([z.enum(values), z.literal("")]);

const memberValuesSchema = z.object({
  nik: z.string(),
  fullName: z.string(),
  relationship: z.enum(relationships),
  maritalStatus: z.enum(maritalStatuses),
  gender: z.enum(genders),
  birthDate: z.string(),
  occupation: orEmpty(occupations),
  education: orEmpty(educations),
});

// Every toggle and every count recovers on its own: one count left empty (NaN, which JSON stores as
// null) or typed out of range must not take the other conditions down with it. A count is kept as
// typed, out of range included, so the restored form shows its message again; an empty one comes
// back empty. Only a hidden count (its toggle off) is set to 0, as the form does when it hides one.
const flag = z.boolean().catch(false);
const typedCount = z.number().catch(Number.NaN);

const specialConditionValuesSchema = z
  .object({
    pregnant: flag,
    pregnantCount: typedCount,
    blind: flag,
    blindCount: typedCount,
    nursing: flag,
    nursingCount: typedCount,
    motherDeath: flag,
    motherDeathCount: typedCount,
    babyDeath: flag,
    babyDeathCount: typedCount,
    toddlerDeath: flag,
    toddlerDeathCount: typedCount,
    newBirth: flag,
    newBirthCount: typedCount,
    birthCertificate: flag,
    birthCertificateCount: typedCount,
    postpartum: flag,
    postpartumCount: typedCount,
  })
  .catch(() => ({ ...noSpecialConditions }))
  .transform((value) => {
    const next = { ...value };
    for (const key of specialConditionKeys) if (!next[key]) next[`${key}Count`] = 0;
    return next;
  });

export const familyFormValuesSchema = z
  .object({
    namaKepalaKeluarga: z.string().catch(""),
    nikKepalaKeluarga: z.string().catch(""),
    nomorHp: z.string().catch(""),
    alamatEmail: z.string().catch(""),
    nomorKk: z.string().catch(""),
    tanggalPendataan: z.string().catch(() => todayIso()),
    address: z
      .object({
        kecamatanId: z.number().nullable(),
        desaKelurahanId: z.number().nullable(),
        rw: z.string(),
        rt: z.string(),
      })
      .catch({ kecamatanId: null, desaKelurahanId: null, rw: "", rt: "" }),
    members: z
      .array(memberValuesSchema)
      .min(1)
      .catch(() => [newMember(true)]),
    specialConditions: specialConditionValuesSchema,
    waterSource: orEmpty(waterSources).catch(""),
    mckFacility: flag,
    mckCount: typedCount,
    houseCriteria: houseCriteriaSchema.catch(noHouseCriteria),
    foodType: orEmpty(foodTypes).catch(""),
    communityActivities: communityActivitiesSchema.catch(noCommunityActivities),
    notes: z.string().catch(""),
    agreement: z.boolean().catch(false),
  })
  .transform((value) => (value.mckFacility ? value : { ...value, mckCount: 0 }));
export type FamilyFormValues = z.infer<typeof familyFormValuesSchema>;

export function emptyFamilyForm(): FamilyFormValues {
  return {
    ...emptyFamilyParts(),
    address: { kecamatanId: null, desaKelurahanId: null, rw: "", rt: "" },
    members: [newMember(true)],
    waterSource: "",
    foodType: "",
    agreement: false,
  };
}

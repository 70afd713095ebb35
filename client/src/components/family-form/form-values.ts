// What the family form holds while the resident types: the registration schema's shape with empty
// choices allowed. It also checks a draft read back from localStorage before it is trusted.
import { z } from "zod";
import {
  educations,
  foodTypes,
  genders,
  maritalStatuses,
  occupations,
  relationships,
  waterSources,
} from "@shared/enums.ts";
import { emptyFamilyParts, noCommunityActivities, noHouseCriteria, noSpecialConditions } from "@shared/empty-family.ts";
import {
  communityActivitiesSchema,
  houseCriteriaSchema,
  newMember,
  specialConditionsSchema,
  todayIso,
} from "@shared/schemas/family.ts";

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

export const familyFormValuesSchema = z.object({
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
  // A count typed out of range is kept as it was, so the resident sees its error again.
  specialConditions: z.object(specialConditionsSchema.shape).catch(noSpecialConditions),
  waterSource: orEmpty(waterSources).catch(""),
  mckFacility: z.boolean().catch(false),
  mckCount: z.number().catch(0),
  houseCriteria: houseCriteriaSchema.catch(noHouseCriteria),
  foodType: orEmpty(foodTypes).catch(""),
  communityActivities: communityActivitiesSchema.catch(noCommunityActivities),
  notes: z.string().catch(""),
  agreement: z.boolean().catch(false),
});
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

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

const conditionsOff = {
  pregnant: false,
  pregnantCount: 0,
  blind: false,
  blindCount: 0,
  nursing: false,
  nursingCount: 0,
  motherDeath: false,
  motherDeathCount: 0,
  babyDeath: false,
  babyDeathCount: 0,
  toddlerDeath: false,
  toddlerDeathCount: 0,
  newBirth: false,
  newBirthCount: 0,
  birthCertificate: false,
  birthCertificateCount: 0,
  postpartum: false,
  postpartumCount: 0,
};
const houseOff = {
  healthy: false,
  lessHealthy: false,
  hasTrashBin: false,
  hasDrainage: false,
  hasWaterAbsorption: false,
};
const activitiesOff = { up2k: false, yardUtilization: false, homeIndustry: false, environmentalHealth: false };

export const familyFormValuesSchema = z.object({
  namaKepalaKeluarga: z.string().catch(""),
  nikKepalaKeluarga: z.string().catch(""),
  nomorHp: z.string().catch(""),
  alamatEmail: z.string().catch(""),
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
  specialConditions: z.object(specialConditionsSchema.shape).catch(conditionsOff),
  waterSource: orEmpty(waterSources).catch(""),
  mckFacility: z.boolean().catch(false),
  mckCount: z.number().catch(0),
  houseCriteria: houseCriteriaSchema.catch(houseOff),
  foodType: orEmpty(foodTypes).catch(""),
  communityActivities: communityActivitiesSchema.catch(activitiesOff),
  notes: z.string().catch(""),
  agreement: z.boolean().catch(false),
});
export type FamilyFormValues = z.infer<typeof familyFormValuesSchema>;

export function emptyFamilyForm(): FamilyFormValues {
  return {
    namaKepalaKeluarga: "",
    nikKepalaKeluarga: "",
    nomorHp: "",
    alamatEmail: "",
    tanggalPendataan: todayIso(),
    address: { kecamatanId: null, desaKelurahanId: null, rw: "", rt: "" },
    members: [newMember(true)],
    specialConditions: { ...conditionsOff },
    waterSource: "",
    mckFacility: false,
    mckCount: 0,
    houseCriteria: { ...houseOff },
    foodType: "",
    communityActivities: { ...activitiesOff },
    notes: "",
    agreement: false,
  };
}

// The empty family form, once for the public form (client/src/components/family-form) and the
// Maker Checker's new family (client/src/components/registers): every toggle off, every count 0,
// surveyed today. Zod-free data, so both forms start from the same values.
import { todayIso } from "./dates.ts";

export const noSpecialConditions = {
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

export const noHouseCriteria = {
  healthy: false,
  lessHealthy: false,
  hasTrashBin: false,
  hasDrainage: false,
  hasWaterAbsorption: false,
};

export const noCommunityActivities = {
  up2k: false,
  yardUtilization: false,
  homeIndustry: false,
  environmentalHealth: false,
};

/** The parts every empty family form shares (address, members and choices differ per form). */
export function emptyFamilyParts() {
  return {
    namaKepalaKeluarga: "",
    nikKepalaKeluarga: "",
    nomorHp: "",
    alamatEmail: "",
    nomorKk: "",
    tanggalPendataan: todayIso(),
    specialConditions: { ...noSpecialConditions },
    mckFacility: false,
    mckCount: 0,
    houseCriteria: { ...noHouseCriteria },
    communityActivities: { ...noCommunityActivities },
    notes: "",
  };
}

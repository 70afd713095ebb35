import type { DefaultValues } from "react-hook-form";
import type { PublicUser } from "@shared/schemas/auth.ts";
import { todayIso, type FamilyRegistrationInput } from "@shared/schemas/family.ts";

/** A new family entered by a cadre starts in the cadre's own area, surveyed today, with no members yet. */
export function blankFamily(user: PublicUser | null | undefined): DefaultValues<FamilyRegistrationInput> {
  return {
    namaKepalaKeluarga: "",
    nikKepalaKeluarga: "",
    nomorHp: "",
    alamatEmail: "",
    tanggalPendataan: todayIso(),
    address: {
      kecamatanId: user?.kecamatanId ?? 0,
      desaKelurahanId: user?.desaKelurahanId ?? 0,
      rw: user?.rw ?? "",
      rt: user?.rt ?? "",
    },
    members: [],
    specialConditions: {
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
    },
    mckFacility: false,
    mckCount: 0,
    houseCriteria: {
      healthy: false,
      lessHealthy: false,
      hasTrashBin: false,
      hasDrainage: false,
      hasWaterAbsorption: false,
    },
    communityActivities: { up2k: false, yardUtilization: false, homeIndustry: false, environmentalHealth: false },
    notes: "",
  };
}

import type { DefaultValues } from "react-hook-form";
import { emptyFamilyParts } from "@shared/empty-family.ts";
import type { PublicUser } from "@shared/schemas/auth.ts";
import type { FamilyRegistrationInput } from "@shared/schemas/family.ts";

/** A new family entered by a cadre starts in the cadre's own area, surveyed today, with no members yet. */
export function blankFamily(user: PublicUser | null | undefined): DefaultValues<FamilyRegistrationInput> {
  return {
    ...emptyFamilyParts(),
    address: {
      kecamatanId: user?.kecamatanId ?? 0,
      desaKelurahanId: user?.desaKelurahanId ?? 0,
      rw: user?.rw ?? "",
      rt: user?.rt ?? "",
    },
    members: [],
  };
}

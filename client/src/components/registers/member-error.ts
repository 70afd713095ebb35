import type { FamilyMember } from "@shared/schemas/family.ts";

/**
 * The message shown on a member's row when the family form refuses it: the first field's own message
 * (a head whose name differs from the family's head says so), in the order of the member form.
 */
export function memberRowError(
  errors: Partial<Record<keyof FamilyMember, { message?: string }>> | undefined,
): string | undefined {
  if (!errors) return undefined;
  const order: Array<keyof FamilyMember> = [
    "nik",
    "fullName",
    "relationship",
    "maritalStatus",
    "gender",
    "birthDate",
    "occupation",
    "education",
  ];
  for (const field of order) {
    const message = errors[field]?.message;
    if (message) return message;
  }
  return "Periksa data anggota ini";
}

// One person, one family (DESIGN §3): a NIK is held by one live family (a deleted one frees its NIKs), as its head or as a member.
// Every write path (public form, Maker Checker, REST) checks here before writing, and a race that
// slips past the check into the unique indexes is answered the same way: 409 naming the NIK.
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import type { FamilyRegistration } from "@shared/schemas/family.ts";
import type { DbOrTx } from "../../db/client.ts";
import { familyMembers, registers } from "../../db/schema/registers.ts";
import { DomainError, type FieldError } from "../common/errors.ts";
import { isUniqueViolation } from "../common/unique-violation.ts";
import { isLostAreaViolation, lostFamilyAreaError } from "../common/ward-in-kecamatan.ts";

/** Who reads the refusal: the public form tells a resident to check the status page. */
export type NikAudience = "public" | "cadre";

/** Where each NIK of the form sits, so a refusal can point at the field. */
function nikFields(form: FamilyRegistration): Array<{ nik: string; path: string[] }> {
  return [
    { nik: form.nikKepalaKeluarga, path: ["nikKepalaKeluarga"] },
    ...form.members.map((member, index) => ({ nik: member.nik, path: ["members", String(index), "nik"] })),
  ];
}

/** The first NIK of the form another live family already holds (as head or member), or null. */
export async function findTakenNik(tx: DbOrTx, form: FamilyRegistration, ownId: number | null): Promise<string | null> {
  const niks = [...new Set(nikFields(form).map((item) => item.nik))];
  const [heads, members] = await Promise.all([
    tx
      .select({ nik: registers.nikKepalaKeluarga })
      .from(registers)
      .where(
        and(
          inArray(registers.nikKepalaKeluarga, niks),
          eq(registers.formType, "family_registration"),
          isNull(registers.deletedAt),
          ownId === null ? undefined : ne(registers.id, ownId),
        ),
      ),
    tx
      .select({ nik: familyMembers.nik })
      .from(familyMembers)
      .where(
        and(
          inArray(familyMembers.nik, niks),
          isNull(familyMembers.deletedAt),
          ownId === null ? undefined : ne(familyMembers.registerId, ownId),
        ),
      ),
  ]);
  const taken = new Set([...heads, ...members].map((row) => row.nik));
  return niks.find((nik) => taken.has(nik)) ?? null;
}

export const duplicateNikMessage = (nik: string, audience: NikAudience) =>
  audience === "public"
    ? `NIK ${nik} sudah terdaftar. Keluarga ini sudah terdaftar sebelumnya, silakan cek status registrasi di halaman Cari Data.`
    : `NIK ${nik} sudah terdaftar pada keluarga lain`;

export function duplicateNikError(form: FamilyRegistration, nik: string, audience: NikAudience): DomainError {
  const fieldErrors: FieldError[] = nikFields(form)
    .filter((item) => item.nik === nik)
    .map((item) => ({ path: item.path, message: `NIK ${nik} sudah terdaftar pada keluarga lain` }));
  return new DomainError("CONFLICT", duplicateNikMessage(nik, audience), { fieldErrors });
}

/** Refuses (409) a form holding a NIK another live family already has. */
export async function assertNiksFree(
  tx: DbOrTx,
  form: FamilyRegistration,
  ownId: number | null,
  audience: NikAudience,
): Promise<void> {
  const taken = await findTakenNik(tx, form, ownId);
  if (taken) throw duplicateNikError(form, taken, audience);
}

/**
 * Runs a family write (its own transaction) and answers a race it lost as the check before it would
 * have: on a NIK unique index (two requests passed the check together, the index let only one
 * through) the same 409; on the keys of the address (its ward moved to another kecamatan or was
 * deleted meanwhile: common/ward-in-kecamatan.ts) the address's 400.
 */
export async function withLostRaces<T>(
  db: DbOrTx,
  form: FamilyRegistration,
  ownId: number | null,
  audience: NikAudience,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isLostAreaViolation(error)) throw await lostFamilyAreaError(db, form.address.desaKelurahanId);
    if (!isUniqueViolation(error)) throw error;
    const taken = await findTakenNik(db, form, ownId);
    if (taken) throw duplicateNikError(form, taken, audience);
    throw error;
  }
}

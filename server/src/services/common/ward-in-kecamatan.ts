// A family's and a user's kecamatan is their ward's: a foreign key on the pair (migration
// issue12_ward_in_kecamatan). Its violation means a ward moved to another kecamatan while the
// write was under way (the checks before it had read the old pair); the write paths answer it as
// the check would have.
import { violatedConstraint } from "../../db/sql-state.ts";
import { DomainError } from "./errors.ts";

const FOREIGN_KEY_VIOLATION = new Set(["23503"]);
const WARD_IN_KECAMATAN = new Set(["registers_ward_in_kecamatan", "users_ward_in_kecamatan"]);

export function isWardInKecamatanViolation(error: unknown): boolean {
  const name = violatedConstraint(error, FOREIGN_KEY_VIOLATION);
  return name !== undefined && WARD_IN_KECAMATAN.has(name);
}

const unknownWardMessage = "Pilih kelurahan";

/** A family form whose ward is not one of the city's (every door that writes a family). */
export function unknownWardError(): DomainError {
  return new DomainError("BAD_REQUEST", unknownWardMessage, {
    fieldErrors: [{ path: ["address", "desaKelurahanId"], message: unknownWardMessage }],
  });
}

const wardOutsideKecamatanMessage = "Kelurahan tidak berada di kecamatan yang dipilih";

/** A family form whose ward is not in the kecamatan it names (checked, or lost to a ward's move). */
export function wardOutsideKecamatanError(): DomainError {
  return new DomainError("BAD_REQUEST", wardOutsideKecamatanMessage, {
    fieldErrors: [{ path: ["address", "desaKelurahanId"], message: wardOutsideKecamatanMessage }],
  });
}

const userWardMessage = "Pilih kelurahan/desa";

/**
 * Runs a write that places a user in a ward (approval, a change of access, a cadre's sign-up): a
 * ward moved to another kecamatan after the write read it is answered as a ward that is no longer
 * there, on the ward's field.
 */
export async function withUserWardRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isWardInKecamatanViolation(error)) throw error;
    throw new DomainError("BAD_REQUEST", userWardMessage, {
      fieldErrors: [{ path: ["desaKelurahanId"], message: userWardMessage }],
    });
  }
}

// A family's and a user's kecamatan is their ward's: a foreign key on the pair (migration
// issue12_ward_in_kecamatan). Its violation means a ward moved to another kecamatan while the
// write was under way (the checks before it had read the old pair); the write paths answer it as
// the check would have. A ward or kecamatan deleted while the write was under way breaks the plain
// keys to them instead (the delete waits for writes already in the area, regions.ts, so only a
// write that reached its key after the delete meets this), answered the same way.
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { desaKelurahan } from "../../db/schema/regions.ts";
import { violatedConstraint } from "../../db/sql-state.ts";
import { DomainError } from "./errors.ts";

const FOREIGN_KEY_VIOLATION = new Set(["23503"]);
const WARD_IN_KECAMATAN = new Set(["registers_ward_in_kecamatan", "users_ward_in_kecamatan"]);

/** Every key a family's or a user's area rests on: its ward, its kecamatan, and the pair. */
const AREA_KEYS = new Set([
  ...WARD_IN_KECAMATAN,
  "registers_desa_kelurahan_id_desa_kelurahan_id_fk",
  "registers_kecamatan_id_kecamatan_id_fk",
  "users_desa_kelurahan_id_desa_kelurahan_id_fk",
  "users_kecamatan_id_kecamatan_id_fk",
]);

export function isWardInKecamatanViolation(error: unknown): boolean {
  const name = violatedConstraint(error, FOREIGN_KEY_VIOLATION);
  return name !== undefined && WARD_IN_KECAMATAN.has(name);
}

/** A family's or a user's area that was moved or deleted while the write was under way. */
export function isLostAreaViolation(error: unknown): boolean {
  const name = violatedConstraint(error, FOREIGN_KEY_VIOLATION);
  return name !== undefined && AREA_KEYS.has(name);
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

/**
 * The answer to a family write whose area key failed, as the address check gives it now: a ward
 * that is gone is unknown, one that is still there was moved to another kecamatan.
 */
export async function lostFamilyAreaError(db: DbOrTx, desaKelurahanId: number): Promise<DomainError> {
  const [ward] = await db
    .select({ id: desaKelurahan.id })
    .from(desaKelurahan)
    .where(eq(desaKelurahan.id, desaKelurahanId));
  return ward ? wardOutsideKecamatanError() : unknownWardError();
}

const userWardMessage = "Pilih kelurahan/desa";

function userWardError(): DomainError {
  return new DomainError("BAD_REQUEST", userWardMessage, {
    fieldErrors: [{ path: ["desaKelurahanId"], message: userWardMessage }],
  });
}

/**
 * Runs a write that places a user in a ward (approval, a change of access, a cadre's sign-up): a
 * ward moved to another kecamatan or deleted after the write read it is answered as a ward that is
 * no longer there, on the ward's field. A write placing the user in a kecamatan only (a change of
 * access to the kecamatan level) names its own answer for a kecamatan deleted meanwhile.
 */
export async function withUserWardRace<T>(
  write: () => Promise<T>,
  lostArea: () => DomainError = userWardError,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isLostAreaViolation(error)) throw error;
    throw lostArea();
  }
}

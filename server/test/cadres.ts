import type { UserLevel, UserRole } from "@shared/schemas/auth.ts";
import type { Db } from "../src/db/client.ts";
import type { UserRow } from "../src/db/schema/users.ts";
import { ward } from "./factories.ts";
import { createUser } from "./helpers.ts";

export interface CadrePlace {
  wardIndex?: number;
  rw?: string;
  rt?: string;
}

/**
 * An active user whose work area matches its level, the way an admin approves a cadre: an RT cadre
 * gets ward + RW + RT, an RW cadre ward + RW, a kelurahan cadre the ward, a kecamatan cadre the
 * ward's kecamatan, a kota cadre nothing more.
 */
export async function createCadre(
  db: Db,
  level: UserLevel,
  place: CadrePlace = {},
  overrides: { role?: UserRole; status?: UserRow["status"] } = {},
): Promise<UserRow> {
  const area = await ward(db, place.wardIndex ?? 0);
  const withWard = level === "rt" || level === "rw" || level === "kelurahan";
  return createUser(db, {
    role: overrides.role ?? "kader",
    status: overrides.status ?? "active",
    level,
    kecamatanId: level === "kota" ? null : area.kecamatanId,
    desaKelurahanId: withWard ? area.id : null,
    rw: level === "rt" || level === "rw" ? (place.rw ?? "005") : null,
    rt: level === "rt" ? (place.rt ?? "001") : null,
  });
}

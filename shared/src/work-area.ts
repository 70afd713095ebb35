// The work area of a user (DESIGN §5), once for the server's scope (services/registers/scope.ts) and
// the client's place filters: an admin or a city cadre works everywhere; a kecamatan, kelurahan, RW
// or RT cadre (or official) inside the area the admin confirmed. Fail closed: an incomplete area is
// no area. Pure and zod-free.
import { padRtRw } from "./rt-rw.ts";
import type { UserLevel, UserRole } from "./users.ts";

export type WorkArea =
  | { kind: "none" }
  | { kind: "all" }
  | { kind: "kecamatan"; kecamatanId: number }
  | { kind: "kelurahan"; desaKelurahanId: number }
  | { kind: "rw"; desaKelurahanId: number; rw: string }
  | { kind: "rt"; desaKelurahanId: number; rw: string; rt: string };

export interface WorkAreaUser {
  role: UserRole;
  level: UserLevel | null;
  kecamatanId: number | null;
  desaKelurahanId: number | null;
  rw: string | null;
  rt: string | null;
}

export function workAreaOf(user: WorkAreaUser): WorkArea {
  if (user.role === "admin") return { kind: "all" };
  const { desaKelurahanId, kecamatanId } = user;
  const rw = user.rw ? padRtRw(user.rw) : null;
  const rt = user.rt ? padRtRw(user.rt) : null;
  switch (user.level) {
    case "rt":
      return desaKelurahanId !== null && rw && rt ? { kind: "rt", desaKelurahanId, rw, rt } : { kind: "none" };
    case "rw":
      return desaKelurahanId !== null && rw ? { kind: "rw", desaKelurahanId, rw } : { kind: "none" };
    case "kelurahan":
      return desaKelurahanId !== null ? { kind: "kelurahan", desaKelurahanId } : { kind: "none" };
    case "kecamatan":
      return kecamatanId !== null ? { kind: "kecamatan", kecamatanId } : { kind: "none" };
    case "kota":
      return { kind: "all" };
    case null:
      return { kind: "none" };
  }
}

/** What a place filter may change inside an area: the fixed parts are shown, not editable. */
export interface PlaceLimits {
  /** Any kecamatan and ward (admins, city cadres). */
  cityWide: boolean;
  /** The ward is fixed (kelurahan, RW and RT areas). */
  ward: number | null;
  rw: string | null;
  rt: string | null;
}

export function placeLimitsOf(area: WorkArea): PlaceLimits {
  switch (area.kind) {
    case "all":
      return { cityWide: true, ward: null, rw: null, rt: null };
    case "none":
    case "kecamatan":
      return { cityWide: false, ward: null, rw: null, rt: null };
    case "kelurahan":
      return { cityWide: false, ward: area.desaKelurahanId, rw: null, rt: null };
    case "rw":
      return { cityWide: false, ward: area.desaKelurahanId, rw: area.rw, rt: null };
    case "rt":
      return { cityWide: false, ward: area.desaKelurahanId, rw: area.rw, rt: area.rt };
  }
}

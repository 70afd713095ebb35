// Which registers a user may see and act on (DESIGN §5). Every service that lists, counts, opens or
// changes registers goes through here, so the work area is decided in one place. Fail closed: a
// user whose area is incomplete sees nothing.
import { eq, type SQL } from "drizzle-orm";
import { workAreaOf, type WorkArea } from "@shared/work-area.ts";
import type { DbOrTx } from "../../db/client.ts";
import { desaKelurahan } from "../../db/schema/regions.ts";
import { registers, type RegisterRow } from "../../db/schema/registers.ts";
import { authorityOf, type Actor, type SessionUser } from "../accounts/actor.ts";
import { DomainError, forbidden, notFound } from "../common/errors.ts";
import { rollupPlace } from "../common/place-condition.ts";

/** The work area as the server scopes queries with it: shared/src/work-area.ts, the same for the client. */
export type AreaScope = WorkArea;

export interface Scope {
  area: AreaScope;
  /** Cadres and admins change data in their area; officials (aparat) only read. */
  canAct: boolean;
}

const nothing: Scope = { area: { kind: "none" }, canAct: false };

export const outsideAreaMessage = "Data ini berada di luar wilayah kerja Anda";
export const readOnlyMessage = "Akun aparat hanya dapat melihat data, tidak dapat mengubahnya";
export const readOnlyTokenMessage = "Token API ini hanya dapat membaca data";

/** A signed-in user, or a whole actor (which may carry an API token instead of a user). */
export type ScopeSubject = Actor | SessionUser | null;

const isActor = (subject: Actor | SessionUser): subject is Actor => "ip" in subject;

export function scopeOf(subject: ScopeSubject): Scope {
  if (subject && isActor(subject)) {
    // API tokens read the whole city; only a full-access token may change anything (actor.ts).
    switch (authorityOf(subject)) {
      case "admin":
        return { area: { kind: "all" }, canAct: true };
      case "read-all":
        return { area: { kind: "all" }, canAct: false };
      case "user":
      case "anonymous":
        return scopeOfUser(subject.user);
    }
  }
  return scopeOfUser(subject);
}

function scopeOfUser(user: SessionUser | null): Scope {
  if (user?.status !== "active") return nothing;
  if (user.role === "admin") return { area: { kind: "all" }, canAct: true };
  const area = workAreaOf(user);
  if (area.kind === "none") return nothing;
  return { area, canAct: user.role === "kader" };
}

/** An admin or an API token: the authority that reads cadre account registrations too. */
function cityWideAuthority(subject: ScopeSubject): boolean {
  if (!subject) return false;
  if (isActor(subject)) return authorityOf(subject) === "admin" || authorityOf(subject) === "read-all";
  return subject.role === "admin" && subject.status === "active";
}

/** Why a reader may not change anything: an official's account or a read-only API token. */
export function readOnlyMessageFor(subject: ScopeSubject): string {
  return subject && isActor(subject) && subject.apiToken ? readOnlyTokenMessage : readOnlyMessage;
}

/** The columns of `registers` that place a family (for the conditions of common/place-condition.ts). */
export const registerPlaceColumns = { desaKelurahanId: registers.desaKelurahanId, rw: registers.rw, rt: registers.rt };

/** The SQL condition on `registers` for an area (used in every list, count and lookup). */
export function scopeCondition(area: AreaScope): SQL {
  return rollupPlace(registerPlaceColumns, area);
}

/**
 * The wards a list's rows lie in when they are several but not the whole city: a kecamatan, as the
 * area or as a filter (the same wards the place conditions reach it through). Lists
 * page such a place ward by ward (page.ts pageIds); undefined for any other place.
 */
export async function wardsOfPlace(
  db: DbOrTx,
  area: AreaScope,
  filter: { kecamatanId?: number; desaKelurahanId?: number } = {},
): Promise<number[] | undefined> {
  if (filter.desaKelurahanId !== undefined) return undefined;
  const kecamatanId =
    area.kind === "kecamatan" ? area.kecamatanId : area.kind === "all" ? filter.kecamatanId : undefined;
  if (kecamatanId === undefined) return undefined;
  const wards = await db
    .select({ id: desaKelurahan.id })
    .from(desaKelurahan)
    .where(eq(desaKelurahan.kecamatanId, kecamatanId));
  return wards.map((ward) => ward.id);
}

/** Where a register (or a filter) sits: its ward, the ward's kecamatan, RW and RT. */
export interface Place {
  desaKelurahanId: number | null;
  wardKecamatanId: number | null;
  rw: string | null;
  rt: string | null;
}

/** The same rule as scopeCondition, for one register already in memory. */
export function placeInScope(area: AreaScope, place: Place): boolean {
  switch (area.kind) {
    case "none":
      return false;
    case "all":
      return true;
    case "kecamatan":
      return place.wardKecamatanId === area.kecamatanId;
    case "kelurahan":
      return place.desaKelurahanId === area.desaKelurahanId;
    case "rw":
      return place.desaKelurahanId === area.desaKelurahanId && place.rw === area.rw;
    case "rt":
      return place.desaKelurahanId === area.desaKelurahanId && place.rw === area.rw && place.rt === area.rt;
  }
}

/**
 * Whether a filter (kecamatan, ward, RW, RT, each optional) can match anything inside the area; a
 * filter naming a part of the city wholly outside the area is refused rather than answered with
 * nothing. `areaKecamatanId` is the kecamatan of a ward-bound area (null for the others).
 */
export function filterOverlapsScope(
  area: AreaScope,
  filter: Place & { kecamatanId: number | null },
  areaKecamatanId: number | null = null,
): boolean {
  if (area.kind === "none") return false;
  if (area.kind === "all") return true;
  const kecamatanOfArea = area.kind === "kecamatan" ? area.kecamatanId : areaKecamatanId;
  if (filter.kecamatanId !== null && filter.kecamatanId !== kecamatanOfArea) return false;
  switch (area.kind) {
    case "kecamatan":
      return filter.desaKelurahanId === null || filter.wardKecamatanId === area.kecamatanId;
    case "kelurahan":
      return filter.desaKelurahanId === null || filter.desaKelurahanId === area.desaKelurahanId;
    case "rw":
      return (
        (filter.desaKelurahanId === null || filter.desaKelurahanId === area.desaKelurahanId) &&
        (filter.rw === null || filter.rw === area.rw)
      );
    case "rt":
      return (
        (filter.desaKelurahanId === null || filter.desaKelurahanId === area.desaKelurahanId) &&
        (filter.rw === null || filter.rw === area.rw) &&
        (filter.rt === null || filter.rt === area.rt)
      );
  }
}

export type ScopedRegister = RegisterRow & { wardKecamatanId: number | null };

/**
 * Loads a register with its ward's kecamatan (what placeInScope needs); to act on it, locked for the
 * rest of the transaction, so the caller's version and status checks read the version its write
 * replaces (a concurrent writer waits here). A status move writes its event before the register:
 * without the lock its guarded update could still find the record moved by someone else, after the
 * event and the rollups its trigger filed were written.
 */
async function loadRegister(db: DbOrTx, registerId: number, lock: boolean): Promise<ScopedRegister | null> {
  const query = db
    .select({ register: registers, wardKecamatanId: desaKelurahan.kecamatanId })
    .from(registers)
    .leftJoin(desaKelurahan, eq(desaKelurahan.id, registers.desaKelurahanId))
    .where(eq(registers.id, registerId))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: registers }) : await query;
  return row ? { ...row.register, wardKecamatanId: row.wardKecamatanId } : null;
}

/**
 * One register the user may read ("read") or change ("act", locked until the caller's transaction
 * ends), else NOT_FOUND (missing, or outside the user's area) / FORBIDDEN (read-only) with an
 * Indonesian message. Soft-deleted rows are returned too: callers decide what a deleted row allows.
 */
export async function registerInScope(
  db: DbOrTx,
  subject: ScopeSubject,
  registerId: number,
  mode: "read" | "act",
): Promise<ScopedRegister> {
  const scope = scopeOf(subject);
  if (scope.area.kind === "none") throw forbidden();
  const row = await loadRegister(db, registerId, mode === "act");
  if (!row) throw notFound();
  // Cadre account registrations hold cadres' own data: only city-wide admin authority reaches them
  // (the same rule as visibleRegisters in policy.ts).
  if (row.formType !== "family_registration" && !cityWideAuthority(subject)) throw notFound();
  // Outside the area reads as missing, at every door (REST answers 404 too): a cadre or official
  // walking ids must not learn which families exist elsewhere.
  if (!placeInScope(scope.area, row)) throw notFound();
  if (mode === "act" && !scope.canAct) throw new DomainError("FORBIDDEN", readOnlyMessageFor(subject));
  return row;
}

async function kecamatanOfWard(db: DbOrTx, desaKelurahanId: number): Promise<number | null> {
  const [ward] = await db
    .select({ kecamatanId: desaKelurahan.kecamatanId })
    .from(desaKelurahan)
    .where(eq(desaKelurahan.id, desaKelurahanId))
    .limit(1);
  return ward?.kecamatanId ?? null;
}

/** Refuses a filter naming a kecamatan/ward/RW/RT outside the user's area (looks up wards' kecamatan). */
export async function assertFilterInScope(
  db: DbOrTx,
  scope: Scope,
  filter: { kecamatanId?: number; desaKelurahanId?: number; rw?: string; rt?: string },
): Promise<void> {
  const area = scope.area;
  if (area.kind === "none") throw forbidden();
  let wardKecamatanId: number | null = null;
  if (filter.desaKelurahanId !== undefined) {
    wardKecamatanId = await kecamatanOfWard(db, filter.desaKelurahanId);
    if (wardKecamatanId === null) throw new DomainError("BAD_REQUEST", "Kelurahan tidak ditemukan");
  }
  const wardBound = area.kind === "kelurahan" || area.kind === "rw" || area.kind === "rt";
  const areaKecamatanId =
    wardBound && filter.kecamatanId !== undefined ? await kecamatanOfWard(db, area.desaKelurahanId) : null;
  const place = {
    kecamatanId: filter.kecamatanId ?? null,
    desaKelurahanId: filter.desaKelurahanId ?? null,
    wardKecamatanId,
    rw: filter.rw ?? null,
    rt: filter.rt ?? null,
  };
  if (!filterOverlapsScope(area, place, areaKecamatanId)) throw new DomainError("FORBIDDEN", outsideAreaMessage);
}

// The read policy of registers (DESIGN §1, §5, §6): which rows an actor may see, as one SQL
// condition, and in which form (view). Every surface that reads registers (Maker Checker, validation
// queue, special-conditions monitor, dashboard, reports, REST) starts here; the presenter
// (presenter.ts) shapes each row for the view.
import { and, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { registers } from "../../db/schema/registers.ts";
import { authorityOf, type Actor } from "../accounts/actor.ts";
import { DomainError, forbidden } from "../common/errors.ts";
import { readOnlyMessageFor, scopeCondition, scopeOf, type Scope } from "./scope.ts";
import { requireCaller } from "../common/access.ts";

/**
 * full: cadres and admins in their area, and API tokens the admin issued, see everything.
 * masked: officials (aparat) see NIK, phone and e-mail masked and no health data at all.
 */
export type RegisterView = "full" | "masked";

export function viewOf(actor: Actor): RegisterView {
  if (actor.apiToken) return "full";
  return actor.user?.role === "aparat" ? "masked" : "full";
}

export const healthFilterRefusal = "Akun aparat tidak dapat melihat atau memfilter data kesehatan keluarga";

export interface ReadPolicy {
  scope: Scope;
  view: RegisterView;
}

/** The actor's area and view; an actor who may read nothing (anonymous, no area) is refused. */
export function readPolicyOf(actor: Actor): ReadPolicy {
  requireCaller(actor);
  const scope = scopeOf(actor);
  if (scope.area.kind === "none") throw forbidden();
  return { scope, view: viewOf(actor) };
}

/** Refuses an actor who may read but never change registers (officials, read-only API tokens). */
export function assertMayChange(actor: Actor): void {
  const { scope } = readPolicyOf(actor);
  if (!scope.canAct) throw new DomainError("FORBIDDEN", readOnlyMessageFor(actor));
}

export interface VisibleOptions {
  /**
   * families: family registrations only (every screen). readable: also cadre account registrations,
   * which hold cadres' own data and are readable only with city-wide admin authority (REST).
   */
  forms?: "families" | "readable";
  /** Soft-deleted rows instead of live ones (the admin's restore list). */
  deleted?: boolean;
}

/**
 * THE condition of what an actor may see: its area (level and work area; city-wide for admins and
 * API tokens), live rows (or deleted ones, for admins), family registrations (cadre registrations
 * too for admin authority). Throws for an actor who may see nothing.
 */
/** Whether "readable" rows include the cadres' own registrations (city-wide admin authority). */
export function readsCadreForms(actor: Actor): boolean {
  return authorityOf(actor) !== "user";
}

/**
 * Whether the actor's readable rows (visibleRegisters with forms "readable") are every live row:
 * admins and API tokens. Their condition then holds no value (no area, no form type) that could
 * make one plan right for some callers and wrong for others.
 */
export function readsEveryLiveRow(actor: Actor): boolean {
  return readPolicyOf(actor).scope.area.kind === "all" && readsCadreForms(actor);
}

export function visibleRegisters(actor: Actor, options: VisibleOptions = {}): SQL {
  const { scope } = readPolicyOf(actor);
  if (options.deleted && authorityOf(actor) !== "admin")
    throw forbidden("Hanya admin yang dapat melihat data terhapus");
  const cadreForms = options.forms === "readable" && readsCadreForms(actor);
  const where = and(
    scopeCondition(scope.area),
    options.deleted ? isNotNull(registers.deletedAt) : isNull(registers.deletedAt),
    cadreForms ? undefined : eq(registers.formType, "family_registration"),
  );
  if (!where) throw new Error("visibleRegisters: empty condition");
  return where;
}

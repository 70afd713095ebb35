// The read policy of registers (DESIGN §1, §5, §6): which rows an actor may see, as one SQL
// condition, and in which form (view). Every surface that reads registers (Maker Checker, validation
// queue, special-conditions monitor, dashboard, reports, REST) starts here; the presenter
// (presenter.ts) shapes each row for the view.
import { and, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { ConditionFilter } from "@shared/schemas/workflow.ts";
import type { RegisterStatus } from "@shared/status.ts";
import type { DbOrTx } from "../../db/client.ts";
import { registers } from "../../db/schema/registers.ts";
import { authorityOf, type Actor } from "../accounts/actor.ts";
import { DomainError, forbidden } from "../common/errors.ts";
import {
  placeCondition,
  placeShape,
  placeWithValues,
  type PlaceFilter,
  type PlaceShape,
} from "../common/place-condition.ts";
import { conditionCondition } from "./filters.ts";
import {
  readOnlyMessageFor,
  registerInScope,
  registerPlaceColumns,
  scopeOf,
  type Scope,
  type ScopedRegister,
} from "./scope.ts";
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

/**
 * What a list reads, as data: the reader's place (narrowed by a list's place filter), live or
 * deleted rows, which forms, and optionally statuses and a special condition. Written as SQL with its
 * values (selectionCondition), or once per shape with placeholders for the place's values (a page
 * statement kept prepared, page.ts): both texts come from here, so the read policy is written once.
 */
export interface RegisterSelection {
  place: PlaceShape;
  deleted: boolean;
  /** Family registrations only; false: cadre account registrations too (city-wide admin authority). */
  familiesOnly: boolean;
  statuses?: readonly RegisterStatus[];
  condition?: ConditionFilter;
}

/** Soft-deleted families are for admins only (their restore list), whichever door reads them. */
const readsDeleted = (actor: Actor): boolean => authorityOf(actor) === "admin";

export const deletedRecordMessage = "Data ini sudah dihapus";

/**
 * One family register the actor may read: in their area (registerInScope), and live unless the actor
 * reads deleted ones. Every read of one record (open, revisions, history) goes through here, so a
 * deleted family's data is no more readable through its edits or its history than through its page.
 */
export async function readableRegister(db: DbOrTx, actor: Actor, registerId: number): Promise<ScopedRegister> {
  const row = await registerInScope(db, actor, registerId, "read");
  if (row.deletedAt !== null && !readsDeleted(actor)) throw new DomainError("NOT_FOUND", deletedRecordMessage);
  return row;
}

export interface SelectionOptions extends VisibleOptions {
  filter?: PlaceFilter;
  statuses?: readonly RegisterStatus[];
  condition?: ConditionFilter;
}

/** THE rows an actor may see (see visibleRegisters), narrowed by a list's filters. */
export function visibleSelection(actor: Actor, options: SelectionOptions = {}): RegisterSelection {
  const { scope } = readPolicyOf(actor);
  if (options.deleted && !readsDeleted(actor)) throw forbidden("Hanya admin yang dapat melihat data terhapus");
  return {
    place: placeShape(scope.area, options.filter),
    deleted: options.deleted === true,
    familiesOnly: !(options.forms === "readable" && readsCadreForms(actor)),
    ...(options.statuses ? { statuses: options.statuses } : {}),
    ...(options.condition ? { condition: options.condition } : {}),
  };
}

/** Everything that decides a selection's text but its place's values. */
export function selectionShapeKey(selection: RegisterSelection): string {
  return [
    selection.place.key,
    selection.deleted ? "deleted" : "live",
    selection.familiesOnly ? "families" : "readable",
    selection.statuses?.join(",") ?? "*",
    selection.condition ?? "*",
  ].join("|");
}

/**
 * The selection as a condition on registers: with its place's values written in, or with
 * placeholders `place0`, `place1`, … for them (selection.place.values fills those).
 */
export function selectionCondition(selection: RegisterSelection, values: "inline" | "placeholders"): SQL {
  const where = and(
    values === "inline"
      ? placeWithValues(registerPlaceColumns, selection.place)
      : placeCondition(registerPlaceColumns, selection.place),
    selection.deleted ? isNotNull(registers.deletedAt) : isNull(registers.deletedAt),
    // The form type, statuses and condition are written into the text, never as parameters: they
    // name the partial indexes' predicates, which a plan made once for every value (a prepared
    // statement's generic plan) can use only when it sees them. As parameters, an RW's monthly
    // report at 1,000,000 families took 25 ms once PostgreSQL switched to its generic plan, 0.4 ms
    // through the live index.
    selection.familiesOnly ? eq(registers.formType, "family_registration").inlineParams() : undefined,
    selection.statuses ? inArray(registers.status, [...selection.statuses]).inlineParams() : undefined,
    selection.condition ? conditionCondition(selection.condition) : undefined,
  );
  if (!where) throw new Error("selectionCondition: empty condition");
  return where;
}

/**
 * THE condition of what an actor may see: its area (level and work area; city-wide for admins and
 * API tokens), live rows (or deleted ones, for admins), family registrations (cadre registrations
 * too for admin authority). Throws for an actor who may see nothing.
 */
export function visibleRegisters(actor: Actor, options: VisibleOptions = {}): SQL {
  return selectionCondition(visibleSelection(actor, options), "inline");
}

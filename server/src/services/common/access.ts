// Who may call a service at all, decided once for every service and transport: a signed-in user,
// any caller with authority (a user or an API token), an admin (an active admin user or a
// full-access API token, services/accounts/actor.ts). Area and level rules live in the domains.
import { actsAsAdmin, authorityOf, type Actor, type SessionUser } from "../accounts/actor.ts";
import { DomainError, forbidden } from "./errors.ts";

export const signInMessage = "Silakan masuk terlebih dahulu";

/** A signed-in user (API tokens are not users). */
export function signedInUser(actor: Actor): SessionUser {
  if (!actor.user) throw new DomainError("UNAUTHORIZED", signInMessage);
  return actor.user;
}

/** A signed-in user or an API token; anonymous callers are refused. */
export function requireCaller(actor: Actor): void {
  if (authorityOf(actor) === "anonymous") throw new DomainError("UNAUTHORIZED", signInMessage);
}

/**
 * An active admin or a full-access API token: the one meaning of "admin" in every service.
 * "Forbidden" is Strapi's word (REST); tRPC callers are stopped earlier by adminProcedure in Indonesian.
 */
export function requireAdmin(actor: Actor): void {
  if (!actsAsAdmin(actor)) throw forbidden("Forbidden");
}

/** An admin who is a person (user management, API tokens: the acting admin is named in the rows). */
export function requireAdminUser(actor: Actor): SessionUser {
  const user = signedInUser(actor);
  requireAdmin(actor);
  return user;
}

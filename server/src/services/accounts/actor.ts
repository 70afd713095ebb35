import type { UserRow } from "../../db/schema/users.ts";

/** What a service needs to know about who is asking: the signed-in user (if any) and where from. */
export type SessionUser = Omit<UserRow, "passwordHash">;

/** An admin-issued API token used on the REST layer (rest/bearer.ts). */
export interface ApiTokenGrant {
  id: number;
  access: "read-only" | "full-access";
  /** Set when the token was named from an earlier check and this request must still prove it live. */
  check?: TokenCheck;
}

/**
 * A token this request has yet to prove live (rest/bearer.ts): a read whose rows carry
 * api-tokens.ts apiTokenStillLive, and that stamps the token's use as the bearer check would,
 * proves it by returning a row (`confirm`); otherwise the bearer middleware checks the token again
 * before the answer leaves, and answers 401 instead if it no longer lives.
 */
export class TokenCheck {
  confirmed = false;
  constructor(readonly hash: string) {}
  confirm(): void {
    this.confirmed = true;
  }
}

export interface Actor {
  user: SessionUser | null;
  ip: string;
  /** Set by the bearer middleware for third parties; `user` is then null. */
  apiToken?: ApiTokenGrant | null;
}

export const anonymousActor = (ip = "unknown"): Actor => ({ user: null, ip });

/**
 * The one rule for API tokens: a full-access token may do what an admin may (city-wide), a
 * read-only token may read city-wide and never write. Every permission check asks this.
 */
export type Authority = "admin" | "read-all" | "user" | "anonymous";

export function authorityOf(actor: Actor): Authority {
  if (actor.apiToken) return actor.apiToken.access === "full-access" ? "admin" : "read-all";
  if (!actor.user) return "anonymous";
  return actor.user.role === "admin" && actor.user.status === "active" ? "admin" : "user";
}

/** An active admin or a full-access API token. */
export const actsAsAdmin = (actor: Actor): boolean => authorityOf(actor) === "admin";

/** Who to name in audit rows and events: the user id (null for tokens and anonymous callers). */
export const actorUserId = (actor: Actor): number | null => actor.user?.id ?? null;

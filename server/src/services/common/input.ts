// Shared first steps of the cadre-workspace services: parse the shared zod schema into a DomainError
// with field errors, and require a signed-in user.
import type { ZodType } from "zod";
import type { Actor, SessionUser } from "../accounts/actor.ts";
import { DomainError } from "./errors.ts";

export function parseInput<T>(schema: ZodType<T>, raw: unknown): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const fieldErrors = result.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
  throw new DomainError("BAD_REQUEST", fieldErrors.map((error) => error.message).join(", "), { fieldErrors });
}

export function signedInUser(actor: Actor): SessionUser {
  if (!actor.user) throw new DomainError("UNAUTHORIZED", "Silakan masuk terlebih dahulu");
  return actor.user;
}

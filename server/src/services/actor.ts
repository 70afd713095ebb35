import type { UserRow } from "../db/schema/users.ts";

/** What a service needs to know about who is asking: the signed-in user (if any) and where from. */
export type SessionUser = Omit<UserRow, "passwordHash">;

export interface Actor {
  user: SessionUser | null;
  ip: string;
}

export const anonymousActor = (ip = "unknown"): Actor => ({ user: null, ip });

import { lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { passwordResets } from "../../db/schema/auth-tokens.ts";
import { idempotencyKeys } from "../../db/schema/idempotency.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { captchaNonces, rateLimits } from "../../db/schema/support.ts";
import { purgeOutbox } from "../mail/outbox-worker.ts";

export interface PruneCounts {
  sessions: number;
  captchaNonces: number;
  idempotencyKeys: number;
  rateLimits: number;
  passwordResets: number;
  mail: number;
}

/**
 * Deletes what can no longer be used: expired sessions and reset codes (they are refused anyway),
 * captcha nonces past their token's expiry (the token itself is then refused), idempotency keys past
 * their retry window, rate-limit windows that have ended, mail older than the outbox keeps it. Safe to run on several instances at once.
 */
export async function pruneExpired(db: Db, now: Date = new Date()): Promise<PruneCounts> {
  const removed = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    sessions: await removed(db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })),
    captchaNonces: await removed(
      db.delete(captchaNonces).where(lt(captchaNonces.expiresAt, now)).returning({ nonce: captchaNonces.nonce }),
    ),
    idempotencyKeys: await removed(
      db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now)).returning({ key: idempotencyKeys.key }),
    ),
    rateLimits: await removed(
      db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, now)).returning({ key: rateLimits.key }),
    ),
    passwordResets: await removed(
      db.delete(passwordResets).where(lt(passwordResets.expiresAt, now)).returning({ id: passwordResets.id }),
    ),
    mail: await purgeOutbox(db, now),
  };
}

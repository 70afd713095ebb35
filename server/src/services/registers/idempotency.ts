// Idempotency keys of the family creates (the public form, the cadre's Maker Checker, REST): a
// request sent again after its answer was lost (a phone that went offline) gets the family it
// created back, instead of a second family or a refusal naming its own NIK as taken.
import { eq, lte, sql } from "drizzle-orm";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { DbOrTx } from "../../db/client.ts";
import { idempotencyKeys } from "../../db/schema/idempotency.ts";
import { DomainError } from "../common/errors.ts";

/** How long a key answers with its family; housekeeping deletes it after. */
export const IDEMPOTENCY_TTL_HOURS = 24;

export const keyReusedMessage = "Pengiriman ini sudah dipakai untuk data lain. Muat ulang halaman lalu kirim kembali.";

/** What identifies a request's content under its key: the same key with other data is refused. */
export function requestHash(content: unknown): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(JSON.stringify(content))));
}

/**
 * Takes `key` for this request inside the caller's transaction, or answers the family an earlier
 * request with the same key and content created. Taken first: a concurrent request with the same
 * key waits here for the first to commit, then finds its family. A key past its retry window is
 * taken over.
 */
export async function claimIdempotencyKey(
  tx: DbOrTx,
  key: string,
  hash: string,
): Promise<{ earlierRegisterId: number } | null> {
  const expiresAt = sql`now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`;
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ key, requestHash: hash, expiresAt })
    .onConflictDoUpdate({
      target: idempotencyKeys.key,
      set: { requestHash: hash, registerId: null, createdAt: sql`now()`, expiresAt },
      setWhere: lte(idempotencyKeys.expiresAt, sql`now()`),
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return null;
  const [earlier] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  if (!earlier?.registerId) {
    throw new DomainError("CONFLICT", "Pengiriman yang sama sedang diproses. Silakan tunggu sebentar.");
  }
  assertSameRequest(earlier.requestHash, hash);
  return { earlierRegisterId: earlier.registerId };
}

/** A key seen before answers only the same content. */
export function assertSameRequest(storedHash: unknown, hash: string): void {
  if (storedHash !== hash) throw new DomainError("CONFLICT", keyReusedMessage);
}

/** Ties the key to the family its request created (written in the same transaction). */
export function settleIdempotencyKey(tx: DbOrTx, key: string, registerId: number) {
  return tx.update(idempotencyKeys).set({ registerId }).where(eq(idempotencyKeys.key, key));
}

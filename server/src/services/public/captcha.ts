// Server-issued arithmetic captchas: a signed, expiring token whose answer only the server can check,
// usable once (its nonce is recorded when answered).
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { lt, sql } from "drizzle-orm";
import { createHmac, randomInt } from "node:crypto";
import type { DbOrTx } from "../../db/client.ts";
import { captchaNonces } from "../../db/schema/support.ts";
import { isCaptchaKind, type CaptchaChallenge, type CaptchaKind } from "@shared/schemas/captcha.ts";
import { DomainError } from "../common/errors.ts";

const LIFETIME_MS = 10 * 60 * 1000;

interface Puzzle {
  question: string;
  answer: number;
}

const between = (min: number, max: number) => randomInt(min, max + 1);

// Operand ranges per form are those of SPEC §5 and §9.
const puzzles: Record<CaptchaKind, () => Puzzle> = {
  sum: () => {
    const a = between(1, 10);
    const b = between(1, 10);
    return { question: `${a} + ${b}`, answer: a + b };
  },
  family: () => {
    const a = between(1, 10);
    const b = between(1, 10);
    if (randomInt(2) === 0) return { question: `${a} + ${b}`, answer: a + b };
    const [big, small] = a >= b ? [a, b] : [b, a];
    return { question: `${big} - ${small}`, answer: big - small };
  },
  search: () => {
    const operation = randomInt(3);
    if (operation === 0) {
      const a = between(1, 50);
      const b = between(1, 50);
      return { question: `${a} + ${b}`, answer: a + b };
    }
    if (operation === 1) {
      const a = between(25, 74);
      const b = between(1, Math.min(50, a - 1));
      return { question: `${a} - ${b}`, answer: a - b };
    }
    const a = between(1, 10);
    const b = between(1, 10);
    return { question: `${a} × ${b}`, answer: a * b };
  },
};

interface TokenPayload {
  nonce: string;
  kind: CaptchaKind;
  expiresAt: number;
}

// HMAC-SHA256 by the runtime's native crypto: 0.8 us instead of the pure-JS 4.8 us, paid by every
// captcha issued and checked; the same bytes, so tokens issued before stay valid.
function mac(secret: string, payload: TokenPayload, answer: number): Uint8Array {
  return createHmac("sha256", secret)
    .update(`${payload.nonce}.${payload.kind}.${payload.expiresAt}.${answer}`)
    .digest();
}

export function issueCaptcha(secret: string, kind: CaptchaKind, now = Date.now()): CaptchaChallenge {
  const puzzle = puzzles[kind]();
  const nonceBytes = new Uint8Array(16);
  crypto.getRandomValues(nonceBytes);
  const payload: TokenPayload = { nonce: encodeBase64urlNoPadding(nonceBytes), kind, expiresAt: now + LIFETIME_MS };
  const encodedPayload = encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(payload)));
  const token = `${encodedPayload}.${encodeBase64urlNoPadding(mac(secret, payload, puzzle.answer))}`;
  return {
    token,
    question: `Berapa hasil dari ${puzzle.question}?`,
    expiresAt: new Date(payload.expiresAt).toISOString(),
  };
}

function decodePayload(token: string): { payload: TokenPayload; signature: Uint8Array } | null {
  const [encodedPayload, encodedSignature] = token.split(".");
  if (!encodedPayload || !encodedSignature) return null;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(encodedPayload)));
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      "nonce" in parsed &&
      typeof parsed.nonce === "string" &&
      "kind" in parsed &&
      typeof parsed.kind === "string" &&
      isCaptchaKind(parsed.kind) &&
      "expiresAt" in parsed &&
      typeof parsed.expiresAt === "number"
    ) {
      return {
        payload: { nonce: parsed.nonce, kind: parsed.kind, expiresAt: parsed.expiresAt },
        signature: decodeBase64urlIgnorePadding(encodedSignature),
      };
    }
  } catch {
    return null;
  }
  return null;
}

/** A captcha refusal on the form's captcha field. */
export function captchaRefusal(message: string): DomainError {
  return new DomainError("BAD_REQUEST", message, { fieldErrors: [{ path: ["captcha"], message }] });
}

export const CAPTCHA_USED_MESSAGE = "Captcha sudah dipakai, silakan muat soal baru";

/**
 * The checks of an answer that need no database (signature, kind, expiry): answers the nonce to
 * burn, or throws the refusal. `wrongMessage` is the form's own message
 * ('Silakan selesaikan captcha', 'Jawaban penjumlahan salah', 'Captcha belum benar').
 */
export function checkCaptcha(
  secret: string,
  input: { token: string; answer: number; expectedKind: CaptchaKind; wrongMessage: string },
  now = Date.now(),
): { nonce: string; expiresAt: Date } {
  const decoded = decodePayload(input.token);
  if (!decoded || decoded.payload.kind !== input.expectedKind) throw captchaRefusal(input.wrongMessage);
  const { payload, signature } = decoded;
  if (!Number.isInteger(input.answer) || !constantTimeEqual(signature, mac(secret, payload, input.answer))) {
    throw captchaRefusal(input.wrongMessage);
  }
  if (now > payload.expiresAt) throw captchaRefusal("Captcha sudah kedaluwarsa, silakan muat soal baru");
  return { nonce: payload.nonce, expiresAt: new Date(payload.expiresAt) };
}

/** Checks an answer and burns the captcha (its nonce is recorded; a second use is refused). */
export async function verifyCaptcha(
  db: DbOrTx,
  secret: string,
  input: { token: string; answer: number; expectedKind: CaptchaKind; wrongMessage: string },
  now = Date.now(),
): Promise<void> {
  const { nonce, expiresAt } = checkCaptcha(secret, input, now);
  await db.delete(captchaNonces).where(lt(captchaNonces.expiresAt, sql`now()`));
  const inserted = await db
    .insert(captchaNonces)
    .values({ nonce, expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: captchaNonces.nonce });
  if (inserted.length === 0) throw captchaRefusal(CAPTCHA_USED_MESSAGE);
}

/**
 * The live right/wrong hint of the search page: checks an answer without using the captcha up
 * (the final submit still verifies and burns it). Callers rate-limit it, per IP and per token.
 */
export function checkCaptchaAnswer(
  secret: string,
  input: { token: string; answer: number; expectedKind: CaptchaKind },
  now = Date.now(),
): boolean {
  const decoded = decodePayload(input.token);
  if (!decoded || decoded.payload.kind !== input.expectedKind || now > decoded.payload.expiresAt) return false;
  return (
    Number.isInteger(input.answer) && constantTimeEqual(decoded.signature, mac(secret, decoded.payload, input.answer))
  );
}

/** The token's nonce, for per-captcha counters (null for a malformed token). */
export function captchaNonce(token: string): string | null {
  return decodePayload(token)?.payload.nonce ?? null;
}

// Server-issued arithmetic captchas: a signed, expiring token whose answer only the server can check,
// usable once (its nonce is recorded when answered).
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sql, type SQL } from "drizzle-orm";
import { createHmac, randomInt } from "node:crypto";
import type { DbOrTx } from "../../db/client.ts";
import { compiledStatement } from "../../db/compiled.ts";
import { resultRows } from "../../db/raw-rows.ts";
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

/**
 * A wrong answer to a genuine, unexpired captcha: `spent` is the nonce its caller burns before it
 * answers, so one question allows one guess (DESIGN §6, single use), as a right answer allows one use.
 */
export class WrongCaptchaAnswer extends DomainError {
  constructor(
    message: string,
    readonly spent: { nonce: string; expiresAt: Date },
  ) {
    super("BAD_REQUEST", message, { fieldErrors: [{ path: ["captcha"], message }] });
  }
}

export const CAPTCHA_USED_MESSAGE = "Captcha sudah dipakai, silakan muat soal baru";

/** The largest answer each kind's puzzles have (their operand ranges above). */
const largestAnswer: Record<CaptchaKind, number> = { sum: 20, family: 20, search: 100 };

/**
 * Whether the server signed this payload: the signature covers the answer, so a wrong answer is
 * told from a forged token by trying every answer the kind can have (at most 101 HMACs, ~0.1 ms,
 * paid only by a wrong answer). Only a genuine token's nonce is burned: a forged one could name
 * any nonce and any expiry.
 */
function signedByUs(secret: string, payload: TokenPayload, signature: Uint8Array): boolean {
  for (let answer = 0; answer <= largestAnswer[payload.kind]; answer += 1) {
    if (constantTimeEqual(signature, mac(secret, payload, answer))) return true;
  }
  return false;
}

/**
 * The checks of an answer that need no database (signature, kind, expiry): answers the nonce to
 * burn, or throws the refusal (a WrongCaptchaAnswer when the caller has a nonce to burn).
 * `wrongMessage` is the form's own message ('Silakan selesaikan captcha', 'Jawaban penjumlahan
 * salah', 'Captcha belum benar').
 */
export function checkCaptcha(
  secret: string,
  input: { token: string; answer: number; expectedKind: CaptchaKind; wrongMessage: string },
  now = Date.now(),
): { nonce: string; expiresAt: Date } {
  const decoded = decodePayload(input.token);
  if (!decoded || decoded.payload.kind !== input.expectedKind) throw captchaRefusal(input.wrongMessage);
  const { payload, signature } = decoded;
  const expired = now > payload.expiresAt;
  if (!Number.isInteger(input.answer) || !constantTimeEqual(signature, mac(secret, payload, input.answer))) {
    if (expired || !signedByUs(secret, payload, signature)) throw captchaRefusal(input.wrongMessage);
    throw new WrongCaptchaAnswer(input.wrongMessage, { nonce: payload.nonce, expiresAt: new Date(payload.expiresAt) });
  }
  if (expired) throw captchaRefusal("Captcha sudah kedaluwarsa, silakan muat soal baru");
  return { nonce: payload.nonce, expiresAt: new Date(payload.expiresAt) };
}

/**
 * Expired nonces each use of a captcha deletes, oldest first: more than the one it adds, so the
 * table holds about the unexpired ones (housekeeping prunes whatever is left). Deleting every expired
 * nonce, as the status search did, read the deleted but not yet vacuumed ones again on every use (a
 * bitmap scan never marks index entries dead): with 15,000 of them and 2,000 expired waiting, one
 * sweep read 14,280 index entries (0.8 ms) and the search statement alone took 1.5 ms instead of 0.9
 * (pgbench, p50). Read in index order with a limit, the scan marks what it passes as dead and stops;
 * skip locked, so two uses never wait for each other's sweep.
 */
const NONCES_SWEPT_PER_USE = 4;

/**
 * The CTEs `swept` and `burned` of a statement that uses a captcha up (its values the placeholders
 * `nonce` and `expiresAt`), when `allowed` holds: a few expired nonces are deleted (rows another use
 * is sweeping are skipped) and the nonce recorded; `burned` is empty when it was used before.
 * Written into the statement of its caller (a rate limit, a lookup) so all of it is one round trip.
 */
export function nonceBurnCtes(allowed: SQL): SQL {
  return sql`swept as (
      delete from ${captchaNonces} where ${captchaNonces.nonce} in (
        select ${captchaNonces.nonce} from ${captchaNonces} where ${captchaNonces.expiresAt} < now()
        order by ${captchaNonces.expiresAt} limit ${sql.raw(String(NONCES_SWEPT_PER_USE))} for update skip locked
      ) and ${allowed}
    ), burned as (
      insert into ${captchaNonces} (nonce, expires_at)
      select ${sql.placeholder("nonce")}::text, ${sql.placeholder("expiresAt")}::timestamptz
      where ${allowed}
      on conflict do nothing returning nonce
    )`;
}

const burnStatement = compiledStatement(
  () => sql`with ${nonceBurnCtes(sql`true`)} select count(*)::int as burned from burned`,
);

/** Records a captcha's nonce as used; false when it was used before. */
async function burn(db: DbOrTx, spent: { nonce: string; expiresAt: Date }): Promise<boolean> {
  const [row] = resultRows(await burnStatement(db, { nonce: spent.nonce, expiresAt: spent.expiresAt.toISOString() }));
  return Number(row?.burned) !== 0;
}

/** Burns the captcha a wrong answer spent (nothing for other errors), so the refusal can be thrown. */
export async function spendWrongAnswer(db: DbOrTx, error: unknown): Promise<void> {
  if (error instanceof WrongCaptchaAnswer) await burn(db, error.spent);
}

/**
 * Checks an answer and burns the captcha (its nonce is recorded; a second use is refused). A wrong
 * answer burns it too: the form asks a new question for the next try.
 */
export async function verifyCaptcha(
  db: DbOrTx,
  secret: string,
  input: { token: string; answer: number; expectedKind: CaptchaKind; wrongMessage: string },
  now = Date.now(),
): Promise<void> {
  let checked: { nonce: string; expiresAt: Date };
  try {
    checked = checkCaptcha(secret, input, now);
  } catch (error) {
    await spendWrongAnswer(db, error);
    throw error;
  }
  if (!(await burn(db, checked))) throw captchaRefusal(CAPTCHA_USED_MESSAGE);
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

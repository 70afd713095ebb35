import { isIPv4 } from "node:net";
import { and, eq, or, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type {
  ForgotPasswordInput,
  LoginInput,
  PublicUser,
  ResetPasswordInput,
  SignedInUser,
} from "@shared/schemas/auth.ts";
import { forgotPasswordInput, loginInput, resetPasswordInput } from "@shared/schemas/auth.ts";
import { withAreaNames } from "./area-names.ts";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./passwords.ts";
import { addressKey, consumeRateLimit, reserveRateLimitSlot } from "../common/rate-limit.ts";
import { rateLimitAddress } from "../../trust-proxy.ts";
import { createSession, generateSessionToken, invalidateSession, invalidateUserSessions } from "./sessions.ts";
import { emailOutbox, passwordResets } from "../../db/schema/auth-tokens.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { users, type UserRow } from "../../db/schema/users.ts";
import type { Actor, SessionUser } from "./actor.ts";
import { verifyCaptcha } from "../public/captcha.ts";
import { DomainError } from "../common/errors.ts";
import { logQueuedMail, outboxRow, type MailConfig } from "../mail/mail.ts";
import { assertStrongPassword } from "./password-strength.ts";
import { parseInput } from "../common/input.ts";

export function toPublicUser(user: SessionUser | UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    role: user.role,
    status: user.status,
    fullName: user.fullName,
    phone: user.phone,
    nip: user.nip,
    jabatan: user.jabatan,
    level: user.level,
    kecamatanId: user.kecamatanId,
    desaKelurahanId: user.desaKelurahanId,
    rw: user.rw,
    rt: user.rt,
  };
}

const tooManyLogins = "Terlalu banyak percobaan login. Silakan coba lagi nanti";

const statusMessages: Record<Exclude<UserRow["status"], "active">, string> = {
  pending: "Akun Anda masih menunggu verifikasi admin. Silakan coba lagi setelah akun disetujui.",
  rejected: "Pendaftaran akun Anda ditolak. Hubungi admin PKK untuk informasi lebih lanjut.",
  blocked: "Akun Anda diblokir. Hubungi admin PKK untuk informasi lebih lanjut.",
};

export interface LoginResult {
  user: SignedInUser;
  token: string;
  /** null for a browser-session cookie ("remember me" off). */
  cookieExpiresAt: Date | null;
}

/**
 * Checks rate limits, captcha, password and account status, then starts a new session (a fresh
 * token at every login; the session the browser had, if any, is revoked).
 */
export const invalidCredentials = "Email atau password salah";

/** Rate-limit keys name an account by a hash of its email: the table holds no address, typed or real. */
function emailKey(email: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(email))).slice(0, 32);
}

/** Wrong passwords one network may try against one account in an hour. */
const accountFailures = { limit: 10, windowSeconds: 3600, message: tooManyLogins };

/** The network a sign-in comes from: its IPv4 /24 or IPv6 /64, so rotating within it gains nothing. */
function sourceNetwork(ip: string): string {
  const address = rateLimitAddress(ip);
  return isIPv4(address) ? `${address.split(".").slice(0, 3).join(".")}.0/24` : address;
}

/**
 * The per-account counter of failed passwords from one network: failures from
 * elsewhere never reach the owner's own counter, so a stranger cannot lock the account; from a
 * network past its limit the password is no longer tried (nor its right answer told).
 */
function accountFailuresKey(email: string, ip: string): string {
  return `login:account:${emailKey(email)}:net:${sourceNetwork(ip)}`;
}

/**
 * Rate limits, captcha, password and account status: the checks every sign-in (form, REST, OAuth
 * excepted) goes through. Returns the active user. Every attempt counts against the address (10 a
 * minute); only a wrong password, after the captcha, counts against the account, per network.
 */
export async function authenticate(
  db: Db,
  actor: Actor,
  rawEmail: string,
  password: string,
  beforePassword?: () => Promise<void>,
): Promise<UserRow> {
  const email = rawEmail.trim().toLowerCase();
  await consumeRateLimit(db, addressKey("login", actor.ip), { limit: 10, windowSeconds: 60, message: tooManyLogins });
  if (beforePassword) await beforePassword();
  // The account's limit takes a place before the password is checked and keeps it only for a
  // wrong one (see reserveRateLimitSlot for why): checking the count and counting after the
  // password let a burst sent at one moment have every password checked. A right password gives
  // its place back, so it never counts, and its own attempt never refuses it; attempts in flight
  // hold places meanwhile, so from one network more than the places left of one account's limit
  // at the very same moment may be answered 429 even with the right password (a person retries).
  const slot = await reserveRateLimitSlot(db, accountFailuresKey(email, actor.ip), accountFailures);
  let user: UserRow | undefined;
  let passwordOk: boolean;
  try {
    user = await findUserByIdentifier(db, rawEmail);
    passwordOk = user?.passwordHash
      ? await verifyPassword(password, user.passwordHash)
      : await verifyAgainstNothing(password);
  } catch (error) {
    // Not a wrong password: the place goes back (if the database still answers).
    await slot.release().catch(() => undefined);
    throw error;
  }
  if (!user || !passwordOk) throw new DomainError("BAD_REQUEST", invalidCredentials);
  await slot.release();
  assertActive(user);
  return user;
}

export function assertActive(user: UserRow): void {
  if (user.status !== "active") throw new DomainError("FORBIDDEN", statusMessages[user.status]);
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user;
}

/** Strapi's `identifier`: an e-mail address (any case) or the exact username. */
export async function findUserByIdentifier(db: DbOrTx, identifier: string): Promise<UserRow | undefined> {
  const trimmed = identifier.trim();
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.email})`, trimmed.toLowerCase()), eq(users.username, trimmed)))
    // An e-mail match wins over somebody else's username that happens to look like it.
    .orderBy(sql`lower(${users.email}) = ${trimmed.toLowerCase()} desc`)
    .limit(1);
  return user;
}

/** Starts a fresh session for `user` (rotation: the session the browser had, if any, is revoked). */
export async function startSession(db: Db, userId: number, persistent: boolean, previousSessionId: string | null) {
  if (previousSessionId) await invalidateSession(db, previousSessionId);
  const token = generateSessionToken();
  const session = await createSession(db, token, userId, { persistent });
  return { token, cookieExpiresAt: persistent ? session.expiresAt : null };
}

/**
 * Checks rate limits, captcha, password and account status, then starts a new session (a fresh
 * token at every login; the session the browser had, if any, is revoked).
 */
export async function login(
  db: Db,
  secret: string,
  actor: Actor,
  rawInput: LoginInput,
  previousSessionId: string | null,
): Promise<LoginResult> {
  const input = parseInput(loginInput, rawInput);
  const user = await authenticate(db, actor, input.email, input.password, () =>
    verifyCaptcha(db, secret, {
      token: input.captcha.token,
      answer: input.captcha.answer,
      expectedKind: "sum",
      wrongMessage: "Jawaban penjumlahan salah",
    }),
  );
  const { token, cookieExpiresAt } = await startSession(db, user.id, input.rememberMe, previousSessionId);
  return { user: await withAreaNames(db, toPublicUser(user)), token, cookieExpiresAt };
}

export async function logout(db: Db, sessionId: string | null): Promise<void> {
  if (sessionId) await invalidateSession(db, sessionId);
}

// ─── Password reset ─────────────────────────────────────────────────────────────────────────
const RESET_LIFETIME_MS = 60 * 60 * 1000;
const tooManyResets = "Terlalu banyak permintaan reset password. Silakan coba lagi nanti";
export const forgotPasswordAnswer =
  "Jika email tersebut terdaftar, kami telah mengirim tautan untuk mengatur ulang password. Periksa kotak masuk Anda.";
export const badResetCode = "Kode reset tidak valid atau sudah kedaluwarsa";

function resetCodeHash(code: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(code)));
}

type MailEnv = MailConfig & { APP_ORIGIN: string };

/**
 * Password recovery runs a few calls at a time per process: a burst of forgot/reset requests then
 * waits its turn outside the database pool instead of queueing its queries ahead of everyone
 * else's sign-in (issue 14). A person's single request never waits in practice.
 */
const RECOVERY_CONCURRENCY = 2;
/** Beyond this many waiting calls a burst is answered 429 at once rather than queued in memory. */
const RECOVERY_QUEUE_MAX = 200;
const recoveryLimit = pLimit(RECOVERY_CONCURRENCY);

function recoveryLane<T>(work: () => Promise<T>): Promise<T> {
  if (recoveryLimit.pendingCount >= RECOVERY_QUEUE_MAX) {
    return Promise.reject(new DomainError("TOO_MANY_REQUESTS", tooManyResets, { retryAfterSeconds: 10 }));
  }
  return recoveryLimit(work);
}

/** Counts an attempt; false (never an error) once the limit is passed, for limits that must stay silent. */
async function silentlyWithinLimit(db: DbOrTx, key: string, rule: { limit: number; windowSeconds: number }) {
  try {
    await consumeRateLimit(db, key, { ...rule, message: tooManyResets });
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/**
 * Queues a reset link when the email belongs to an active account. Every email costs the same
 * work in the request (both limits, the lookup, a fresh code) and gets the same answer; the mail
 * itself leaves later through the outbox worker, so neither the answer nor its timing tells who
 * is registered (issue 14).
 */
export function forgotPassword(db: Db, config: MailEnv, actor: Actor, rawInput: ForgotPasswordInput): Promise<void> {
  const input = parseInput(forgotPasswordInput, rawInput);
  return recoveryLane(() => queueResetLink(db, config, actor, input));
}

async function queueResetLink(db: Db, config: MailEnv, actor: Actor, input: ForgotPasswordInput): Promise<void> {
  const email = input.email.toLowerCase();
  await consumeRateLimit(db, addressKey("forgot", actor.ip), {
    limit: 10,
    windowSeconds: 3600,
    message: tooManyResets,
  });
  const user = await findUserByEmail(db, email);
  const code = generateSessionToken() + generateSessionToken();
  const link = `${new URL(config.APP_ORIGIN).origin}/kader-pkk/reset-password?code=${code}`;
  const message = {
    to: user?.email ?? email,
    subject: "Atur ulang password Portal PKK",
    text: [
      `Halo ${user?.fullName ?? ""},`,
      "",
      "Kami menerima permintaan untuk mengatur ulang password akun Portal PKK Anda.",
      "Buka tautan berikut dalam 1 jam untuk membuat password baru:",
      link,
      "",
      "Jika Anda tidak meminta ini, abaikan email ini; password Anda tidak berubah.",
    ].join("\n"),
    link,
  };
  const mail = outboxRow(config, message);
  // The same statements and one write-commit for every email: the per-account count is written
  // either way, and one statement stores the code's hash and queues the sealed mail only when the
  // account is due one, so an unknown address costs what a known one costs.
  const due = await db.transaction(async (tx) => {
    const accountAllowed = await silentlyWithinLimit(tx, `forgot:account:${emailKey(email)}`, {
      limit: 3,
      windowSeconds: 3600,
    });
    const active = user?.status === "active" && accountAllowed;
    // A newer link replaces the earlier ones (Strapi keeps one resetPasswordToken): only the mail
    // just queued opens the account. Part of the one statement, so every email still costs the same.
    await tx.execute(sql`
      with superseded as (
        delete from ${passwordResets} where ${passwordResets.userId} = ${user?.id ?? 0} and ${active}::boolean
      ),
      reset as (
        insert into ${passwordResets} (id, user_id, expires_at)
        select ${resetCodeHash(code)}, ${user?.id ?? 0}, ${new Date(Date.now() + RESET_LIFETIME_MS).toISOString()}::timestamptz
        where ${active}::boolean
        returning user_id
      )
      insert into ${emailOutbox} ("to", subject, body)
      select ${mail.to}, ${mail.subject}, ${mail.body} from reset`);
    return active;
  });
  if (due) logQueuedMail(config, message);
}

const badCode = () =>
  new DomainError("BAD_REQUEST", badResetCode, { fieldErrors: [{ path: ["code"], message: badResetCode }] });

/**
 * Sets a new password with a valid code of an active account; the code is burnt and every session
 * of the user ends. Codes also die at a newer request, a password change and a block.
 * The code is checked first (one hash lookup), so a stream of wrong codes costs no argon2 work,
 * and attempts are limited per address and per account.
 */
export function resetPassword(db: Db, actor: Actor, rawInput: ResetPasswordInput): Promise<UserRow> {
  const input = parseInput(resetPasswordInput, rawInput);
  return recoveryLane(() => applyReset(db, actor, input));
}

async function applyReset(db: Db, actor: Actor, input: ResetPasswordInput): Promise<UserRow> {
  await consumeRateLimit(db, addressKey("reset", actor.ip), { limit: 20, windowSeconds: 3600, message: tooManyResets });
  const codeHash = resetCodeHash(input.code);
  const [pending] = await db
    .select({ userId: passwordResets.userId, expiresAt: passwordResets.expiresAt, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.id, codeHash));
  // An account that is not active (blocked, or anything but active) is never reset: its code is
  // answered as a wrong one, so neither door sets a password or, on REST, starts a session.
  if (!pending || pending.expiresAt.getTime() <= Date.now() || pending.user.status !== "active") throw badCode();
  await consumeRateLimit(db, `reset:account:${pending.userId}`, {
    limit: 5,
    windowSeconds: 3600,
    message: tooManyResets,
  });
  await assertStrongPassword(input.password, pending.user);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // Deleting first makes the code single use even when two requests race.
    const [reset] = await tx.delete(passwordResets).where(eq(passwordResets.id, codeHash)).returning();
    if (!reset || reset.expiresAt.getTime() <= Date.now()) throw badCode();
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, reset.userId), eq(users.status, "active")))
      .returning();
    if (!user) throw badCode();
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await invalidateUserSessions(tx, user.id);
    return user;
  });
}

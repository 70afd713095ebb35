import { eq, or, sql } from "drizzle-orm";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { ForgotPasswordInput, LoginInput, PublicUser, ResetPasswordInput } from "@shared/schemas/auth.ts";
import { forgotPasswordInput, loginInput, resetPasswordInput } from "@shared/schemas/auth.ts";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "./passwords.ts";
import { consumeRateLimit } from "../common/rate-limit.ts";
import { createSession, generateSessionToken, invalidateSession, invalidateUserSessions } from "./sessions.ts";
import { passwordResets } from "../../db/schema/auth-tokens.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { users, type UserRow } from "../../db/schema/users.ts";
import type { Actor, SessionUser } from "./actor.ts";
import { verifyCaptcha } from "../public/captcha.ts";
import { DomainError } from "../common/errors.ts";
import { sendMail } from "../mail/mail.ts";
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
  user: PublicUser;
  token: string;
  /** null for a browser-session cookie ("remember me" off). */
  cookieExpiresAt: Date | null;
}

/**
 * Checks rate limits, captcha, password and account status, then starts a new session (a fresh
 * token at every login; the session the browser had, if any, is revoked).
 */
export const invalidCredentials = "Email atau password salah";

/**
 * Rate limits (per IP and per account), password and account status: the checks every sign-in
 * (form, REST, OAuth excepted) goes through. Returns the active user.
 */
export async function authenticate(
  db: Db,
  actor: Actor,
  rawEmail: string,
  password: string,
  beforePassword?: () => Promise<void>,
): Promise<UserRow> {
  const email = rawEmail.trim().toLowerCase();
  await consumeRateLimit(db, `login:ip:${actor.ip}`, { limit: 10, windowSeconds: 60, message: tooManyLogins });
  await consumeRateLimit(db, `login:account:${email}`, { limit: 100, windowSeconds: 3600, message: tooManyLogins });
  if (beforePassword) await beforePassword();
  const user = await findUserByIdentifier(db, rawEmail);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstNothing(password);
  if (!user || !passwordOk) throw new DomainError("BAD_REQUEST", invalidCredentials);
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
  return { user: toPublicUser(user), token, cookieExpiresAt };
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

type MailEnv = Parameters<typeof sendMail>[1] & { APP_ORIGIN: string };

/**
 * Sends a reset link when the email belongs to an active account. The caller gets the same
 * answer either way (and the per-account limit is silent), so the form cannot tell who is registered.
 */
export async function forgotPassword(
  db: Db,
  config: MailEnv,
  actor: Actor,
  rawInput: ForgotPasswordInput,
): Promise<void> {
  const input = parseInput(forgotPasswordInput, rawInput);
  const email = input.email.toLowerCase();
  await consumeRateLimit(db, `forgot:ip:${actor.ip}`, { limit: 10, windowSeconds: 3600, message: tooManyResets });
  const user = await findUserByEmail(db, email);
  if (user?.status !== "active") return;
  try {
    await consumeRateLimit(db, `forgot:account:${email}`, { limit: 3, windowSeconds: 3600, message: tooManyResets });
  } catch (error) {
    if (error instanceof DomainError) return;
    throw error;
  }
  const code = generateSessionToken() + generateSessionToken();
  await db
    .insert(passwordResets)
    .values({ id: resetCodeHash(code), userId: user.id, expiresAt: new Date(Date.now() + RESET_LIFETIME_MS) });
  const link = `${new URL(config.APP_ORIGIN).origin}/kader-pkk/reset-password?code=${code}`;
  await sendMail(db, config, {
    to: user.email,
    subject: "Atur ulang password Portal PKK",
    text: [
      `Halo ${user.fullName},`,
      "",
      "Kami menerima permintaan untuk mengatur ulang password akun Portal PKK Anda.",
      `Buka tautan berikut dalam 1 jam untuk membuat password baru:`,
      link,
      "",
      "Jika Anda tidak meminta ini, abaikan email ini; password Anda tidak berubah.",
    ].join("\n"),
    link,
  });
}

/** Sets a new password with a valid code; the code is burnt and every session of the user ends. */
export async function resetPassword(db: Db, rawInput: ResetPasswordInput): Promise<UserRow> {
  const input = parseInput(resetPasswordInput, rawInput);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    // Deleting first makes the code single use even when two requests race.
    const [reset] = await tx
      .delete(passwordResets)
      .where(eq(passwordResets.id, resetCodeHash(input.code)))
      .returning();
    if (!reset || reset.expiresAt.getTime() <= Date.now()) {
      throw new DomainError("BAD_REQUEST", badResetCode, { fieldErrors: [{ path: ["code"], message: badResetCode }] });
    }
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, reset.userId))
      .returning();
    if (!user) throw new DomainError("BAD_REQUEST", badResetCode);
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await invalidateUserSessions(tx, user.id);
    return user;
  });
}

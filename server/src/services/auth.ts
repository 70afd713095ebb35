import { eq, sql } from "drizzle-orm";
import type { LoginInput, PublicUser } from "@shared/schemas/auth.ts";
import { loginInput } from "@shared/schemas/auth.ts";
import { verifyAgainstNothing, verifyPassword } from "../auth/password.ts";
import { consumeRateLimit } from "../auth/rate-limit.ts";
import { createSession, generateSessionToken, invalidateSession } from "../auth/session.ts";
import type { Db } from "../db/client.ts";
import { users, type UserRow } from "../db/schema/users.ts";
import type { Actor, SessionUser } from "./actor.ts";
import { verifyCaptcha } from "./captcha.ts";
import { DomainError } from "./errors.ts";

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
export async function login(
  db: Db,
  secret: string,
  actor: Actor,
  rawInput: LoginInput,
  previousSessionId: string | null,
): Promise<LoginResult> {
  const input = loginInput.parse(rawInput);
  const email = input.email.toLowerCase();
  await consumeRateLimit(db, `login:ip:${actor.ip}`, { limit: 10, windowSeconds: 60, message: tooManyLogins });
  await consumeRateLimit(db, `login:account:${email}`, { limit: 100, windowSeconds: 3600, message: tooManyLogins });
  await verifyCaptcha(db, secret, {
    token: input.captcha.token,
    answer: input.captcha.answer,
    expectedKind: "sum",
    wrongMessage: "Jawaban penjumlahan salah",
  });

  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email));
  const passwordOk = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstNothing(input.password);
  if (!user || !passwordOk) throw new DomainError("BAD_REQUEST", "Email atau password salah");
  if (user.status !== "active") throw new DomainError("FORBIDDEN", statusMessages[user.status]);

  if (previousSessionId) await invalidateSession(db, previousSessionId);
  const token = generateSessionToken();
  const session = await createSession(db, token, user.id, { persistent: input.rememberMe });
  return { user: toPublicUser(user), token, cookieExpiresAt: input.rememberMe ? session.expiresAt : null };
}

export async function logout(db: Db, sessionId: string | null): Promise<void> {
  if (sessionId) await invalidateSession(db, sessionId);
}

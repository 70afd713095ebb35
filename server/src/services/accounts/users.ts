// Accounts after registration: the admin's cadre queue (approve/reject), the users list
// (search, filter, block/unblock) and each user's own profile and password.
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import {
  changePasswordInput,
  profileUpdateInput,
  type ChangePasswordInput,
  type ProfileUpdateInput,
  type PublicUser,
} from "@shared/schemas/auth.ts";
import { padRtRw } from "@shared/schemas/common.ts";
import {
  approveKaderInput,
  rejectKaderInput,
  userListInput,
  type ApproveKaderInput,
  type RejectKaderInput,
  type UserListInput,
} from "@shared/schemas/users.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { invalidateUserSessions } from "./sessions.ts";
import { revokeApiTokensCreatedBy } from "./api-tokens.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { passwordResets } from "../../db/schema/auth-tokens.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { writeTransaction } from "../../db/write-transaction.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import { users, type UserRow } from "../../db/schema/users.ts";
import type { Env } from "../../env.ts";
import type { Actor, SessionUser } from "./actor.ts";
import { startSession, toPublicUser } from "./sign-in.ts";
import { audit } from "../audit/audit-log.ts";
import { DomainError, notFound } from "../common/errors.ts";
import { queueMail } from "../mail/mail.ts";
import { assertStrongPassword } from "./password-strength.ts";
import { requireAdminUser as requireAdmin, signedInUser } from "../common/access.ts";
import { parseInput } from "../common/input.ts";
import { withUserWardRace } from "../common/ward-in-kecamatan.ts";

type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "NODE_ENV" | "LOG_LEVEL" | "APP_ORIGIN" | "APP_SECRET">;

// ─── Cadre approval queue ───────────────────────────────────────────────────────────────────
export interface PendingKader {
  user: PublicUser & { nik: string | null; createdAt: string };
  kecamatanNama: string | null;
  kelurahanNama: string | null;
  registration: {
    id: number;
    registrationNumber: string;
    status: string;
    dataRegister: Record<string, unknown>;
  } | null;
}

/**
 * The admin's approval queue: each applicant's full NIK and their family's registration (special
 * conditions included), so, like every other full read of a register, it writes one register.read
 * row (`surface: pending-kader`, the registrations' ids) before the answer leaves.
 */
export async function listPendingKader(db: Db, actor: Actor): Promise<PendingKader[]> {
  requireAdmin(actor);
  const rows = await db
    .select({ user: users, kecamatanNama: kecamatan.nama, kelurahanNama: desaKelurahan.nama, register: registers })
    .from(users)
    .leftJoin(kecamatan, eq(users.kecamatanId, kecamatan.id))
    .leftJoin(desaKelurahan, eq(users.desaKelurahanId, desaKelurahan.id))
    .leftJoin(registers, and(eq(registers.createdBy, users.id), eq(registers.formType, "kader_registration")))
    .where(and(eq(users.role, "kader"), eq(users.status, "pending")))
    .orderBy(asc(users.createdAt));
  if (rows.length > 0) {
    await audit(db, actor, {
      action: "register.read",
      entity: "registers",
      details: { surface: "pending-kader", ids: rows.flatMap((row) => (row.register ? [row.register.id] : [])) },
    });
  }
  return rows.map((row) => ({
    user: { ...toPublicUser(row.user), nik: row.user.nik, createdAt: row.user.createdAt.toISOString() },
    kecamatanNama: row.kecamatanNama,
    kelurahanNama: row.kelurahanNama,
    registration: row.register
      ? {
          id: row.register.id,
          registrationNumber: row.register.registrationNumber,
          status: row.register.status,
          dataRegister: row.register.dataRegister,
        }
      : null,
  }));
}

async function pendingKader(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (user?.role !== "kader") throw notFound("Kader tidak ditemukan");
  if (user.status !== "pending") throw new DomainError("CONFLICT", "Pendaftaran kader ini sudah diproses");
  return user;
}

/** The user's row, held until the transaction ends: the 'before' of the audit row is what was changed. */
async function lockedUser(tx: DbOrTx, userId: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  return row;
}

/** What an approval decides (the same fields as user.access, and the status it opens). */
const accessOf = (user: UserRow) => ({
  status: user.status,
  role: user.role,
  level: user.level,
  kecamatanId: user.kecamatanId,
  desaKelurahanId: user.desaKelurahanId,
  rw: user.rw,
  rt: user.rt,
});

/** The audit row of an admin opening or closing an account: rejection, block, unblock. */
function auditStatus(
  tx: DbOrTx,
  actor: Actor,
  change: { userId: number; from: UserRow["status"]; to: UserRow["status"]; reason?: string },
): Promise<void> {
  return audit(tx, actor, {
    action: "user.status",
    entity: "users",
    entityId: change.userId,
    details: {
      before: { status: change.from },
      after: { status: change.to },
      ...(change.reason === undefined ? {} : { reason: change.reason }),
    },
  });
}

async function moveKaderRegister(
  tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
  userId: number,
  admin: SessionUser,
  to: "APPROVED" | "REJECTED",
  note: string | null,
) {
  const moved = await tx
    .update(registers)
    .set({ status: to, updatedAt: new Date(), version: sql`${registers.version} + 1` })
    .where(and(eq(registers.createdBy, userId), eq(registers.formType, "kader_registration")))
    .returning({ id: registers.id, from: registers.status });
  for (const register of moved) {
    await tx.insert(registerEvents).values({
      registerId: register.id,
      actorId: admin.id,
      level: "admin",
      fromStatus: "SUBMITTED",
      toStatus: to,
      note,
    });
  }
}

export async function approveKader(
  db: Db,
  config: MailEnv,
  actor: Actor,
  rawInput: ApproveKaderInput,
): Promise<PublicUser> {
  const admin = requireAdmin(actor);
  const input = parseInput(approveKaderInput, rawInput);
  const user = await pendingKader(db, input.userId);
  const [ward] = await db.select().from(desaKelurahan).where(eq(desaKelurahan.id, input.desaKelurahanId));
  if (!ward)
    throw new DomainError("BAD_REQUEST", "Pilih kelurahan/desa", {
      fieldErrors: [{ path: ["desaKelurahanId"], message: "Pilih kelurahan/desa" }],
    });
  const needsRw = input.level === "rt" || input.level === "rw";
  const approved = await withUserWardRace(() =>
    writeTransaction(db, async (tx) => {
      const before = await lockedUser(tx, user.id);
      const [row] = await tx
        .update(users)
        .set({
          status: "active",
          level: input.level,
          kecamatanId: ward.kecamatanId,
          desaKelurahanId: ward.id,
          rw: needsRw && input.rw ? padRtRw(input.rw) : null,
          rt: input.level === "rt" && input.rt ? padRtRw(input.rt) : null,
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, user.id), eq(users.status, "pending")))
        .returning();
      if (!row || !before) throw new DomainError("CONFLICT", "Pendaftaran kader ini sudah diproses");
      await moveKaderRegister(tx, user.id, admin, "APPROVED", null);
      await audit(tx, actor, {
        action: "user.approve",
        entity: "users",
        entityId: row.id,
        details: { before: accessOf(before), after: accessOf(row) },
      });
      return row;
    }),
  );
  await queueMail(db, config, {
    to: approved.email,
    subject: "Akun Kader PKK Anda telah disetujui",
    text: [
      `Halo ${approved.fullName},`,
      "",
      "Pendaftaran Anda sebagai Kader PKK telah disetujui admin. Anda sekarang dapat masuk:",
      `${new URL(config.APP_ORIGIN).origin}/kader-pkk/login`,
    ].join("\n"),
  });
  return toPublicUser(approved);
}

export async function rejectKader(
  db: Db,
  config: MailEnv,
  actor: Actor,
  rawInput: RejectKaderInput,
): Promise<PublicUser> {
  const admin = requireAdmin(actor);
  const input = parseInput(rejectKaderInput, rawInput);
  const user = await pendingKader(db, input.userId);
  const rejected = await writeTransaction(db, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ status: "rejected", updatedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.status, "pending")))
      .returning();
    if (!row) throw new DomainError("CONFLICT", "Pendaftaran kader ini sudah diproses");
    await moveKaderRegister(tx, user.id, admin, "REJECTED", input.reason);
    await auditStatus(tx, actor, { userId: row.id, from: "pending", to: "rejected", reason: input.reason });
    return row;
  });
  await queueMail(db, config, {
    to: rejected.email,
    subject: "Pendaftaran Kader PKK Anda ditolak",
    text: [
      `Halo ${rejected.fullName},`,
      "",
      "Mohon maaf, pendaftaran Anda sebagai Kader PKK ditolak admin.",
      `Alasan: ${input.reason}`,
    ].join("\n"),
  });
  return toPublicUser(rejected);
}

// ─── Users list, block/unblock ──────────────────────────────────────────────────────────────
export interface UserListResult {
  /** With the names of the work area's kecamatan and kelurahan (the table's 'Wilayah Kerja' column). */
  items: Array<PublicUser & { createdAt: string; kecamatanNama: string | null; desaKelurahanNama: string | null }>;
  total: number;
  page: number;
  pageSize: number;
}

export async function listUsers(db: Db, actor: Actor, rawInput: UserListInput): Promise<UserListResult> {
  requireAdmin(actor);
  const input = parseInput(userListInput, rawInput);
  const conditions: SQL[] = [];
  if (input.search) {
    const pattern = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(users.fullName, pattern), ilike(users.email, pattern), ilike(users.username, pattern));
    if (match) conditions.push(match);
  }
  if (input.role) conditions.push(eq(users.role, input.role));
  if (input.status) conditions.push(eq(users.status, input.status));
  if (input.kecamatanId) conditions.push(eq(users.kecamatanId, input.kecamatanId));
  if (input.desaKelurahanId) conditions.push(eq(users.desaKelurahanId, input.desaKelurahanId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select({ user: users, kecamatanNama: kecamatan.nama, desaKelurahanNama: desaKelurahan.nama })
    .from(users)
    .leftJoin(kecamatan, eq(users.kecamatanId, kecamatan.id))
    .leftJoin(desaKelurahan, eq(users.desaKelurahanId, desaKelurahan.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    items: rows.map((row) => ({
      ...toPublicUser(row.user),
      createdAt: row.user.createdAt.toISOString(),
      kecamatanNama: row.kecamatanNama,
      desaKelurahanNama: row.desaKelurahanNama,
    })),
    total: totalRow?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Blocking ends every session and reset link of the user at once and revokes the API tokens they created. */
export async function blockUser(db: Db, actor: Actor, userId: number): Promise<PublicUser> {
  const admin = requireAdmin(actor);
  if (admin.id === userId) throw new DomainError("BAD_REQUEST", "Anda tidak dapat memblokir akun Anda sendiri");
  return db.transaction(async (tx) => {
    const before = await lockedUser(tx, userId);
    if (!before) throw notFound("Pengguna tidak ditemukan");
    const [row] = await tx
      .update(users)
      .set({ status: "blocked", updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw notFound("Pengguna tidak ditemukan");
    await invalidateUserSessions(tx, userId);
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await revokeApiTokensCreatedBy(tx, userId);
    await auditStatus(tx, actor, { userId, from: before.status, to: "blocked" });
    return toPublicUser(row);
  });
}

export async function unblockUser(db: Db, actor: Actor, userId: number): Promise<PublicUser> {
  requireAdmin(actor);
  return db.transaction(async (tx) => {
    // Only a blocked account changes here, so 'before' is always blocked.
    const [row] = await tx
      .update(users)
      .set({ status: "active", updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.status, "blocked")))
      .returning();
    if (!row) throw new DomainError("CONFLICT", "Hanya akun yang diblokir yang dapat dibuka blokirnya");
    await auditStatus(tx, actor, { userId, from: "blocked", to: "active" });
    return toPublicUser(row);
  });
}

// ─── Own profile ────────────────────────────────────────────────────────────────────────────
/**
 * Changes the fields given and keeps the others (REST sends only what changes, as Strapi's user
 * update does: an account without a phone could not change its name when a missing phone was
 * checked as an empty one).
 */
export async function updateProfile(db: Db, actor: Actor, rawInput: Partial<ProfileUpdateInput>): Promise<PublicUser> {
  const self = signedInUser(actor);
  const input = parseInput(profileUpdateInput.partial(), rawInput);
  const [row] = await db
    .update(users)
    .set({ fullName: input.fullName, phone: input.phone, updatedAt: new Date() })
    .where(eq(users.id, self.id))
    .returning();
  if (!row) throw notFound("Pengguna tidak ditemukan");
  return toPublicUser(row);
}

export const wrongCurrentPassword = "Password lama salah";

/**
 * Needs the old password; every session of the user ends, and every reset link. The caller's own
 * session goes on under a new token, as persistent as it was (DESIGN §6: rotation at a password
 * change, so a token copied before the change no longer works); answered for the caller's cookie.
 */
export async function changePassword(
  db: Db,
  actor: Actor,
  rawInput: ChangePasswordInput,
  currentSessionId: string | null,
): Promise<{ token: string; cookieExpiresAt: Date | null } | null> {
  const self = signedInUser(actor);
  const input = parseInput(changePasswordInput, rawInput);
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, self.id));
  if (!row?.passwordHash || !(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw new DomainError("BAD_REQUEST", wrongCurrentPassword, {
      fieldErrors: [{ path: ["currentPassword"], message: wrongCurrentPassword }],
    });
  }
  await assertStrongPassword(input.password, self);
  const passwordHash = await hashPassword(input.password);
  const current = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, self.id));
    // A reset link mailed before the change would undo it.
    await tx.delete(passwordResets).where(eq(passwordResets.userId, self.id));
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, self.id))
      .returning({ id: sessions.id, persistent: sessions.persistent });
    return ended.find((session) => session.id === currentSessionId) ?? null;
  });
  return current ? startSession(db, self.id, current.persistent, null) : null;
}

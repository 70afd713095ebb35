// The admin's changes to an existing account beyond approval: role, level and work area (audited;
// the session reads the user row on every request, so a change applies at the user's next request),
// and a password-reset mail sent through the same path as 'Lupa password'.
import { eq } from "drizzle-orm";
import { padRtRw } from "@shared/schemas/common.ts";
import { updateUserAccessInput, type UpdateUserAccessInput } from "@shared/schemas/users.ts";
import type { PublicUser } from "@shared/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { users } from "../../db/schema/users.ts";
import type { Actor } from "./actor.ts";
import { forgotPassword } from "./sign-in.ts";
import { toPublicUser } from "./sign-in.ts";
import { audit } from "../audit/audit-log.ts";
import { requireAdminUser as requireAdmin } from "../common/access.ts";
import { DomainError, notFound } from "../common/errors.ts";
import { parseInput } from "../common/input.ts";
import { withUserWardRace } from "../common/ward-in-kecamatan.ts";

type MailConfig = Parameters<typeof forgotPassword>[1];

const ownRoleMessage = "Anda tidak dapat mengubah peran akun Anda sendiri";
const wardMessage = "Pilih kelurahan/desa";
const kecamatanMessage = "Pilih kecamatan";

function unknownKecamatanError(): DomainError {
  return new DomainError("BAD_REQUEST", kecamatanMessage, {
    fieldErrors: [{ path: ["kecamatanId"], message: kecamatanMessage }],
  });
}

export async function updateUserAccess(db: Db, actor: Actor, rawInput: UpdateUserAccessInput): Promise<PublicUser> {
  const admin = requireAdmin(actor);
  const input = parseInput(updateUserAccessInput, rawInput);
  if (input.userId === admin.id && input.role !== "admin") throw new DomainError("BAD_REQUEST", ownRoleMessage);
  const [before] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!before) throw notFound("Pengguna tidak ditemukan");

  // Only the parts of the area the level uses are kept; the kecamatan follows from the ward.
  const level = input.role === "admin" ? null : input.level;
  let kecamatanId: number | null = null;
  let desaKelurahanId: number | null = null;
  if (level === "rt" || level === "rw" || level === "kelurahan") {
    const [ward] = await db
      .select()
      .from(desaKelurahan)
      .where(eq(desaKelurahan.id, input.desaKelurahanId ?? 0));
    if (!ward)
      throw new DomainError("BAD_REQUEST", wardMessage, {
        fieldErrors: [{ path: ["desaKelurahanId"], message: wardMessage }],
      });
    kecamatanId = ward.kecamatanId;
    desaKelurahanId = ward.id;
  } else if (level === "kecamatan") {
    const [district] = await db
      .select()
      .from(kecamatan)
      .where(eq(kecamatan.id, input.kecamatanId ?? 0));
    if (!district) throw unknownKecamatanError();
    kecamatanId = district.id;
  }
  const next = {
    role: input.role,
    level,
    kecamatanId,
    desaKelurahanId,
    rw: (level === "rt" || level === "rw") && input.rw ? padRtRw(input.rw) : null,
    rt: level === "rt" && input.rt ? padRtRw(input.rt) : null,
  };
  // An area deleted (or a ward moved) after the reads above is answered as those reads would.
  const lostArea = level === "kecamatan" ? unknownKecamatanError : undefined;
  return withUserWardRace(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(users.id, before.id))
          .returning();
        if (!row) throw notFound("Pengguna tidak ditemukan");
        const previous = {
          role: before.role,
          level: before.level,
          kecamatanId: before.kecamatanId,
          desaKelurahanId: before.desaKelurahanId,
          rw: before.rw,
          rt: before.rt,
        };
        await audit(tx, actor, {
          action: "user.access",
          entity: "users",
          entityId: row.id,
          details: { before: previous, after: next },
        });
        return toPublicUser(row);
      }),
    lostArea,
  );
}

/** Sends the user a reset link through the forgot-password path (its limits and mail included). */
export async function sendPasswordReset(
  db: Db,
  config: MailConfig,
  actor: Actor,
  input: { userId: number },
): Promise<void> {
  requireAdmin(actor);
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!user) throw notFound("Pengguna tidak ditemukan");
  if (user.status !== "active")
    throw new DomainError("CONFLICT", "Tautan reset password hanya dapat dikirim ke akun yang aktif");
  await forgotPassword(db, config, actor, { email: user.email });
  await audit(db, actor, { action: "user.password-reset", entity: "users", entityId: user.id });
}

// Public family registration (SPEC §2, §5; DESIGN §3, §6): one transaction writes the register, its
// members, the first history event and the idempotency key, or nothing at all.
import { eq, sql } from "drizzle-orm";
import { storedFamilySchema, type FamilyRegistration } from "@shared/schemas/family.ts";
import {
  FAMILY_CONSENT_VERSION,
  registerFamilyInput,
  type FamilyRecord,
  type RegisterFamilyInput,
  type RegisterFamilyResult,
} from "@shared/schemas/registration.ts";
import { statusLabel } from "@shared/status.ts";
import { addressKey, assertWithinLimit, countAttemptStatement } from "../common/rate-limit.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { writeTransaction } from "../../db/write-transaction.ts";
import { compiledStatement } from "../../db/compiled.ts";
import { resultRows } from "../../db/raw-rows.ts";
import { idempotencyKeys } from "../../db/schema/idempotency.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { familyMembers, registerEvents, registers, type RegisterRow } from "../../db/schema/registers.ts";
import type { Actor } from "../accounts/actor.ts";
import { audit } from "../audit/audit-log.ts";
import {
  CAPTCHA_USED_MESSAGE,
  captchaRefusal,
  checkCaptcha,
  nonceBurnCtes,
  WrongCaptchaAnswer,
} from "../public/captcha.ts";
import { DomainError } from "../common/errors.ts";
import { parseInput } from "../common/input.ts";
import { unknownWardError, wardOutsideKecamatanError } from "../common/ward-in-kecamatan.ts";
import { assertNiksFree, withLostRaces } from "./nik-uniqueness.ts";
import { familyColumns, familyMemberRows, firstEventRow, storedForm } from "./family-rows.ts";
import { newRegistrationNumber } from "./registration-number.ts";
import { claimIdempotencyKey, requestHash, settleIdempotencyKey } from "./idempotency.ts";

export const REGISTRATION_RATE_LIMIT = {
  limit: 30,
  windowSeconds: 3600,
  message: "Terlalu banyak percobaan registrasi. Silakan coba lagi nanti",
};

/** The ward and kecamatan names of a form's address, once it is checked to be a real pair. */
export interface RegionNames {
  kecamatanNama: string;
  desaKelurahanNama: string;
}

export async function checkRegion(tx: DbOrTx, form: FamilyRegistration): Promise<RegionNames> {
  const [ward] = await tx
    .select({
      kecamatanId: desaKelurahan.kecamatanId,
      kecamatanNama: kecamatan.nama,
      desaKelurahanNama: desaKelurahan.nama,
    })
    .from(desaKelurahan)
    .innerJoin(kecamatan, eq(kecamatan.id, desaKelurahan.kecamatanId))
    .where(eq(desaKelurahan.id, form.address.desaKelurahanId));
  if (!ward) throw unknownWardError();
  if (ward.kecamatanId !== form.address.kecamatanId) throw wardOutsideKecamatanError();
  return { kecamatanNama: ward.kecamatanNama, desaKelurahanNama: ward.desaKelurahanNama };
}

/** The stored family as the success page shows it (the resident's own data, right after sending it). */
export async function familyRecord(db: DbOrTx, row: RegisterRow, known?: RegionNames): Promise<FamilyRecord> {
  const [names] = known
    ? [known]
    : await db
        .select({ kecamatanNama: kecamatan.nama, desaKelurahanNama: desaKelurahan.nama })
        .from(desaKelurahan)
        .innerJoin(kecamatan, eq(kecamatan.id, desaKelurahan.kecamatanId))
        .where(eq(desaKelurahan.id, row.desaKelurahanId ?? 0));
  const data = storedFamilySchema.parse(row.dataRegister);
  return {
    id: row.id,
    registrationNumber: row.registrationNumber,
    status: row.status,
    statusLabel: statusLabel(row.status, row.formType),
    formType: row.formType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    kecamatanNama: names?.kecamatanNama ?? "",
    desaKelurahanNama: names?.desaKelurahanNama ?? "",
    data: { ...data, address: { ...data.address, rt: row.rt ?? data.address.rt, rw: row.rw ?? data.address.rw } },
  };
}

async function resultFor(db: DbOrTx, registerId: number): Promise<RegisterFamilyResult> {
  const [row] = await db.select().from(registers).where(eq(registers.id, registerId));
  if (!row) throw new DomainError("NOT_FOUND", "Data registrasi tidak ditemukan");
  return { id: row.id, registrationNumber: row.registrationNumber, record: await familyRecord(db, row) };
}

/**
 * A key seen before: the same data gets the same registration back. Other data means the resident
 * changed the form after a send whose answer was lost, though the family was stored: told so, with
 * its number, rather than 'sudah dipakai untuk data lain', which a reload (the draft keeps the key)
 * never got past.
 */
async function answerEarlier(db: DbOrTx, registerId: number, storedHash: unknown, hash: string) {
  if (storedHash !== hash) {
    const { registrationNumber } = await resultFor(db, registerId);
    throw new DomainError("CONFLICT", alreadyRegisteredMessage(registrationNumber));
  }
  return resultFor(db, registerId);
}

export const alreadyRegisteredMessage = (registrationNumber: string) =>
  `Keluarga ini sudah terdaftar dari pengiriman sebelumnya dengan nomor ${registrationNumber}; perubahan sesudahnya belum tersimpan. Cek statusnya di halaman Cari Data, lalu gunakan Perbaiki Data bila perlu mengubahnya.`;

/**
 * What the registration checks before its transaction, in one statement (it took four round trips):
 * the attempt is counted against the address; a registration made earlier under the key is read;
 * and, within the limit and only when no earlier registration answers, the captcha is used up (a
 * retry of a registration that went through resends the captcha it already used).
 */
const admissionStatement = compiledStatement(
  () => sql`with limited as (${countAttemptStatement(sql.placeholder("address"), REGISTRATION_RATE_LIMIT)}),
    earlier as (
      select ${idempotencyKeys.requestHash} as request_hash, ${idempotencyKeys.registerId} as register_id
      from ${idempotencyKeys}
      where ${idempotencyKeys.key} = ${sql.placeholder("key")} and ${idempotencyKeys.expiresAt} > now()
    ),
    ${nonceBurnCtes(sql`${sql.placeholder("nonce")}::text is not null
      and exists (select 1 from limited where limited.count <= ${REGISTRATION_RATE_LIMIT.limit})
      and not exists (select 1 from earlier where earlier.register_id is not null)`)}
    select limited.count, limited.retry_after,
      (select request_hash from earlier) as request_hash, (select register_id from earlier) as register_id,
      exists (select 1 from burned) as burned
    from limited`,
);

/**
 * The captcha's own check (signature, kind, expiry), its refusal kept for after the replay check;
 * `burn` is the nonce the admission uses up: the right answer's, or the one a wrong answer spent.
 */
function checkedCaptcha(
  secret: string,
  captcha: RegisterFamilyInput["captcha"],
): { burn: { nonce: string; expiresAt: Date } | null; refusal: DomainError | null } {
  try {
    const burn = checkCaptcha(secret, { ...captcha, expectedKind: "family", wrongMessage: "Jawaban captcha salah" });
    return { burn, refusal: null };
  } catch (error) {
    if (error instanceof WrongCaptchaAnswer) return { burn: error.spent, refusal: error };
    if (error instanceof DomainError) return { burn: null, refusal: error };
    throw error;
  }
}

/**
 * Registers a family from the public form: rate limit per IP, a replayed idempotency key answers
 * with the first registration, the captcha is checked and used up, then one transaction stores it.
 */
export async function registerFamily(
  db: Db,
  secret: string,
  actor: Actor,
  rawInput: RegisterFamilyInput,
): Promise<RegisterFamilyResult> {
  const input = parseInput(registerFamilyInput, rawInput);
  const key = `family:${input.idempotencyKey}`;
  const hash = requestHash(input.form);
  const captcha = checkedCaptcha(secret, input.captcha);
  const [admitted] = resultRows(
    await admissionStatement(db, {
      address: addressKey("register-family", actor.ip),
      key,
      nonce: captcha.burn?.nonce ?? null,
      expiresAt: captcha.burn?.expiresAt.toISOString() ?? null,
    }),
  );
  assertWithinLimit(admitted, REGISTRATION_RATE_LIMIT);
  if (typeof admitted?.register_id === "number") {
    return answerEarlier(db, admitted.register_id, admitted.request_hash, hash);
  }
  if (captcha.refusal) throw captcha.refusal;
  if (admitted?.burned !== true) throw captchaRefusal(CAPTCHA_USED_MESSAGE);

  const form = input.form;
  return withLostRaces(db, form, null, "public", () =>
    writeTransaction(db, async (tx) => {
      const earlier = await claimIdempotencyKey(tx, key, hash);
      if (earlier) return resultFor(tx, earlier.earlierRegisterId);

      // Independent reads: sent together, answered in one round trip.
      const [names] = await Promise.all([checkRegion(tx, form), assertNiksFree(tx, form, null, "public")]);

      // One clock for the number, the registration date and created_at (which the queue, rollups and
      // reports date the family by): left to its default, created_at is the transaction's start, a
      // day earlier than the number when midnight WIB falls between.
      const now = new Date();
      const [row] = await tx
        .insert(registers)
        .values({
          ...familyColumns(form),
          registrationNumber: newRegistrationNumber(now),
          createdAt: now,
          updatedAt: now,
          formType: "family_registration",
          status: "SUBMITTED",
          dataRegister: storedForm(form, null, now),
          consentAt: now,
          consentVersion: FAMILY_CONSENT_VERSION,
          createdBy: actor.user?.id ?? null,
        })
        .returning();
      if (!row) throw new Error("register insert returned nothing");
      // Sent together and run in order; a refusal of the first (a NIK taken meanwhile) fails the rest.
      await Promise.all([
        tx.insert(familyMembers).values(familyMemberRows(row.id, form)),
        tx
          .insert(registerEvents)
          .values(firstEventRow(row.id, { actorId: actor.user?.id ?? null, note: "Registrasi keluarga oleh warga" })),
        settleIdempotencyKey(tx, key, row.id),
        // A change of personal data like any other create: who (no account) and from where.
        audit(tx, actor, {
          action: "register.create",
          entity: "registers",
          entityId: row.id,
          details: { by: "family" },
        }),
      ]);
      return { id: row.id, registrationNumber: row.registrationNumber, record: await familyRecord(tx, row, names) };
    }),
  );
}

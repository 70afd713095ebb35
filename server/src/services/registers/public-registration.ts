// Public family registration (SPEC §2, §5; DESIGN §3, §6): one transaction writes the register, its
// members, the first history event and the idempotency key, or nothing at all.
import { eq, lt, sql } from "drizzle-orm";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { familyRegistrationSchema, type FamilyRegistration } from "@shared/schemas/family.ts";
import {
  FAMILY_CONSENT_VERSION,
  registerFamilyInput,
  type FamilyRecord,
  type RegisterFamilyInput,
  type RegisterFamilyResult,
} from "@shared/schemas/registration.ts";
import { statusLabel } from "@shared/status.ts";
import { addressKey, consumeRateLimit } from "../common/rate-limit.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { writeTransaction } from "../../db/write-transaction.ts";
import { idempotencyKeys } from "../../db/schema/idempotency.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { familyMembers, registerEvents, registers, type RegisterRow } from "../../db/schema/registers.ts";
import type { Actor } from "../accounts/actor.ts";
import { verifyCaptcha } from "../public/captcha.ts";
import { DomainError } from "../common/errors.ts";
import { parseInput } from "../common/input.ts";
import { assertNiksFree, withNikRace } from "./nik-uniqueness.ts";
import { familyColumns, familyMemberRows, firstEventRow, storedForm } from "./family-rows.ts";
import { newRegistrationNumber } from "./registration-number.ts";

export const REGISTRATION_RATE_LIMIT = {
  limit: 30,
  windowSeconds: 3600,
  message: "Terlalu banyak percobaan registrasi. Silakan coba lagi nanti",
};

const IDEMPOTENCY_TTL_HOURS = 24;

function requestHash(input: { form: FamilyRegistration }): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(JSON.stringify(input.form))));
}

export async function checkRegion(tx: DbOrTx, form: FamilyRegistration): Promise<void> {
  const [ward] = await tx
    .select({ kecamatanId: desaKelurahan.kecamatanId })
    .from(desaKelurahan)
    .where(eq(desaKelurahan.id, form.address.desaKelurahanId));
  if (!ward) {
    throw new DomainError("BAD_REQUEST", "Pilih kelurahan", {
      fieldErrors: [{ path: ["address", "desaKelurahanId"], message: "Pilih kelurahan" }],
    });
  }
  if (ward.kecamatanId !== form.address.kecamatanId) {
    throw new DomainError("BAD_REQUEST", "Kelurahan tidak berada di kecamatan yang dipilih", {
      fieldErrors: [
        { path: ["address", "desaKelurahanId"], message: "Kelurahan tidak berada di kecamatan yang dipilih" },
      ],
    });
  }
}

/** The stored family as the success page shows it (the resident's own data, right after sending it). */
export async function familyRecord(db: DbOrTx, row: RegisterRow): Promise<FamilyRecord> {
  const [names] = await db
    .select({ kecamatanNama: kecamatan.nama, desaKelurahanNama: desaKelurahan.nama })
    .from(desaKelurahan)
    .innerJoin(kecamatan, eq(kecamatan.id, desaKelurahan.kecamatanId))
    .where(eq(desaKelurahan.id, row.desaKelurahanId ?? 0));
  const data = familyRegistrationSchema.parse(row.dataRegister);
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

/** A key seen before: the same data gets the same registration back; other data is refused. */
async function replay(db: DbOrTx, key: string, hash: string): Promise<RegisterFamilyResult | null> {
  const [existing] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
  if (!existing || existing.registerId === null) return null;
  if (existing.requestHash !== hash) {
    throw new DomainError(
      "CONFLICT",
      "Pengiriman ini sudah dipakai untuk data lain. Muat ulang halaman lalu kirim kembali.",
    );
  }
  return resultFor(db, existing.registerId);
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
  await consumeRateLimit(db, addressKey("register-family", actor.ip), REGISTRATION_RATE_LIMIT);
  const input = parseInput(registerFamilyInput, rawInput);
  const key = `family:${input.idempotencyKey}`;
  const hash = requestHash(input);

  const replayed = await replay(db, key, hash);
  if (replayed) return replayed;

  await verifyCaptcha(db, secret, {
    token: input.captcha.token,
    answer: input.captcha.answer,
    expectedKind: "family",
    wrongMessage: "Jawaban captcha salah",
  });

  const form = input.form;
  return withNikRace(db, form, null, "public", () =>
    writeTransaction(db, async (tx) => {
      await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
      // Taken first: a concurrent request with the same key waits here, then finds this registration.
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ key, requestHash: hash, expiresAt: sql`now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})` })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const again = await replay(tx, key, hash);
        if (again) return again;
        throw new DomainError("CONFLICT", "Pengiriman yang sama sedang diproses. Silakan tunggu sebentar.");
      }

      await checkRegion(tx, form);
      await assertNiksFree(tx, form, null, "public");

      const now = new Date();
      const [row] = await tx
        .insert(registers)
        .values({
          ...familyColumns(form),
          registrationNumber: newRegistrationNumber(now),
          formType: "family_registration",
          status: "SUBMITTED",
          dataRegister: storedForm(form, null, now),
          consentAt: now,
          consentVersion: FAMILY_CONSENT_VERSION,
          createdBy: actor.user?.id ?? null,
        })
        .returning();
      if (!row) throw new Error("register insert returned nothing");
      await tx.insert(familyMembers).values(familyMemberRows(row.id, form));
      await tx
        .insert(registerEvents)
        .values(firstEventRow(row.id, { actorId: actor.user?.id ?? null, note: "Registrasi keluarga oleh warga" }));
      await tx.update(idempotencyKeys).set({ registerId: row.id }).where(eq(idempotencyKeys.key, key));
      return { id: row.id, registrationNumber: row.registrationNumber, record: await familyRecord(tx, row) };
    }),
  );
}

// 'Perbaiki Data' (issue 15): a family corrects and resends its own record without a cadre. It proves
// ownership with three facts (registration number + head NIK + phone on record, one generic answer
// otherwise, captcha, 5 tries an hour per address and per record); nothing of the record is shown
// before they match. The corrected version goes through the register core's write path
// (writeFamilyVersion: version check, 409 on NIK conflicts, revision, audit), with the event
// 'Diperbaiki oleh keluarga' and the status back to SUBMITTED, in one transaction.
import { hmac } from "@oslojs/crypto/hmac";
import { SHA256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, eq, isNull } from "drizzle-orm";
import {
  correctionAccessInput,
  correctionSubmitInput,
  ownershipMismatchMessage,
  type CorrectionAccess,
  type CorrectionAccessInput,
  type CorrectionResult,
  type CorrectionSubmitInput,
} from "@shared/schemas/correction.ts";
import { correctionEventNote, familyCorrectableStatuses } from "@shared/status-guidance.ts";
import { statusLabel } from "@shared/status.ts";
import type { Db } from "../../db/client.ts";
import { writeTransaction } from "../../db/write-transaction.ts";
import { registerEvents, registers, type RegisterRow } from "../../db/schema/registers.ts";
import type { Actor } from "../accounts/actor.ts";
import { audit } from "../audit/audit-log.ts";
import { DomainError } from "../common/errors.ts";
import { parseInput } from "../common/input.ts";
import { addressKey, consumeRateLimit } from "../common/rate-limit.ts";
import { verifyCaptcha } from "../public/captcha.ts";
import { withLostRaces } from "./nik-uniqueness.ts";
import { checkRegion, familyRecord } from "./public-registration.ts";
import { writeFamilyVersion } from "./records.ts";
import { reviewNotes } from "./status-lookup.ts";
import { notifyFamily } from "./status-mail.ts";
import type { MailConfig } from "../mail/mail.ts";

const TRIES = { limit: 5, windowSeconds: 3600, message: "Terlalu banyak percobaan. Silakan coba lagi dalam 1 jam" };
const TOKEN_LIFETIME_MS = 30 * 60 * 1000;
const notCorrectableMessage =
  "Data ini sedang atau sudah diperiksa kader sehingga tidak dapat diperbaiki sendiri. Hubungi kader RT Anda.";
const expiredMessage = "Sesi perbaikan sudah berakhir. Buka kembali 'Perbaiki Data' dan isi ketiga data.";

/** 0812…, 62812… and +62 812… are the same phone. */
export function samePhone(a: string, b: string): boolean {
  const local = (value: string) => value.replace(/\D/g, "").replace(/^62/, "0");
  return local(a).length >= 9 && local(a) === local(b);
}

function sign(secret: string, registerId: number, expiresAt: number): string {
  const message = new TextEncoder().encode(`correction.${registerId}.${expiresAt}`);
  return encodeBase64urlNoPadding(hmac(SHA256, new TextEncoder().encode(secret), message));
}

function issueToken(secret: string, registerId: number, now: number): string {
  const expiresAt = now + TOKEN_LIFETIME_MS;
  return `${registerId}.${expiresAt}.${sign(secret, registerId, expiresAt)}`;
}

function readToken(secret: string, token: string, now: number): number {
  const [id, expires, signature] = token.split(".");
  const registerId = Number(id);
  const expiresAt = Number(expires);
  if (!signature || !Number.isInteger(registerId) || !Number.isInteger(expiresAt)) {
    throw new DomainError("FORBIDDEN", expiredMessage);
  }
  let given: Uint8Array;
  try {
    given = decodeBase64urlIgnorePadding(signature);
  } catch {
    throw new DomainError("FORBIDDEN", expiredMessage);
  }
  const expected = decodeBase64urlIgnorePadding(sign(secret, registerId, expiresAt));
  if (given.length !== expected.length || !constantTimeEqual(given, expected) || now > expiresAt) {
    throw new DomainError("FORBIDDEN", expiredMessage);
  }
  return registerId;
}

const isCorrectable = (row: RegisterRow) => familyCorrectableStatuses.includes(row.status);

async function liveFamily(db: Db, where: ReturnType<typeof eq>): Promise<RegisterRow | undefined> {
  const [row] = await db
    .select()
    .from(registers)
    .where(and(where, eq(registers.formType, "family_registration"), isNull(registers.deletedAt)));
  return row;
}

/** Step 1: the three facts. Answers the family's own data and a short-lived token, or one generic refusal. */
export async function openCorrection(
  db: Db,
  secret: string,
  actor: Actor,
  raw: CorrectionAccessInput,
  now = Date.now(),
): Promise<CorrectionAccess> {
  const input = parseInput(correctionAccessInput, raw);
  const registrationNumber = input.registrationNumber.toUpperCase();
  await consumeRateLimit(db, addressKey("correction", actor.ip), TRIES);
  await verifyCaptcha(db, secret, {
    token: input.captcha.token,
    answer: input.captcha.answer,
    expectedKind: "search",
    wrongMessage: "Jawaban captcha salah",
  });
  // The record's tries are counted only behind a solved captcha, so that knowing a registration
  // number is not enough to lock its family out of 'Perbaiki Data' for an hour.
  await consumeRateLimit(db, `correction:record:${registrationNumber}`, TRIES);
  const row = await liveFamily(db, eq(registers.registrationNumber, registrationNumber));
  if (!row || row.nikKepalaKeluarga !== input.nikKepalaKeluarga || !samePhone(row.nomorHp, input.nomorHp)) {
    throw new DomainError("BAD_REQUEST", ownershipMismatchMessage);
  }
  if (!isCorrectable(row)) throw new DomainError("CONFLICT", notCorrectableMessage);
  // The answer holds every member's full NIK and the family's health data: read like any other
  // full view, it is audited (who: no account; from where: the caller's address).
  const [notes] = await Promise.all([
    reviewNotes(db, [row]),
    audit(db, actor, {
      action: "register.read",
      entity: "registers",
      entityId: row.id,
      details: { surface: "correction", by: "family" },
    }),
  ]);
  return {
    token: issueToken(secret, row.id, now),
    version: row.version,
    status: row.status,
    statusLabel: statusLabel(row.status, row.formType),
    review: notes.get(row.id) ?? null,
    record: await familyRecord(db, row),
  };
}

/** Step 2: the corrected family, through the register core; back to SUBMITTED and the RT queue. */
export async function submitCorrection(
  db: Db,
  mail: MailConfig,
  actor: Actor,
  raw: CorrectionSubmitInput,
  now = Date.now(),
): Promise<CorrectionResult> {
  const input = parseInput(correctionSubmitInput, raw);
  const registerId = readToken(mail.APP_SECRET, input.token, now);
  return withLostRaces(db, input.form, registerId, "public", () =>
    writeTransaction(db, async (tx) => {
      const [row] = await tx
        .select()
        .from(registers)
        .where(and(eq(registers.id, registerId), isNull(registers.deletedAt)))
        .for("update");
      if (!row) throw new DomainError("NOT_FOUND", "Data registrasi tidak ditemukan");
      if (!isCorrectable(row)) throw new DomainError("CONFLICT", notCorrectableMessage);
      await checkRegion(tx, input.form);
      // The event first, so the register is written once (see workflow.ts applyMove).
      await tx.insert(registerEvents).values({
        registerId: row.id,
        actorId: null,
        fromStatus: row.status,
        toStatus: "SUBMITTED",
        note: correctionEventNote,
      });
      const saved = await writeFamilyVersion(tx, actor, row, input.form, input.version, "public", "SUBMITTED");
      await notifyFamily(
        tx,
        mail,
        { ...row, alamatEmail: input.form.alamatEmail || null },
        "SUBMITTED",
        correctionEventNote,
      );
      return {
        registrationNumber: row.registrationNumber,
        status: "SUBMITTED",
        statusLabel: statusLabel("SUBMITTED"),
        version: saved.version,
      };
    }),
  );
}

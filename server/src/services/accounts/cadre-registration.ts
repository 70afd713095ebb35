// Cadre self-registration (SPEC §2 "Cadre registration form", §5): a pending account plus its
// kader_registration register, in one transaction; an admin approves or rejects it (users.ts).
import { and, eq, sql } from "drizzle-orm";
import { padRtRw } from "@shared/schemas/common.ts";
import { todayIso } from "@shared/schemas/family.ts";
import {
  KADER_CONSENT_VERSION,
  kaderRegistrationInput,
  type KaderDataRegister,
  type KaderRegistrationInput,
  type KaderRegistrationResult,
} from "@shared/schemas/kader.ts";
import { hashPassword } from "./passwords.ts";
import { assertStrongPassword } from "./password-strength.ts";
import { addressKey, consumeRateLimit } from "../common/rate-limit.ts";
import type { Db } from "../../db/client.ts";
import { writeTransaction } from "../../db/write-transaction.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import { users } from "../../db/schema/users.ts";
import type { Actor } from "./actor.ts";
import { verifyCaptcha } from "../public/captcha.ts";
import { DomainError } from "../common/errors.ts";
import { audit } from "../audit/audit-log.ts";
import { firstEventRow } from "../registers/family-rows.ts";
import { newRegistrationNumber } from "../registers/registration-number.ts";
import { violatedUniqueIndex } from "../common/unique-violation.ts";
import { parseInput } from "../common/input.ts";
import { withUserWardRace } from "../common/ward-in-kecamatan.ts";

export const tooManyRegistrations = "Terlalu banyak percobaan registrasi. Silakan coba lagi nanti";
export const emailTaken = "Email sudah terdaftar. Silakan masuk atau gunakan email lain";
export const nikTaken = "NIK sudah terdaftar sebagai kader";

const fieldError = (path: string, message: string, code: "BAD_REQUEST" | "CONFLICT" = "BAD_REQUEST") =>
  new DomainError(code, message, { fieldErrors: [{ path: [path], message }] });

/** SPEC §7: the part of the email before '@', '_' and the last 4 digits of the current timestamp. */
export function kaderUsername(email: string, now = Date.now()): string {
  const local = (email.split("@")[0] ?? "kader").toLowerCase().replace(/[^a-z0-9._-]/g, "");
  return `${local || "kader"}_${String(now).slice(-4)}`;
}

/** Another username for the same e-mail, when the derived one is already someone's. */
function suffixedUsername(base: string): string {
  return `${base}${crypto.getRandomValues(new Uint16Array(1))[0]}`;
}

interface SignUpRow {
  input: KaderRegistrationInput;
  kecamatanId: number;
  desaKelurahanId: number;
  rw: string;
  rt: string;
  passwordHash: string;
  form: Omit<KaderDataRegister, "username" | "registrationDate">;
}

/**
 * The pending account and its kader_registration register, in one transaction. `now` dates all of
 * it (number, registration date, survey day, created_at), as a family's registration is dated.
 */
async function insertCadre(
  db: Db,
  actor: Actor,
  row: SignUpRow,
  username: string,
  registrationNumber: string,
  now: Date,
): Promise<void> {
  const { input, kecamatanId, desaKelurahanId, rw, rt, form } = row;
  // A ward moved to another kecamatan after it was checked is answered on the ward.
  await withUserWardRace(() =>
    writeTransaction(db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          username,
          passwordHash: row.passwordHash,
          role: "kader",
          status: "pending",
          fullName: input.fullName,
          nik: input.nik,
          phone: input.phone,
          nip: form.nip,
          jabatan: input.jabatan,
          kecamatanId,
          desaKelurahanId,
          rw,
          rt,
        })
        .returning({ id: users.id });
      if (!user) throw new Error("user insert returned nothing");
      const [register] = await tx
        .insert(registers)
        .values({
          registrationNumber,
          formType: "kader_registration",
          namaKepalaKeluarga: input.fullName,
          nikKepalaKeluarga: input.nik,
          nomorHp: input.phone,
          alamatEmail: input.email,
          tanggalPendataan: todayIso(now),
          status: "SUBMITTED",
          kecamatanId,
          desaKelurahanId,
          rw,
          rt,
          dataRegister: { ...form, username, registrationDate: now.toISOString() },
          consentAt: now,
          consentVersion: KADER_CONSENT_VERSION,
          memberCount: input.anggotaKeluarga.jumlahAnggota,
          createdBy: user.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: registers.id });
      if (!register) throw new Error("register insert returned nothing");
      // Its history starts at the sign-up, as a family's does at its registration; and a change of
      // personal data is audited as every other is, with no account yet and the caller's address.
      await Promise.all([
        tx
          .insert(registerEvents)
          .values(firstEventRow(register.id, { actorId: user.id, note: "Pendaftaran kader oleh calon kader" })),
        audit(tx, actor, {
          action: "user.sign-up",
          entity: "users",
          entityId: user.id,
          details: { registerId: register.id },
        }),
      ]);
    }),
  );
}

/**
 * A sign-up that passed the checks above but lost the race to another one (the password hash between
 * them takes ~100 ms) gets what the check would have said, chosen by the unique index it hit.
 */
function takenAnswer(index: string | undefined): DomainError | undefined {
  if (index === "users_email_lower_unique") return fieldError("email", emailTaken, "CONFLICT");
  if (index === "users_nik_unique") return fieldError("nik", nikTaken, "CONFLICT");
  return undefined;
}

// Values the server picks itself: another sign-up taking the same one first is not the user's
// mistake, so a fresh one is picked and the insert runs again.
const SERVER_CHOSEN = new Set(["users_username_unique", "registers_registrationNumber_unique"]);
const SIGN_UP_ATTEMPTS = 3;

async function insertSignUp(
  db: Db,
  actor: Actor,
  baseUsername: string,
  baseTaken: boolean,
  row: SignUpRow,
): Promise<{ username: string; registrationNumber: string }> {
  let username = baseTaken ? suffixedUsername(baseUsername) : baseUsername;
  for (let attempt = 1; ; attempt += 1) {
    const now = new Date();
    const registrationNumber = newRegistrationNumber(now);
    try {
      await insertCadre(db, actor, row, username, registrationNumber, now);
      return { username, registrationNumber };
    } catch (error) {
      const index = violatedUniqueIndex(error);
      const taken = takenAnswer(index);
      if (taken) throw taken;
      if (index === undefined || !SERVER_CHOSEN.has(index) || attempt >= SIGN_UP_ATTEMPTS) throw error;
      username = suffixedUsername(baseUsername);
    }
  }
}

export async function registerKader(
  db: Db,
  secret: string,
  cityName: string,
  actor: Actor,
  rawInput: KaderRegistrationInput,
): Promise<KaderRegistrationResult> {
  const input = parseInput(kaderRegistrationInput, rawInput);
  await consumeRateLimit(db, addressKey("kader-register", actor.ip), {
    limit: 5,
    windowSeconds: 3600,
    message: tooManyRegistrations,
  });
  await verifyCaptcha(db, secret, {
    token: input.captcha.token,
    answer: input.captcha.answer,
    expectedKind: "sum",
    wrongMessage: "Jawaban penjumlahan salah",
  });

  // The work area must be a ward of this city, as stored in the database.
  const [district] = await db.select().from(kecamatan).where(eq(kecamatan.kode, input.kecamatanKode));
  if (!district) throw fieldError("kecamatanKode", `Wilayah kerja harus berada di ${cityName}`);
  const [ward] = await db
    .select()
    .from(desaKelurahan)
    .where(and(eq(desaKelurahan.id, input.desaKelurahanId), eq(desaKelurahan.kecamatanId, district.id)));
  if (!ward) throw fieldError("desaKelurahanId", "Pilih kelurahan/desa");

  const email = input.email.toLowerCase();
  const [sameEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (sameEmail) throw fieldError("email", emailTaken, "CONFLICT");
  const [sameNik] = await db.select({ id: users.id }).from(users).where(eq(users.nik, input.nik));
  if (sameNik) throw fieldError("nik", nikTaken, "CONFLICT");

  const baseUsername = kaderUsername(email);
  const [sameUsername] = await db.select({ id: users.id }).from(users).where(eq(users.username, baseUsername));

  const rw = padRtRw(input.rw);
  const rt = padRtRw(input.rt);
  const wilayahKerja = { rt, rw, kecamatan: district.nama, kelurahan: ward.nama };
  const form: Omit<KaderDataRegister, "username" | "registrationDate"> = {
    nip: input.nip === "" ? null : input.nip,
    jabatan: input.jabatan,
    wilayahKerja,
    anggotaKeluarga: {
      jumlahAnggota: input.anggotaKeluarga.jumlahAnggota,
      jumlahLakiLaki: input.anggotaKeluarga.jumlahLakiLaki ?? 0,
      jumlahPerempuan: input.anggotaKeluarga.jumlahPerempuan ?? 0,
      jumlahAnak: input.anggotaKeluarga.jumlahAnak ?? 0,
    },
    kondisiKhususKeluarga: input.kondisiKhususKeluarga,
    sumberAirKeluarga: input.sumberAirKeluarga,
    saranaMCK: input.saranaMCK,
    kriteriaRumah: input.kriteriaRumah,
    makananPokokKeluarga: input.makananPokokKeluarga,
    wargaMengikutiKegiatan: input.wargaMengikutiKegiatan,
    catatanTambahan: input.catatanTambahan,
  };
  await assertStrongPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);

  const { username, registrationNumber } = await insertSignUp(db, actor, baseUsername, sameUsername !== undefined, {
    input,
    kecamatanId: district.id,
    desaKelurahanId: ward.id,
    rw,
    rt,
    passwordHash,
    form,
  });

  return {
    registrationNumber,
    fullName: input.fullName,
    email: input.email,
    username,
    jabatan: input.jabatan,
    wilayahKerja,
  };
}

// Writes of family registers that arrive through the REST layer (POST/PUT/DELETE /api/registers):
// create, edit the family data, move the status (through workflow.ts), soft delete. Same rules as
// the screens: the actor's area (scope.ts, API tokens included), the family schema, one person one
// family, optimistic concurrency, revisions and audit rows.
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { familyRegistrationSchema, type FamilyRegistration } from "@shared/schemas/family.ts";
import { padRtRw } from "@shared/schemas/common.ts";
import { FAMILY_CONSENT_VERSION } from "@shared/schemas/registration.ts";
import { nextStatus, registerStatuses, statusLabel, workflowActions, type RegisterStatus } from "@shared/status.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { registerRevisions } from "../db/schema/audit.ts";
import { desaKelurahan } from "../db/schema/regions.ts";
import { familyMembers, registerEvents, registers } from "../db/schema/registers.ts";
import { actorUserId, type Actor } from "./actor.ts";
import { audit } from "./audit.ts";
import { DomainError, type FieldError } from "./errors.ts";
import { familyColumns, familyMemberRows } from "./family-record.ts";
import { newRegistrationNumber } from "./registration-number.ts";
import { diffRecords } from "./revisions.ts";
import { placeInScope, readOnlyMessageFor, registerInScope, scopeOf, type ScopedRegister } from "./scope.ts";
import { transition, type TransitionResult } from "./workflow.ts";


export const staleRegisterMessage = "Data ini sudah diubah oleh pengguna lain. Muat ulang data lalu coba lagi.";
export const deletedRegisterMessage = "Data ini sudah dihapus";
export const createStatusMessage = "Data baru selalu dibuat dengan status SUBMITTED";
export const addressOutsideAreaMessage = "Alamat keluarga berada di luar wilayah kerja Anda";
export const defaultDeleteReason = "Dihapus melalui API";
const familyOnlyMessage = "Hanya data registrasi keluarga yang dapat diubah di sini";

function invalidForm(raw: unknown): FamilyRegistration {
  const result = familyRegistrationSchema.safeParse(raw);
  if (result.success) return result.data;
  const fieldErrors = result.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
  throw new DomainError("BAD_REQUEST", fieldErrors.map((error) => error.message).join(", "), { fieldErrors });
}

function requireWriter(actor: Actor): void {
  const scope = scopeOf(actor);
  if (scope.area.kind === "none") throw new DomainError("FORBIDDEN", "Forbidden");
  if (!scope.canAct) throw new DomainError("FORBIDDEN", readOnlyMessageFor(actor));
}

/** The address must be a real ward of the chosen kecamatan, inside the actor's area. */
async function assertAddress(tx: DbOrTx, actor: Actor, family: FamilyRegistration): Promise<void> {
  const [ward] = await tx
    .select({ kecamatanId: desaKelurahan.kecamatanId })
    .from(desaKelurahan)
    .where(eq(desaKelurahan.id, family.address.desaKelurahanId));
  if (!ward || ward.kecamatanId !== family.address.kecamatanId) {
    throw new DomainError("BAD_REQUEST", "Pilih kelurahan", { fieldErrors: [{ path: ["address", "desaKelurahanId"], message: "Pilih kelurahan" }] });
  }
  const place = { desaKelurahanId: family.address.desaKelurahanId, wardKecamatanId: ward.kecamatanId, rw: padRtRw(family.address.rw), rt: padRtRw(family.address.rt) };
  if (!placeInScope(scopeOf(actor).area, place)) throw new DomainError("FORBIDDEN", addressOutsideAreaMessage);
}

/** One person, one family: a head NIK or member NIK already used by another live family is refused. */
async function assertNiksFree(tx: DbOrTx, family: FamilyRegistration, ownId: number | null): Promise<void> {
  const niks = family.members.map((member) => member.nik);
  const taken = await tx
    .select({ nik: familyMembers.nik })
    .from(familyMembers)
    .where(and(inArray(familyMembers.nik, niks), ownId === null ? undefined : ne(familyMembers.registerId, ownId)));
  const takenSet = new Set(taken.map((row) => row.nik));
  const fieldErrors: FieldError[] = family.members.flatMap((member, index) =>
    takenSet.has(member.nik) ? [{ path: ["members", String(index), "nik"], message: "NIK sudah terdaftar pada keluarga lain" }] : [],
  );
  const [head] = await tx
    .select({ id: registers.id })
    .from(registers)
    .where(and(
      eq(registers.nikKepalaKeluarga, family.nikKepalaKeluarga),
      eq(registers.formType, "family_registration"),
      isNull(registers.deletedAt),
      ownId === null ? undefined : ne(registers.id, ownId),
    ))
    .limit(1);
  if (head) fieldErrors.unshift({ path: ["nikKepalaKeluarga"], message: "NIK kepala keluarga sudah terdaftar" });
  if (fieldErrors.length > 0) throw new DomainError("CONFLICT", fieldErrors.map((error) => error.message).join(", "), { fieldErrors });
}

/** data_register as the public form stores it (services/registers.ts): the form, its date and type. */
const storedForm = (family: FamilyRegistration, registrationDate: unknown) => ({ ...family, registrationDate, formType: "family_registration" });

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ("code" in current && current.code === "23505") return true;
  }
  return false;
}

export interface CreateRegisterInput {
  /** The family form (the shared schema's shape); validated here. */
  form: unknown;
  /** A create may only name SUBMITTED (SPEC §4: both forms create SUBMITTED records). */
  status?: unknown;
}

/** A family registered by a cadre in its area, an admin or a full-access API token. */
export async function createRegister(db: Db, actor: Actor, input: CreateRegisterInput): Promise<{ id: number }> {
  requireWriter(actor);
  if (input.status !== undefined && input.status !== "SUBMITTED") {
    throw new DomainError("BAD_REQUEST", createStatusMessage, { fieldErrors: [{ path: ["status"], message: createStatusMessage }] });
  }
  const family = invalidForm(input.form);
  try {
    return await insertFamily(db, actor, family);
  } catch (error) {
    // Two writers racing for one NIK: the loser's insert hits the unique index after the check.
    if (isUniqueViolation(error)) await assertNiksFree(db, family, null);
    throw error;
  }
}

async function insertFamily(db: Db, actor: Actor, family: FamilyRegistration): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await assertAddress(tx, actor, family);
    await assertNiksFree(tx, family, null);
    const [row] = await tx
      .insert(registers)
      .values({
        ...familyColumns(family),
        registrationNumber: newRegistrationNumber(),
        formType: "family_registration",
        status: "SUBMITTED",
        dataRegister: storedForm(family, new Date().toISOString()),
        consentAt: new Date(),
        consentVersion: FAMILY_CONSENT_VERSION,
        createdBy: actorUserId(actor),
      })
      .returning({ id: registers.id });
    if (!row) throw new Error("register insert returned nothing");
    await tx.insert(familyMembers).values(familyMemberRows(row.id, family));
    await tx.insert(registerEvents).values({ registerId: row.id, actorId: actorUserId(actor), toStatus: "SUBMITTED", note: "Diinput melalui API" });
    await audit(tx, actor, { action: "create", entity: "registers", entityId: row.id, details: { via: "rest" } });
    return { id: row.id };
  });
}

/** A live family register the actor may change (else 404/403/409 with the reason). */
async function writableRegister(tx: DbOrTx, actor: Actor, registerId: number): Promise<ScopedRegister> {
  const row = await registerInScope(tx, actor, registerId, "act");
  if (row.deletedAt !== null) throw new DomainError("NOT_FOUND", deletedRegisterMessage);
  if (row.formType !== "family_registration") throw new DomainError("BAD_REQUEST", familyOnlyMessage);
  return row;
}

export interface UpdateRegisterInput {
  registerId: number;
  /** Changed parts of the family form, laid over the stored form (Strapi's PUT changes what it is given). */
  patch: Record<string, unknown>;
  /** The version the caller read; a record changed since is refused with 409. */
  expectedVersion?: number;
}

/** Edits the family data, members included, in one transaction with a revision row. */
export async function updateRegister(db: Db, actor: Actor, input: UpdateRegisterInput): Promise<{ id: number; version: number }> {
  requireWriter(actor);
  return db.transaction(async (tx) => {
    const row = await writableRegister(tx, actor, input.registerId);
    if (input.expectedVersion !== undefined && input.expectedVersion !== row.version) throw new DomainError("CONFLICT", staleRegisterMessage);
    const { formType: _formType, registrationDate, ...stored } = row.dataRegister;
    const family = invalidForm({ ...stored, ...input.patch });
    const nextForm = storedForm(family, registrationDate);
    await assertAddress(tx, actor, family);
    await assertNiksFree(tx, family, row.id);
    const [updated] = await tx
      .update(registers)
      .set({ ...familyColumns(family), dataRegister: nextForm, version: sql`${registers.version} + 1`, updatedAt: new Date() })
      .where(and(eq(registers.id, row.id), eq(registers.version, row.version), isNull(registers.deletedAt)))
      .returning({ version: registers.version });
    if (!updated) throw new DomainError("CONFLICT", staleRegisterMessage);
    await tx.delete(familyMembers).where(eq(familyMembers.registerId, row.id));
    await tx.insert(familyMembers).values(familyMemberRows(row.id, family));
    const changes = diffRecords(row.dataRegister, nextForm);
    await tx.insert(registerRevisions).values({ registerId: row.id, actorId: actorUserId(actor), version: updated.version, changes });
    await audit(tx, actor, {
      action: "update",
      entity: "registers",
      entityId: row.id,
      details: { via: "rest", version: updated.version, paths: changes.map((change) => change.path) },
    });
    return { id: row.id, version: updated.version };
  });
}

const isRegisterStatus = (value: unknown): value is RegisterStatus =>
  typeof value === "string" && (registerStatuses as readonly string[]).includes(value);

export interface SetStatusInput {
  registerId: number;
  status: unknown;
  note?: string;
  expectedVersion?: number;
}

/**
 * `status: X` in an update is the workflow move that leads there from the current status (verify,
 * request revision, reject, resubmit), decided and recorded by workflow.ts; a jump that no single
 * move makes (SUBMITTED → APPROVED) is refused, for admins too.
 */
export async function setRegisterStatus(db: Db, actor: Actor, input: SetStatusInput): Promise<TransitionResult | null> {
  if (!isRegisterStatus(input.status)) {
    const message = `Status tidak dikenal; pilih salah satu dari ${registerStatuses.join(", ")}`;
    throw new DomainError("BAD_REQUEST", message, { fieldErrors: [{ path: ["status"], message }] });
  }
  const target = input.status;
  requireWriter(actor);
  const row = await registerInScope(db, actor, input.registerId, "act");
  if (row.deletedAt !== null) throw new DomainError("NOT_FOUND", deletedRegisterMessage);
  if (row.status === target) return null;
  const action = workflowActions.find((candidate) => nextStatus(row.status, candidate) === target);
  if (!action) {
    const message = `Status tidak dapat diubah langsung dari '${statusLabel(row.status)}' (${row.status}) ke '${statusLabel(target)}' (${target}); ikuti urutan validasi RT → RW → Kelurahan`;
    throw new DomainError("BAD_REQUEST", message, { fieldErrors: [{ path: ["status"], message }] });
  }
  return transition(db, actor, { registerId: row.id, action, note: input.note, expectedVersion: input.expectedVersion ?? row.version });
}

export interface DeleteRegisterInput {
  registerId: number;
  reason?: string;
  expectedVersion?: number;
}

/** Soft delete with a reason: hidden from every list and lookup, kept for an admin to restore, audited. */
export async function deleteRegister(db: Db, actor: Actor, input: DeleteRegisterInput): Promise<{ id: number }> {
  requireWriter(actor);
  const reason = input.reason?.trim() || defaultDeleteReason;
  if (reason.length > 500) {
    const message = "Alasan maksimal 500 karakter";
    throw new DomainError("BAD_REQUEST", message, { fieldErrors: [{ path: ["reason"], message }] });
  }
  return db.transaction(async (tx) => {
    const row = await writableRegister(tx, actor, input.registerId);
    if (input.expectedVersion !== undefined && input.expectedVersion !== row.version) throw new DomainError("CONFLICT", staleRegisterMessage);
    const [updated] = await tx
      .update(registers)
      .set({ deletedAt: new Date(), deletedBy: actorUserId(actor), deleteReason: reason, version: sql`${registers.version} + 1`, updatedAt: new Date() })
      .where(and(eq(registers.id, row.id), eq(registers.version, row.version), isNull(registers.deletedAt)))
      .returning({ id: registers.id });
    if (!updated) throw new DomainError("CONFLICT", staleRegisterMessage);
    await audit(tx, actor, { action: "delete", entity: "registers", entityId: row.id, details: { via: "rest", reason } });
    return { id: row.id };
  });
}

// One family record in the cadre workspace (the Maker Checker dialog): list, open (audited, masked for
// officials), create by a cadre, edit with optimistic concurrency and a revision, soft delete and an
// admin's restore. Every write goes through familyColumns/familyMemberRows, like the public form.
import { and, asc, desc, eq, inArray, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import { specialConditionKeys, type SpecialConditionKey } from "@shared/enums.ts";
import { familyRegistrationSchema, type FamilyRegistration, type SpecialConditions } from "@shared/schemas/family.ts";
import { padRtRw } from "@shared/schemas/common.ts";
import {
  createRecordInput,
  deleteRecordInput,
  recordIdInput,
  recordListInput,
  updateRecordInput,
  type CreateRecordInput,
  type DeleteRecordInput,
  type RecordListInput,
  type UpdateRecordInput,
} from "@shared/schemas/register-records.ts";
import type { RegisterStatus } from "@shared/status.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import type { RevisionChange } from "../../db/schema/audit.ts";
import { registerRevisions } from "../../db/schema/audit.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import { familyMembers, registerEvents, registers, type RegisterRow } from "../../db/schema/registers.ts";
import { users } from "../../db/schema/users.ts";
import { actorUserId, actsAsAdmin, authorityOf, type Actor } from "../accounts/actor.ts";
import { audit } from "../audit/audit-log.ts";
import { DomainError, forbidden, type FieldError } from "../common/errors.ts";
import { familyColumns, familyMemberRows } from "./family-rows.ts";
import { addressLine, familySearchCondition, liveFamilies, maskNik } from "./family-scope.ts";
import { newRegistrationNumber } from "./registration-number.ts";
import { diffRecords } from "./revisions.ts";
import { placeInScope, registerInScope, scopeCondition, scopeOf } from "./scope.ts";
import { assertRecordUnlocked } from "../recaps/signoffs.ts";
import { pageOfRegisters } from "./page.ts";
import { parseInput, signedInUser } from "../common/input.ts";

export const staleRecordMessage =
  "Data ini sudah diubah oleh pengguna lain sejak Anda membukanya. Data terbaru ditampilkan; periksa lalu simpan ulang perubahan Anda.";
const deletedRecordMessage = "Data ini sudah dihapus";
const notDeletedMessage = "Data ini tidak dalam keadaan terhapus";
const familyOnlyMessage = "Hanya data registrasi keluarga yang dapat diubah di sini";
const addressOutsideMessage = "Alamat keluarga berada di luar wilayah kerja Anda";
const CONSENT_VERSION = "2026-11";

// ─── List ────────────────────────────────────────────────────────────────────────────────────

/** The dialog list row of SPEC §3 (namaKK, alamat, anggota, tanggal, status, kondisiKhusus). */
export interface RecordListItem {
  id: number;
  registrationNumber: string;
  namaKK: string;
  alamat: string;
  anggota: number;
  /** Survey date, YYYY-MM-DD. */
  tanggal: string;
  status: RegisterStatus;
  kondisiKhusus: SpecialConditionKey[];
  version: number;
  /** ISO 8601, for the deleted list only. */
  deletedAt: string | null;
  deleteReason: string | null;
}

export interface RecordPage {
  items: RecordListItem[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

function toListItem(register: RegisterRow, ward: string | null, district: string | null): RecordListItem {
  return {
    id: register.id,
    registrationNumber: register.registrationNumber,
    namaKK: register.namaKepalaKeluarga,
    alamat: addressLine(register, ward, district),
    anggota: register.memberCount,
    tanggal: register.tanggalPendataan,
    status: register.status,
    kondisiKhusus: specialConditionKeys.filter((key) => register[`${key}Count`] > 0),
    version: register.version,
    deletedAt: register.deletedAt?.toISOString() ?? null,
    deleteReason: register.deleteReason,
  };
}

/** Newest first, searched by head name or address, paged on the server. */
export async function listRecords(db: Db, actor: Actor, raw: RecordListInput): Promise<RecordPage> {
  const user = signedInUser(actor);
  const input = parseInput(recordListInput, raw);
  const scope = scopeOf(user);
  if (scope.area.kind === "none") throw forbidden();
  if (input.deleted && user.role !== "admin") throw forbidden("Hanya admin yang dapat melihat data terhapus");
  const base: SQL | undefined = input.deleted
    ? and(scopeCondition(scope.area), eq(registers.formType, "family_registration"), isNotNull(registers.deletedAt))
    : liveFamilies(scope.area);
  const where = and(base, familySearchCondition(input.search));
  const { rows, total } = await pageOfRegisters(db, {
    where,
    order: [input.deleted ? desc(registers.deletedAt) : desc(registers.createdAt)],
    page: input.page,
    pageSize: input.pageSize,
  });
  return {
    items: rows.map((row) => toListItem(row.register, row.ward, row.district)),
    total,
    page: input.page,
    pageSize: input.pageSize,
    pageCount: Math.max(1, Math.ceil(total / input.pageSize)),
  };
}

// ─── Open ────────────────────────────────────────────────────────────────────────────────────

/** The family as the viewer may see it: officials get masked NIKs and no health fields. */
export type VisibleFamily = Omit<FamilyRegistration, "specialConditions"> & {
  specialConditions: SpecialConditions | null;
};

export interface RecordDetail {
  id: number;
  registrationNumber: string;
  status: RegisterStatus;
  version: number;
  ward: string | null;
  district: string | null;
  createdAt: string;
  updatedAt: string;
  createdByName: string | null;
  deletedAt: string | null;
  deleteReason: string | null;
  /** Full NIKs and health fields (kader and admin); false for officials, who see them masked. */
  sensitive: boolean;
  /** The viewer may edit and delete (a cadre or admin in the area, the record not deleted). */
  canEdit: boolean;
  data: VisibleFamily;
}

function storedFamily(register: RegisterRow): FamilyRegistration {
  const parsed = familyRegistrationSchema.safeParse(register.dataRegister);
  if (!parsed.success) throw new DomainError("CONFLICT", "Data keluarga tersimpan tidak lengkap; hubungi admin");
  return parsed.data;
}

function visibleFamily(family: FamilyRegistration, sensitive: boolean): VisibleFamily {
  if (sensitive) return family;
  return {
    ...family,
    nikKepalaKeluarga: maskNik(family.nikKepalaKeluarga),
    members: family.members.map((member) => ({ ...member, nik: maskNik(member.nik) })),
    specialConditions: null,
    events: undefined,
  };
}

/** Opens one record of the user's area and writes an audit row (who read which record, when). */
export async function openRecord(db: Db, actor: Actor, raw: { registerId: number }): Promise<RecordDetail> {
  const user = signedInUser(actor);
  const { registerId } = parseInput(recordIdInput, raw);
  const row = await registerInScope(db, user, registerId, "read");
  if (row.formType !== "family_registration") throw new DomainError("BAD_REQUEST", familyOnlyMessage);
  if (row.deletedAt !== null && user.role !== "admin") throw new DomainError("NOT_FOUND", deletedRecordMessage);
  const scope = scopeOf(user);
  const sensitive = user.role === "kader" || user.role === "admin";
  const [names] = await db
    .select({ ward: desaKelurahan.nama, district: kecamatan.nama })
    .from(desaKelurahan)
    .innerJoin(kecamatan, eq(kecamatan.id, desaKelurahan.kecamatanId))
    .where(eq(desaKelurahan.id, row.desaKelurahanId ?? 0));
  const [creator] = row.createdBy
    ? await db.select({ name: users.fullName }).from(users).where(eq(users.id, row.createdBy))
    : [];
  await audit(db, actor, {
    action: "read",
    entity: "registers",
    entityId: row.id,
    details: { view: sensitive ? "full" : "masked" },
  });
  return {
    id: row.id,
    registrationNumber: row.registrationNumber,
    status: row.status,
    version: row.version,
    ward: names?.ward ?? null,
    district: names?.district ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdByName: creator?.name ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    deleteReason: row.deleteReason,
    sensitive,
    canEdit: scope.canAct && row.deletedAt === null,
    data: visibleFamily(storedFamily(row), sensitive),
  };
}

// ─── Revisions ───────────────────────────────────────────────────────────────────────────────
export interface RevisionEntry {
  id: number;
  version: number;
  actorName: string | null;
  createdAt: string;
  changes: RevisionChange[];
}

const isNikPath = (path: string) => /(^|\.)nik(KepalaKeluarga)?$/.test(path);
const isHealthPath = (path: string) => path.startsWith("specialConditions");

/** What changed in each edit, by whom, when; officials see NIKs masked and no health fields. */
export async function recordRevisions(db: Db, actor: Actor, raw: { registerId: number }): Promise<RevisionEntry[]> {
  const user = signedInUser(actor);
  const { registerId } = parseInput(recordIdInput, raw);
  await registerInScope(db, user, registerId, "read");
  const sensitive = user.role === "kader" || user.role === "admin";
  const rows = await db
    .select({ revision: registerRevisions, actorName: users.fullName })
    .from(registerRevisions)
    .leftJoin(users, eq(users.id, registerRevisions.actorId))
    .where(eq(registerRevisions.registerId, registerId))
    .orderBy(desc(registerRevisions.createdAt), desc(registerRevisions.id));
  const mask = (value: unknown) => (typeof value === "string" ? maskNik(value) : value);
  return rows.map(({ revision, actorName }) => ({
    id: revision.id,
    version: revision.version,
    actorName,
    createdAt: revision.createdAt.toISOString(),
    changes: sensitive
      ? revision.changes
      : revision.changes
          .filter((change) => !isHealthPath(change.path))
          .map((change) =>
            isNikPath(change.path) ? { ...change, before: mask(change.before), after: mask(change.after) } : change,
          ),
  }));
}

// ─── Writes ──────────────────────────────────────────────────────────────────────────────────

/** The family's address must be a real ward of the chosen kecamatan, inside the cadre's area. */
async function assertAddressInArea(tx: DbOrTx, actor: Actor, family: FamilyRegistration): Promise<void> {
  const [ward] = await tx
    .select({ kecamatanId: desaKelurahan.kecamatanId })
    .from(desaKelurahan)
    .where(eq(desaKelurahan.id, family.address.desaKelurahanId));
  if (!ward || ward.kecamatanId !== family.address.kecamatanId) {
    throw new DomainError("BAD_REQUEST", "Pilih kelurahan", {
      fieldErrors: [{ path: ["address", "desaKelurahanId"], message: "Pilih kelurahan" }],
    });
  }
  const place = {
    desaKelurahanId: family.address.desaKelurahanId,
    wardKecamatanId: ward.kecamatanId,
    rw: padRtRw(family.address.rw),
    rt: padRtRw(family.address.rt),
  };
  if (!placeInScope(scopeOf(actor).area, place)) throw new DomainError("FORBIDDEN", addressOutsideMessage);
}

/** One person, one family: NIKs already used by another family are refused field by field. */
async function assertNiksFree(tx: DbOrTx, family: FamilyRegistration, ownId: number | null): Promise<void> {
  const niks = family.members.map((member) => member.nik);
  const others = ownId === null ? undefined : ne(familyMembers.registerId, ownId);
  const taken = await tx
    .select({ nik: familyMembers.nik })
    .from(familyMembers)
    .where(and(inArray(familyMembers.nik, niks), others));
  const takenSet = new Set(taken.map((row) => row.nik));
  const fieldErrors: FieldError[] = family.members.flatMap((member, index) =>
    takenSet.has(member.nik)
      ? [{ path: ["members", String(index), "nik"], message: "NIK sudah terdaftar pada keluarga lain" }]
      : [],
  );
  const [head] = await tx
    .select({ id: registers.id })
    .from(registers)
    .where(
      and(
        eq(registers.nikKepalaKeluarga, family.nikKepalaKeluarga),
        eq(registers.formType, "family_registration"),
        sql`${registers.deletedAt} is null`,
        ownId === null ? undefined : ne(registers.id, ownId),
      ),
    )
    .limit(1);
  if (head) fieldErrors.unshift({ path: ["nikKepalaKeluarga"], message: "NIK kepala keluarga sudah terdaftar" });
  if (fieldErrors.length > 0)
    throw new DomainError("CONFLICT", fieldErrors.map((error) => error.message).join(", "), { fieldErrors });
}

const storedForm = (family: FamilyRegistration) => ({ ...family, formType: "family_registration" });

export interface SavedRecord {
  registerId: number;
  version: number;
}

/** A signed-in user, or an API token (REST): writes check the scope, which knows both (actor.ts). */
function requireCaller(actor: Actor): void {
  if (authorityOf(actor) === "anonymous") signedInUser(actor);
}

/**
 * A family entered by a cadre (input manual), an admin or a full-access API token: SUBMITTED,
 * created by the caller, with its first event.
 */
export async function createRecord(db: Db, actor: Actor, raw: CreateRecordInput): Promise<SavedRecord> {
  requireCaller(actor);
  const { data } = parseInput(createRecordInput, raw);
  if (!scopeOf(actor).canAct) throw forbidden();
  return db.transaction(async (tx) => {
    await assertAddressInArea(tx, actor, data);
    await assertNiksFree(tx, data, null);
    const [row] = await tx
      .insert(registers)
      .values({
        ...familyColumns(data),
        registrationNumber: newRegistrationNumber(),
        formType: "family_registration",
        status: "SUBMITTED",
        dataRegister: storedForm(data),
        consentAt: new Date(),
        consentVersion: CONSENT_VERSION,
        createdBy: actorUserId(actor),
      })
      .returning({ id: registers.id, version: registers.version });
    if (!row) throw new Error("register insert returned nothing");
    await tx.insert(familyMembers).values(familyMemberRows(row.id, data));
    await tx.insert(registerEvents).values({
      registerId: row.id,
      actorId: actorUserId(actor),
      level: actsAsAdmin(actor) ? "admin" : (actor.user?.level ?? null),
      toStatus: "SUBMITTED",
      note: actor.apiToken ? `Diinput melalui token API #${actor.apiToken.id}` : "Diinput oleh kader",
    });
    await audit(tx, actor, { action: "create", entity: "registers", entityId: row.id });
    return { registerId: row.id, version: row.version };
  });
}

/**
 * Saves the whole family, members included, in one transaction, only if nobody changed it since
 * `version` was read; stores what changed as a revision.
 */
export async function updateRecord(db: Db, actor: Actor, raw: UpdateRecordInput): Promise<SavedRecord> {
  requireCaller(actor);
  const input = parseInput(updateRecordInput, raw);
  return db.transaction(async (tx) => {
    const row = await registerInScope(tx, actor, input.registerId, "act");
    if (row.formType !== "family_registration") throw new DomainError("BAD_REQUEST", familyOnlyMessage);
    if (row.deletedAt !== null) throw new DomainError("CONFLICT", deletedRecordMessage);
    if (row.version !== input.version) throw new DomainError("CONFLICT", staleRecordMessage);
    await assertRecordUnlocked(tx, row, { ...row, ...familyColumns(input.data) });
    await assertAddressInArea(tx, actor, input.data);
    await assertNiksFree(tx, input.data, row.id);
    const [updated] = await tx
      .update(registers)
      .set({
        ...familyColumns(input.data),
        dataRegister: storedForm(input.data),
        version: sql`${registers.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(registers.id, row.id), eq(registers.version, input.version), sql`${registers.deletedAt} is null`))
      .returning({ version: registers.version });
    if (!updated) throw new DomainError("CONFLICT", staleRecordMessage);
    await tx.delete(familyMembers).where(eq(familyMembers.registerId, row.id));
    await tx.insert(familyMembers).values(familyMemberRows(row.id, input.data));
    const changes = diffRecords(row.dataRegister, storedForm(input.data));
    await tx
      .insert(registerRevisions)
      .values({ registerId: row.id, actorId: actorUserId(actor), version: updated.version, changes });
    await audit(tx, actor, {
      action: "update",
      entity: "registers",
      entityId: row.id,
      details: { version: updated.version, paths: changes.map((change) => change.path) },
    });
    return { registerId: row.id, version: updated.version };
  });
}

/** Soft delete with a reason: hidden from lists, kept for an admin to restore, audited. */
export async function deleteRecord(db: Db, actor: Actor, raw: DeleteRecordInput): Promise<SavedRecord> {
  requireCaller(actor);
  const input = parseInput(deleteRecordInput, raw);
  return db.transaction(async (tx) => {
    const row = await registerInScope(tx, actor, input.registerId, "act");
    if (row.formType !== "family_registration") throw new DomainError("BAD_REQUEST", familyOnlyMessage);
    if (row.deletedAt !== null) throw new DomainError("CONFLICT", deletedRecordMessage);
    await assertRecordUnlocked(tx, row);
    const [updated] = await tx
      .update(registers)
      .set({
        deletedAt: new Date(),
        deletedBy: actorUserId(actor),
        deleteReason: input.reason,
        version: sql`${registers.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(registers.id, row.id), eq(registers.version, input.version), sql`${registers.deletedAt} is null`))
      .returning({ version: registers.version });
    if (!updated) throw new DomainError("CONFLICT", staleRecordMessage);
    await audit(tx, actor, {
      action: "delete",
      entity: "registers",
      entityId: row.id,
      details: { reason: input.reason },
    });
    return { registerId: row.id, version: updated.version };
  });
}

/** An admin brings a soft-deleted record back, unless its head NIK was registered again meanwhile. */
export async function restoreRecord(db: Db, actor: Actor, raw: { registerId: number }): Promise<SavedRecord> {
  const user = signedInUser(actor);
  const { registerId } = parseInput(recordIdInput, raw);
  if (user.role !== "admin") throw forbidden("Hanya admin yang dapat memulihkan data");
  return db.transaction(async (tx) => {
    const row = await registerInScope(tx, user, registerId, "act");
    if (row.deletedAt === null) throw new DomainError("CONFLICT", notDeletedMessage);
    await assertRecordUnlocked(tx, row);
    const [clash] = await tx
      .select({ id: registers.id })
      .from(registers)
      .where(
        and(
          eq(registers.nikKepalaKeluarga, row.nikKepalaKeluarga),
          eq(registers.formType, "family_registration"),
          sql`${registers.deletedAt} is null`,
        ),
      )
      .limit(1);
    if (clash)
      throw new DomainError(
        "CONFLICT",
        "NIK kepala keluarga ini sudah terdaftar lagi pada data lain; data tidak dapat dipulihkan",
      );
    const [updated] = await tx
      .update(registers)
      .set({
        deletedAt: null,
        deletedBy: null,
        deleteReason: null,
        version: sql`${registers.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(registers.id, row.id))
      .returning({ version: registers.version });
    if (!updated) throw new Error("restore updated nothing");
    await audit(tx, actor, {
      action: "restore",
      entity: "registers",
      entityId: row.id,
      details: { reason: row.deleteReason },
    });
    return { registerId: row.id, version: updated.version };
  });
}

/** Members in form order (for tests and exports that read the child table). */
export async function membersOf(db: DbOrTx, registerId: number) {
  return db
    .select()
    .from(familyMembers)
    .where(eq(familyMembers.registerId, registerId))
    .orderBy(asc(familyMembers.position));
}

// One family record in the cadre workspace (the Maker Checker dialog): list, open (audited, masked for
// officials), create by a cadre, edit with optimistic concurrency and a revision, soft delete and an
// admin's restore. Every write goes through familyColumns/familyMemberRows, like the public form.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { specialConditionKeys, type SpecialConditionKey } from "@shared/enums.ts";
import { storedFamilySchema, type FamilyRegistration } from "@shared/schemas/family.ts";
import { padRtRw } from "@shared/schemas/common.ts";
import {
  nikBirthWarnings,
  nikConfirmationNeededMessage,
  nikWarningsToConfirm,
  sameNikFacts,
  type RuleMember,
} from "@shared/household-rules.ts";
import {
  createRecordInput,
  deleteRecordInput,
  recordIdInput,
  recordListInput,
  reopenRecordInput,
  setLocationInput,
  updateRecordInput,
  type CreateRecordInput,
  type LocationSource,
  type SetLocationInput,
  type DeleteRecordInput,
  type RecordListInput,
  type ReopenRecordInput,
  type UpdateRecordInput,
} from "@shared/schemas/register-records.ts";
import {
  canReopen,
  isLocked,
  lockedMessage,
  REOPEN_LABEL,
  reopenRefusal,
  type RegisterStatus,
  allowedActions,
  type WorkflowAction,
} from "@shared/status.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { writeTransaction } from "../../db/write-transaction.ts";
import type { RevisionChange } from "../../db/schema/audit.ts";
import { registerRevisions } from "../../db/schema/audit.ts";
import { desaKelurahan, kecamatan } from "../../db/schema/regions.ts";
import {
  familyMembers,
  householdLocations,
  registerEvents,
  registers,
  type RegisterRow,
} from "../../db/schema/registers.ts";
import { users } from "../../db/schema/users.ts";
import { actorUserId, actsAsAdmin, type Actor } from "../accounts/actor.ts";
import { audit } from "../audit/audit-log.ts";
import { requireAdmin, requireCaller } from "../common/access.ts";
import { DomainError, forbidden } from "../common/errors.ts";
import { parseInput } from "../common/input.ts";
import { isUniqueViolation } from "../common/unique-violation.ts";
import { unknownWardError, wardOutsideKecamatanError } from "../common/ward-in-kecamatan.ts";
import { familyColumns, familyMemberRows, firstEventRow, storedForm } from "./family-rows.ts";
import { addressLine } from "./family-scope.ts";
import { familySearch } from "./family-search.ts";
import { liveFamilyCount } from "../figures/family-count.ts";
import { assertNiksFree, findTakenNik, withLostRaces } from "./nik-uniqueness.ts";
import { newestDeletedFirst, newestFirst, pageOfRegisters, pageOfSelection, type ListedRegister } from "./page.ts";
import {
  deletedRecordMessage,
  readableRegister,
  readPolicyOf,
  selectionCondition,
  visibleSelection,
} from "./policy.ts";
import {
  isSensitiveView,
  LOCATION_PATH,
  presentChanges,
  presentConditions,
  presentFamily,
  presentLocation,
  presentNote,
  whatsappContact,
  type VisibleFamily,
} from "./presenter.ts";
import { newRegistrationNumber } from "./registration-number.ts";
import { diffRecords } from "./revisions.ts";
import { reviewNotes } from "./status-lookup.ts";
import { notifyFamily } from "./status-mail.ts";
import { claimIdempotencyKey, requestHash, settleIdempotencyKey } from "./idempotency.ts";
import { FAMILY_CONSENT_VERSION } from "@shared/schemas/registration.ts";
import type { MailConfig } from "../mail/mail.ts";
import { workflowRoleOf } from "./workflow-role.ts";
import { placeInScope, registerInScope, scopeOf, wardsOfPlace, type ScopedRegister } from "./scope.ts";
import { assertRecordUnlocked } from "../recaps/signoffs.ts";

export type { VisibleFamily } from "./presenter.ts";

export const staleRecordMessage =
  "Data ini sudah diubah oleh pengguna lain sejak Anda membukanya. Data terbaru ditampilkan; periksa lalu simpan ulang perubahan Anda.";
const notDeletedMessage = "Data ini tidak dalam keadaan terhapus";
const familyOnlyMessage = "Hanya data registrasi keluarga yang dapat diubah di sini";
const addressOutsideMessage = "Alamat keluarga berada di luar wilayah kerja Anda";
const ENTITY = "registers";

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
  /** Null for officials (aparat): no health data. */
  kondisiKhusus: SpecialConditionKey[] | null;
  version: number;
  /** ISO 8601, for the deleted list only. */
  deletedAt: string | null;
  deleteReason: string | null;
  /** The family's phone for 'Kabari lewat WhatsApp' (cadres and admins; null for officials). */
  contactPhone: string | null;
  /** The note the family reads (needs revision, rejected), for the WhatsApp message; null otherwise. */
  familyNote: string | null;
}

export interface RecordPage {
  items: RecordListItem[];
  total: number;
  /** True when more than TOTAL_CAP (1,000) records match a search and `total` is that cap (shown as '1.000+'). */
  totalCapped: boolean;
  page: number;
  pageSize: number;
  pageCount: number;
}

function toListItem(
  { view, scope }: ReturnType<typeof readPolicyOf>,
  register: ListedRegister,
  ward: string | null,
  district: string | null,
  familyNote: string | null,
): RecordListItem {
  return {
    id: register.id,
    registrationNumber: register.registrationNumber,
    namaKK: register.namaKepalaKeluarga,
    alamat: addressLine(register, ward, district),
    anggota: register.memberCount,
    tanggal: register.tanggalPendataan,
    status: register.status,
    kondisiKhusus:
      presentConditions(
        view,
        specialConditionKeys.map((key) => ({ key, count: register[`${key}Count`] })).filter((item) => item.count > 0),
      )?.map((item) => item.key) ?? null,
    version: register.version,
    deletedAt: register.deletedAt?.toISOString() ?? null,
    deleteReason: register.deleteReason,
    contactPhone: register.deletedAt === null ? whatsappContact(view, scope.canAct, register.nomorHp) : null,
    familyNote: presentNote(view, familyNote),
  };
}

/** Newest first, searched by head name or address, paged on the server. */
export async function listRecords(db: Db, actor: Actor, raw: RecordListInput): Promise<RecordPage> {
  const input = parseInput(recordListInput, raw);
  const policy = readPolicyOf(actor);
  const { scope, view } = policy;
  const selection = visibleSelection(actor, { forms: "families", deleted: input.deleted });
  const search = await familySearch(db, input.search, view);
  const listed = {
    page: input.page,
    pageSize: input.pageSize,
    wards: await wardsOfPlace(db, scope.area),
  };
  // An unsearched list of live families has its exact total in the rollups; a search counts up
  // to the cap.
  const { rows, total, totalCapped } =
    search === undefined
      ? await pageOfSelection(db, {
          ...listed,
          selection,
          order: input.deleted ? newestDeletedFirst : newestFirst,
          ...(input.deleted ? {} : { total: await liveFamilyCount(db, scope.area) }),
        })
      : await pageOfRegisters(db, {
          ...listed,
          where: and(selectionCondition(selection, "inline"), search),
          order: (input.deleted ? newestDeletedFirst : newestFirst).keys,
        });
  const notes = await reviewNotes(db, input.deleted ? [] : rows.map((row) => row.register));
  const items = rows.map((row) =>
    toListItem(policy, row.register, row.ward, row.district, notes.get(row.register.id)?.note ?? null),
  );
  if (isSensitiveView(view) && items.length > 0) {
    await audit(db, actor, {
      action: "register.read",
      entity: ENTITY,
      details: { surface: "list", ids: items.map((item) => item.id) },
    });
  }
  return {
    items,
    total,
    totalCapped,
    page: input.page,
    pageSize: input.pageSize,
    pageCount: Math.max(1, Math.ceil(total / input.pageSize)),
  };
}

// ─── Open ────────────────────────────────────────────────────────────────────────────────────

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
  /** The viewer may edit and delete (a cadre or admin in the area, the record neither deleted nor locked). */
  canEdit: boolean;
  /** Verified (RT_VERIFIED and later): no edit or delete until reopened. */
  locked: boolean;
  /** Why Edit and Hapus are disabled (the lock), or null. */
  lockReason: string | null;
  /** The viewer may reopen the record ('Buka Kembali'). */
  canReopen: boolean;
  /** The validation moves the viewer may make now (the Maker Checker's action bar). */
  actions: WorkflowAction[];
  /** Where the house is (personal data like a NIK): null when none is recorded, and always for officials. */
  location: RecordLocation | null;
  /** The viewer may record or remove the house location (a cadre or admin in the area, the record live). */
  canSetLocation: boolean;
  /** The family's phone for 'Kabari lewat WhatsApp' (cadres and admins in the area; else null). */
  contactPhone: string | null;
  /** The note the family reads (needs revision, rejected), for the WhatsApp message; null otherwise. */
  familyNote: string | null;
  /** Members a cadre confirmed although their NIK disagrees with birth date or sex (full views only). */
  nikConfirmations: RuleMember[];
  data: VisibleFamily;
}

export interface RecordLocation {
  latitude: number;
  longitude: number;
  source: LocationSource;
  accuracyM: number | null;
  /** ISO 8601. */
  recordedAt: string;
  recordedByName: string | null;
}

/** The house location of one family, for the full view only (the caller checks the view). */
async function locationOf(db: DbOrTx, registerId: number): Promise<RecordLocation | null> {
  const [row] = await db
    .select({ location: householdLocations, name: users.fullName })
    .from(householdLocations)
    .leftJoin(users, eq(users.id, householdLocations.recordedBy))
    .where(eq(householdLocations.registerId, registerId));
  if (!row) return null;
  return {
    latitude: row.location.latitude,
    longitude: row.location.longitude,
    source: row.location.source,
    accuracyM: row.location.accuracyM,
    recordedAt: row.location.recordedAt.toISOString(),
    recordedByName: row.name,
  };
}

function storedFamily(register: RegisterRow): FamilyRegistration {
  const parsed = storedFamilySchema.safeParse(register.dataRegister);
  if (!parsed.success) throw new DomainError("CONFLICT", "Data keluarga tersimpan tidak lengkap; hubungi admin");
  return parsed.data;
}

/**
 * The members a cadre confirmed as they are although their NIK disagrees with the birth date or sex
 * (data_register.nikConfirmations: NIK, birth date, sex). Kept in the stored form, so the revision
 * that added one records who confirmed it and when.
 */
const confirmationsShape = z.object({
  nikConfirmations: z.array(z.object({ nik: z.string(), gender: z.string(), birthDate: z.string() })),
});

function nikConfirmationsOf(stored: unknown): RuleMember[] {
  const parsed = confirmationsShape.safeParse(stored);
  return parsed.success ? parsed.data.nikConfirmations : [];
}

/**
 * A cadre's save of members whose NIK disagrees with their birth date or sex needs the explicit
 * confirmation (household-rules.ts) unless a cadre confirmed them as they are before; refused beside
 * each such NIK otherwise. Answers the member numbers (1-based) confirmed in this save (for the audit
 * row) and the confirmations the stored form keeps (earlier ones still true, and the new ones). The
 * family's own correction (`byCadre` false) never confirms, but keeps what a cadre confirmed.
 */
function nikConfirmation(
  data: FamilyRegistration,
  earlier: RuleMember[],
  byCadre: boolean,
  confirmed: boolean,
): { members: number[]; kept: RuleMember[] } {
  const needed = nikWarningsToConfirm(data.members, earlier);
  if (byCadre && needed.length > 0 && !confirmed) {
    throw new DomainError("BAD_REQUEST", nikConfirmationNeededMessage, {
      fieldErrors: needed.map(({ index, message }) => ({
        path: ["data", "members", String(index), "nik"],
        message: `${message}. ${nikConfirmationNeededMessage}`,
      })),
    });
  }
  const vouched = byCadre && confirmed;
  const kept = nikBirthWarnings(data.members).flatMap(({ index }) => {
    const member = data.members[index];
    if (!member) return [];
    const facts = { nik: member.nik, birthDate: member.birthDate, gender: member.gender };
    return vouched || earlier.some((item) => sameNikFacts(item, facts)) ? [facts] : [];
  });
  return { members: needed.map(({ index }) => index + 1), kept };
}

/** The stored form with the NIK confirmations it keeps (none: no key). */
function withConfirmations<T extends object>(
  stored: T,
  kept: RuleMember[],
): T | (T & { nikConfirmations: RuleMember[] }) {
  return kept.length > 0 ? { ...stored, nikConfirmations: kept } : stored;
}

/** The workflow identity for the lock rules: a full-access API token acts as an admin. */
function reopenerOf(actor: Actor) {
  if (actsAsAdmin(actor)) return { role: "admin" as const, level: null };
  return actor.user;
}

/** Opens one record of the user's area and writes an audit row (who read which record, when). */
export async function openRecord(db: Db, actor: Actor, raw: { registerId: number }): Promise<RecordDetail> {
  const { registerId } = parseInput(recordIdInput, raw);
  const { scope, view } = readPolicyOf(actor);
  const row = await readableRegister(db, actor, registerId);
  if (row.formType !== "family_registration") throw new DomainError("BAD_REQUEST", familyOnlyMessage);
  const [names] = await db
    .select({ ward: desaKelurahan.nama, district: kecamatan.nama })
    .from(desaKelurahan)
    .innerJoin(kecamatan, eq(kecamatan.id, desaKelurahan.kecamatanId))
    .where(eq(desaKelurahan.id, row.desaKelurahanId ?? 0));
  const [creator] = row.createdBy
    ? await db.select({ name: users.fullName }).from(users).where(eq(users.id, row.createdBy))
    : [];
  // The location is personal data: the presenter gives officials none (so it is not even read for
  // them), and a read of it is audited with the open.
  const stored = isSensitiveView(view) ? await locationOf(db, row.id) : null;
  const location = presentLocation(view, stored);
  await audit(db, actor, {
    action: "register.read",
    entity: ENTITY,
    entityId: row.id,
    details: { surface: "open", view, ...(location ? { location: true } : {}) },
  });
  const locked = isLocked(row.status);
  const live = row.deletedAt === null;
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
    sensitive: isSensitiveView(view),
    canEdit: scope.canAct && live && !locked,
    locked,
    lockReason: locked ? lockedMessage(row.status) : null,
    canReopen: scope.canAct && live && canReopen(row.status, reopenerOf(actor)),
    actions: scope.canAct && live ? allowedActions(row.status, workflowRoleOf(actor)) : [],
    location,
    canSetLocation: scope.canAct && live && isSensitiveView(view),
    contactPhone: live ? whatsappContact(view, scope.canAct, row.nomorHp) : null,
    familyNote: presentNote(view, (await reviewNotes(db, [row])).get(row.id)?.note ?? null),
    nikConfirmations: isSensitiveView(view) ? nikConfirmationsOf(row.dataRegister) : [],
    data: presentFamily(view, storedFamily(row)),
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

/** What changed in each edit, by whom, when; officials see NIKs masked and no health fields. */
export async function recordRevisions(db: Db, actor: Actor, raw: { registerId: number }): Promise<RevisionEntry[]> {
  const { registerId } = parseInput(recordIdInput, raw);
  const { view } = readPolicyOf(actor);
  await readableRegister(db, actor, registerId);
  const rows = await db
    .select({ revision: registerRevisions, actorName: users.fullName })
    .from(registerRevisions)
    .leftJoin(users, eq(users.id, registerRevisions.actorId))
    .where(eq(registerRevisions.registerId, registerId))
    .orderBy(desc(registerRevisions.createdAt), desc(registerRevisions.id));
  if (isSensitiveView(view) && rows.length > 0) {
    await audit(db, actor, {
      action: "register.read",
      entity: ENTITY,
      entityId: registerId,
      details: { surface: "revisions" },
    });
  }
  return rows.map(({ revision, actorName }) => ({
    id: revision.id,
    version: revision.version,
    actorName,
    createdAt: revision.createdAt.toISOString(),
    changes: presentChanges(view, revision.changes),
  }));
}

// ─── Writes ──────────────────────────────────────────────────────────────────────────────────

/** The family's address must be a real ward of the chosen kecamatan, inside the cadre's area. */
async function assertAddressInArea(tx: DbOrTx, actor: Actor, family: FamilyRegistration): Promise<void> {
  const [ward] = await tx
    .select({ kecamatanId: desaKelurahan.kecamatanId })
    .from(desaKelurahan)
    .where(eq(desaKelurahan.id, family.address.desaKelurahanId));
  // The same answers as the resident's form (public-registration.ts checkRegion).
  if (!ward) throw unknownWardError();
  if (ward.kecamatanId !== family.address.kecamatanId) throw wardOutsideKecamatanError();
  const place = {
    desaKelurahanId: family.address.desaKelurahanId,
    wardKecamatanId: ward.kecamatanId,
    rw: padRtRw(family.address.rw),
    rt: padRtRw(family.address.rt),
  };
  if (!placeInScope(scopeOf(actor).area, place)) throw new DomainError("FORBIDDEN", addressOutsideMessage);
}

export interface SavedRecord {
  registerId: number;
  version: number;
}

/** The row as it was read (same version and status, still live): a concurrent change makes the write miss. */
const unchangedSince = (row: RegisterRow, version: number) =>
  and(
    eq(registers.id, row.id),
    eq(registers.version, version),
    eq(registers.status, row.status),
    sql`${registers.deletedAt} is null`,
  );

/** A record that is not a live family, or is locked by a verification, cannot be edited or deleted. */
function assertEditable(row: ScopedRegister): void {
  if (row.formType !== "family_registration") throw new DomainError("BAD_REQUEST", familyOnlyMessage);
  if (row.deletedAt !== null) throw new DomainError("CONFLICT", deletedRecordMessage);
  if (isLocked(row.status)) throw new DomainError("CONFLICT", lockedMessage(row.status));
}

/** Whose idempotency keys a create's key is among: the account's, or the API token's. */
function callerKey(actor: Actor): string {
  if (actor.apiToken) return `token-${actor.apiToken.id}`;
  if (actor.user) return `user-${actor.user.id}`;
  throw forbidden();
}

/** The family an earlier create with the same key made, as that create answered it (its current version). */
async function savedRecordOf(tx: DbOrTx, registerId: number): Promise<SavedRecord> {
  const [row] = await tx.select({ version: registers.version }).from(registers).where(eq(registers.id, registerId));
  if (!row) throw new DomainError("NOT_FOUND", "Data registrasi tidak ditemukan");
  return { registerId, version: row.version };
}

/**
 * A family entered by a cadre (input manual), an admin or a full-access API token: SUBMITTED,
 * created by the caller, with its first event.
 */
export async function createRecord(db: Db, actor: Actor, raw: CreateRecordInput): Promise<SavedRecord> {
  requireCaller(actor);
  const { data, confirmNik, idempotencyKey } = parseInput(createRecordInput, raw);
  if (!scopeOf(actor).canAct) throw forbidden();
  // Each caller's keys are its own: another account's key never answers with this one's family.
  const key = idempotencyKey ? `record:${callerKey(actor)}:${idempotencyKey}` : null;
  return withLostRaces(db, data, null, "cadre", () =>
    writeTransaction(db, async (tx) => {
      const earlier = key ? await claimIdempotencyKey(tx, key, requestHash({ data, confirmNik })) : null;
      if (earlier) return savedRecordOf(tx, earlier.earlierRegisterId);
      // Independent reads, sent together; the address's refusal (sent first) is the one that stands.
      await Promise.all([assertAddressInArea(tx, actor, data), assertNiksFree(tx, data, null, "cadre")]);
      const nik = nikConfirmation(data, [], true, confirmNik);
      // One clock for the number, the registration date and created_at (which the queue, rollups and
      // reports date the family by): left to its default, created_at is the transaction's start, a
      // day earlier than the number when midnight WIB falls between.
      const now = new Date();
      const [row] = await tx
        .insert(registers)
        .values({
          ...familyColumns(data),
          registrationNumber: newRegistrationNumber(now),
          createdAt: now,
          updatedAt: now,
          formType: "family_registration",
          status: "SUBMITTED",
          dataRegister: withConfirmations(storedForm(data, null, now), nik.kept),
          consentAt: now,
          consentVersion: FAMILY_CONSENT_VERSION,
          createdBy: actorUserId(actor),
        })
        .returning({ id: registers.id, version: registers.version });
      if (!row) throw new Error("register insert returned nothing");
      // Sent together and run in order; a refusal of the first (a NIK taken meanwhile) fails the rest.
      await Promise.all([
        tx.insert(familyMembers).values(familyMemberRows(row.id, data)),
        tx.insert(registerEvents).values(
          firstEventRow(row.id, {
            actorId: actorUserId(actor),
            level: actsAsAdmin(actor) ? "admin" : (actor.user?.level ?? null),
            note: actor.apiToken ? `Diinput melalui token API #${actor.apiToken.id}` : "Diinput oleh kader",
          }),
        ),
        audit(tx, actor, {
          action: "register.create",
          entity: ENTITY,
          entityId: row.id,
          ...(nik.members.length > 0 ? { details: { nikConfirmed: nik.members } } : {}),
        }),
        ...(key ? [settleIdempotencyKey(tx, key, row.id)] : []),
      ]);
      return { registerId: row.id, version: row.version };
    }),
  );
}

/**
 * Saves the whole family, members included, in one transaction, only if nobody changed it since
 * `version` was read and no verification locked it; stores what changed as a revision. The parts the
 * server set (registration date, form type, consent) stay as they were.
 */
export async function updateRecord(db: Db, actor: Actor, raw: UpdateRecordInput): Promise<SavedRecord> {
  requireCaller(actor);
  const input = parseInput(updateRecordInput, raw);
  return withLostRaces(db, input.data, input.registerId, "cadre", () =>
    writeTransaction(db, (tx) => editRecordIn(tx, actor, input)),
  );
}

/**
 * updateRecord's checks and write inside the caller's transaction, for a caller that writes more in
 * the same transaction (an edit and a status move in one REST PUT). The caller maps lost races
 * (withLostRaces).
 */
export async function editRecordIn(
  tx: DbOrTx,
  actor: Actor,
  input: z.output<typeof updateRecordInput>,
): Promise<SavedRecord> {
  const row = await registerInScope(tx, actor, input.registerId, "act");
  assertEditable(row);
  if (row.version !== input.version) throw new DomainError("CONFLICT", staleRecordMessage);
  // Independent checks, sent together.
  await Promise.all([
    assertRecordUnlocked(tx, row, { ...row, ...familyColumns(input.data) }),
    assertAddressInArea(tx, actor, input.data),
  ]);
  return writeFamilyVersion(tx, actor, row, input.data, input.version, "cadre", undefined, input.confirmNik);
}

/**
 * The one write of a new version of a family (the cadre's edit and the family's own correction):
 * NIKs free (409 otherwise), the row and its members replaced only if nobody changed it since
 * `version`, the change stored as a revision and audited. Optionally moves the status in the same
 * update (a correction sends the record back to SUBMITTED). Runs inside the caller's transaction.
 */
export async function writeFamilyVersion(
  tx: DbOrTx,
  actor: Actor,
  row: RegisterRow,
  data: FamilyRegistration,
  version: number,
  audience: "public" | "cadre",
  status?: RegisterStatus,
  /** A cadre's save: whether the cadre confirmed members whose NIK disagrees with birth date or sex. */
  confirmNik = false,
): Promise<SavedRecord> {
  await assertNiksFree(tx, data, row.id, audience);
  const nik = nikConfirmation(data, nikConfirmationsOf(row.dataRegister), audience === "cadre", confirmNik);
  const stored = withConfirmations(storedForm(data, row.dataRegister), nik.kept);
  const changes = diffRecords(row.dataRegister, stored);
  // The guard below matches only the version read, so the saved version is known before the
  // writes, which are sent together (one round trip) and run in this order; a missed guard (someone
  // saved first) rolls all of them back.
  const saved = version + 1;
  const [[updated]] = await Promise.all([
    tx
      .update(registers)
      .set({
        ...familyColumns(data),
        ...(status ? { status } : {}),
        dataRegister: stored,
        version: sql`${registers.version} + 1`,
        updatedAt: new Date(),
      })
      .where(unchangedSince(row, version))
      .returning({ version: registers.version }),
    tx.delete(familyMembers).where(eq(familyMembers.registerId, row.id)),
    tx.insert(familyMembers).values(familyMemberRows(row.id, data)),
    tx.insert(registerRevisions).values({ registerId: row.id, actorId: actorUserId(actor), version: saved, changes }),
    audit(tx, actor, {
      action: "register.update",
      entity: ENTITY,
      entityId: row.id,
      details: {
        version: saved,
        paths: changes.map((change) => change.path),
        ...(audience === "public" ? { by: "family" } : {}),
        ...(nik.members.length > 0 ? { nikConfirmed: nik.members } : {}),
      },
    }),
  ]);
  if (!updated) throw new DomainError("CONFLICT", staleRecordMessage);
  return { registerId: row.id, version: updated.version };
}

/** Soft delete with a reason: hidden from lists, kept for an admin to restore, audited. Locked records refuse. */
export async function deleteRecord(db: Db, actor: Actor, raw: DeleteRecordInput): Promise<SavedRecord> {
  requireCaller(actor);
  const input = parseInput(deleteRecordInput, raw);
  return writeTransaction(db, async (tx) => {
    const row = await registerInScope(tx, actor, input.registerId, "act");
    assertEditable(row);
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
      .where(unchangedSince(row, input.version))
      .returning({ version: registers.version });
    if (!updated) throw new DomainError("CONFLICT", staleRecordMessage);
    // The deleted family stops holding its members' NIKs; the rows stay for the audit trail.
    await tx.update(familyMembers).set({ deletedAt: new Date() }).where(eq(familyMembers.registerId, row.id));
    await audit(tx, actor, {
      action: "register.delete",
      entity: ENTITY,
      entityId: row.id,
      details: { reason: input.reason },
    });
    return { registerId: row.id, version: updated.version };
  });
}

/**
 * Records (or removes, with null) where the house is, in one transaction: the record must be a live
 * family of the cadre's area, unchanged since `version`; the version moves on, the change is stored
 * as a revision (path "lokasiRumah") and audited ('register.location', never the coordinates). A
 * verified record accepts a location too: it changes no verified field and no figure.
 */
export async function setRecordLocation(db: Db, actor: Actor, raw: SetLocationInput): Promise<SavedRecord> {
  requireCaller(actor);
  const input = parseInput(setLocationInput, raw);
  return writeTransaction(db, async (tx) => {
    const row = await registerInScope(tx, actor, input.registerId, "act");
    if (row.formType !== "family_registration") throw new DomainError("BAD_REQUEST", familyOnlyMessage);
    if (row.deletedAt !== null) throw new DomainError("CONFLICT", deletedRecordMessage);
    if (row.version !== input.version) throw new DomainError("CONFLICT", staleRecordMessage);
    const before = await locationOf(tx, row.id);
    const [updated] = await tx
      .update(registers)
      .set({ version: sql`${registers.version} + 1`, updatedAt: new Date() })
      .where(unchangedSince(row, input.version))
      .returning({ version: registers.version });
    if (!updated) throw new DomainError("CONFLICT", staleRecordMessage);
    const next = input.location;
    if (next) {
      const values = {
        latitude: next.latitude,
        longitude: next.longitude,
        source: next.source,
        accuracyM: next.accuracyM,
        recordedAt: new Date(),
        recordedBy: actorUserId(actor),
      };
      await tx
        .insert(householdLocations)
        .values({ registerId: row.id, ...values })
        .onConflictDoUpdate({ target: householdLocations.registerId, set: values });
    } else {
      await tx.delete(householdLocations).where(eq(householdLocations.registerId, row.id));
    }
    const point = (value: { latitude: number; longitude: number } | null) =>
      value ? { latitude: value.latitude, longitude: value.longitude } : null;
    await tx.insert(registerRevisions).values({
      registerId: row.id,
      actorId: actorUserId(actor),
      version: updated.version,
      changes: [{ path: LOCATION_PATH, before: point(before), after: point(next) }],
    });
    await audit(tx, actor, {
      action: "register.location",
      entity: ENTITY,
      entityId: row.id,
      details: { version: updated.version, ...(next ? { source: next.source } : { cleared: true }) },
    });
    return { registerId: row.id, version: updated.version };
  });
}

const restoreClashMessage = "NIK keluarga ini sudah terdaftar lagi pada data lain; data tidak dapat dipulihkan";

/** An admin brings a soft-deleted record back, unless its head NIK was registered again meanwhile. */
export async function restoreRecord(db: Db, actor: Actor, raw: { registerId: number }): Promise<SavedRecord> {
  const { registerId } = parseInput(recordIdInput, raw);
  requireAdmin(actor);
  try {
    return await writeTransaction(db, async (tx) => {
      const row = await registerInScope(tx, actor, registerId, "act");
      if (row.deletedAt === null) throw new DomainError("CONFLICT", notDeletedMessage);
      await assertRecordUnlocked(tx, row);
      // Its NIKs (head or members) may have been registered again while it was deleted: 409 naming one.
      const taken = await findTakenNik(tx, storedFamily(row), row.id);
      if (taken) throw new DomainError("CONFLICT", `${restoreClashMessage} (NIK ${taken})`);
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
      await tx.update(familyMembers).set({ deletedAt: null }).where(eq(familyMembers.registerId, row.id));
      await audit(tx, actor, { action: "register.restore", entity: ENTITY, entityId: row.id });
      return { registerId: row.id, version: updated.version };
    });
  } catch (error) {
    // Restored while the same head registered again: the live-head index refuses the second one.
    if (isUniqueViolation(error)) throw new DomainError("CONFLICT", restoreClashMessage);
    throw error;
  }
}

/**
 * 'Buka Kembali': a cadre at or above the level that verified a locked record, or an admin, sends it
 * back to SUBMITTED with a reason; every level verifies it again, and only now may it be edited.
 */
export async function reopenRecord(
  db: Db,
  actor: Actor,
  raw: ReopenRecordInput,
  mail?: MailConfig,
): Promise<SavedRecord> {
  requireCaller(actor);
  const input = parseInput(reopenRecordInput, raw);
  return writeTransaction(db, async (tx) =>
    reopenRowIn(tx, actor, await registerInScope(tx, actor, input.registerId, "act"), input, mail),
  );
}

/**
 * reopenRecord's checks and write for a row already read and locked in the caller's transaction
 * (a REST `status: SUBMITTED` reads the row first to know which move it asks for).
 */
export async function reopenRowIn(
  tx: DbOrTx,
  actor: Actor,
  row: ScopedRegister,
  input: z.output<typeof reopenRecordInput>,
  mail?: MailConfig,
): Promise<SavedRecord> {
  if (row.formType !== "family_registration") throw new DomainError("BAD_REQUEST", familyOnlyMessage);
  if (row.deletedAt !== null) throw new DomainError("CONFLICT", deletedRecordMessage);
  const refused = reopenRefusal(row.status, reopenerOf(actor));
  if (refused) throw new DomainError(isLocked(row.status) ? "FORBIDDEN" : "CONFLICT", refused);
  if (row.version !== input.version) throw new DomainError("CONFLICT", staleRecordMessage);
  await assertRecordUnlocked(tx, row);
  // The event first, so the register is written once (see workflow.ts applyMove).
  await tx.insert(registerEvents).values({
    registerId: row.id,
    actorId: actorUserId(actor),
    level: actsAsAdmin(actor) ? "admin" : (actor.user?.level ?? null),
    fromStatus: row.status,
    toStatus: "SUBMITTED",
    note: `${REOPEN_LABEL}: ${input.reason}`,
  });
  const [updated] = await tx
    .update(registers)
    .set({ status: "SUBMITTED", version: sql`${registers.version} + 1`, updatedAt: new Date() })
    .where(and(eq(registers.id, row.id), eq(registers.version, row.version), eq(registers.status, row.status)))
    .returning({ version: registers.version });
  if (!updated) throw new DomainError("CONFLICT", staleRecordMessage);
  await notifyFamily(tx, mail, row, "SUBMITTED", `${REOPEN_LABEL}: ${input.reason}`);
  await audit(tx, actor, {
    action: "register.reopen",
    entity: ENTITY,
    entityId: row.id,
    details: { fromStatus: row.status, version: updated.version },
  });
  return { registerId: row.id, version: updated.version };
}

/** Members in form order (for tests and exports that read the child table). */
export async function membersOf(db: DbOrTx, registerId: number) {
  return db
    .select()
    .from(familyMembers)
    .where(eq(familyMembers.registerId, registerId))
    .orderBy(asc(familyMembers.position));
}

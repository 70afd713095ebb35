// The tiered validation of family registers (DESIGN §4): every status move, from any transport,
// goes through transition/bulkVerify here. The rules themselves live in shared/src/status.ts.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { specialConditionKeys, type SpecialConditionKey } from "@shared/enums.ts";
import {
  bulkVerifyInput,
  historyInput,
  queueInput,
  transitionInput,
  type BulkVerifyInput,
  type QueueInput,
  type TransitionInput,
} from "@shared/schemas/workflow.ts";
import { reopenRecordInput, updateRecordInput, type UpdateRecordInput } from "@shared/schemas/register-records.ts";
import {
  allowedActions,
  decideTransition,
  isLocked,
  nextStatus,
  reopenReasonRequiredMessage,
  registerStatuses,
  workflowActions,
  openStatuses,
  statusesWaitingFor,
  statusLabel,
  validationLevelLabels,
  actingLevel,
  workflowActionLabels,
  workflowActorOf,
  type RegisterStatus,
  type ValidationLevel,
  type WorkflowAction,
  type WorkflowActor,
} from "@shared/status.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { writeTransaction } from "../../db/write-transaction.ts";
import { registerEvents, registers } from "../../db/schema/registers.ts";
import { users } from "../../db/schema/users.ts";
import { actorUserId, authorityOf, type Actor, type SessionUser } from "../accounts/actor.ts";
import { audit } from "../audit/audit-log.ts";
import { requireCaller, signedInUser } from "../common/access.ts";
import { parseInput } from "../common/input.ts";
import { DomainError, forbidden } from "../common/errors.ts";
import { eventDetailsRefusal } from "../recaps/event-check.ts";
import {
  assertFilterInScope,
  readOnlyMessage,
  readOnlyTokenMessage,
  registerInScope,
  wardsOfPlace,
  type ScopedRegister,
} from "./scope.ts";
import { newestFirst, pageOfSelection } from "./page.ts";
import { liveFamilyCount } from "../figures/family-count.ts";
import { healthFilterRefusal, readableRegister, readPolicyOf, visibleSelection } from "./policy.ts";
import { editRecordIn, reopenRowIn } from "./records.ts";
import { withLostRaces } from "./nik-uniqueness.ts";
import { notifyFamily } from "./status-mail.ts";
import type { MailConfig } from "../mail/mail.ts";
import { workflowRoleOf } from "./workflow-role.ts";
import { reviewNotes } from "./status-lookup.ts";
import { deadlinesOf, overdueFirst } from "./deadlines.ts";
import { defaultValidationTargets, type ValidationTargets } from "@shared/deadlines.ts";
import { isSensitiveView, presentConditions, presentNote, whatsappContact } from "./presenter.ts";

const notAValidator = "Hanya kader RT, RW, atau kelurahan yang dapat memvalidasi data";
const deletedMessage = "Data ini sudah dihapus sehingga statusnya tidak dapat diubah";
const staleMessage = "Data ini sudah diubah oleh pengguna lain. Muat ulang data lalu coba lagi.";
const familyOnlyMessage = "Hanya data registrasi keluarga yang divalidasi di sini";

function validatorOf(user: SessionUser): WorkflowActor {
  const actor = workflowActorOf(user);
  if (actor === null) throw new DomainError("FORBIDDEN", user.role === "aparat" ? readOnlyMessage : notAValidator);
  return actor;
}

/** Who validates: a full-access API token acts as an admin (an override), a read-only one never. */
function validatorFor(actor: Actor): WorkflowActor {
  switch (authorityOf(actor)) {
    case "admin":
      return "admin";
    case "read-all":
      throw new DomainError("FORBIDDEN", readOnlyTokenMessage);
    case "user":
    case "anonymous":
      return validatorOf(signedInUser(actor));
  }
}

/** Why a move is refused, in words a cadre understands; null when the move is allowed. */
function refusal(row: ScopedRegister, action: WorkflowAction, validator: WorkflowActor): DomainError | null {
  if (row.formType !== "family_registration") return new DomainError("BAD_REQUEST", familyOnlyMessage);
  if (row.deletedAt !== null) return new DomainError("CONFLICT", deletedMessage);
  const decision = decideTransition(row.status, action, validator);
  if (decision.allowed) return eventDetailsRefusal(row, action);
  if (decision.reason === "no-such-move") {
    return new DomainError(
      "CONFLICT",
      `Tindakan ${workflowActionLabels[action]} tidak berlaku untuk data berstatus '${statusLabel(row.status)}'`,
    );
  }
  const waiting = actingLevel(row.status, action);
  const mine = validator === "admin" ? "Admin" : validationLevelLabels[validator];
  return new DomainError(
    "FORBIDDEN",
    waiting ? `Data ini menunggu tindakan kader ${validationLevelLabels[waiting]}, bukan kader ${mine}` : notAValidator,
  );
}

function overrideNote(actor: Actor, level: ValidationLevel | null, note: string | undefined): string {
  const step = level ? `tahap ${validationLevelLabels[level]}` : "tahap ini";
  const who = actor.apiToken ? `Override admin (token API #${actor.apiToken.id})` : "Override admin";
  return note ? `${who} pada ${step}: ${note}` : `${who} pada ${step}`;
}

export interface TransitionResult {
  registerId: number;
  fromStatus: RegisterStatus;
  status: RegisterStatus;
  version: number;
  override: boolean;
}

/** Moves one register and writes its event, inside the caller's transaction. */
async function applyMove(
  tx: DbOrTx,
  actor: Actor,
  validator: WorkflowActor,
  row: ScopedRegister,
  action: WorkflowAction,
  note: string | undefined,
  mail?: MailConfig,
): Promise<TransitionResult> {
  const decision = decideTransition(row.status, action, validator);
  if (!decision.allowed) throw refusal(row, action, validator) ?? forbidden();
  // The event first: the register's update then works out waiting_since from it at once (the
  // trigger of migration 0034), where the other order wrote the register, and every index of it,
  // a second time. The writes are sent together (one round trip) and run in this order; the
  // register's guard missing (a concurrent move) rolls all of them back.
  const [, [updated]] = await Promise.all([
    tx.insert(registerEvents).values({
      registerId: row.id,
      actorId: actorUserId(actor),
      level: decision.override ? "admin" : validator,
      fromStatus: row.status,
      toStatus: decision.to,
      note: decision.override ? overrideNote(actor, actingLevel(row.status, action), note) : (note ?? null),
    }),
    tx
      .update(registers)
      .set({ status: decision.to, version: sql`${registers.version} + 1`, updatedAt: new Date() })
      // The version and status guard makes a concurrent move of the same record fail instead of both applying.
      .where(
        and(
          eq(registers.id, row.id),
          eq(registers.version, row.version),
          eq(registers.status, row.status),
          isNull(registers.deletedAt),
        ),
      )
      .returning({ version: registers.version }),
    notifyFamily(tx, mail, row, decision.to, note ?? null),
    audit(tx, actor, {
      action: "register.status",
      entity: "registers",
      entityId: row.id,
      details: { from: row.status, to: decision.to, override: decision.override },
    }),
  ]);
  if (!updated) throw new DomainError("CONFLICT", staleMessage);
  return {
    registerId: row.id,
    fromStatus: row.status,
    status: decision.to,
    version: updated.version,
    override: decision.override,
  };
}

/** One workflow move by a cadre (at its level, in its area) or an admin (recorded as an override). */
export async function transition(
  db: Db,
  actor: Actor,
  rawInput: TransitionInput,
  mail?: MailConfig,
): Promise<TransitionResult> {
  requireCaller(actor);
  const input = parseInput(transitionInput, rawInput);
  return writeTransaction(db, async (tx) =>
    moveRowIn(tx, actor, await registerInScope(tx, actor, input.registerId, "act"), input, mail),
  );
}

/** transition's checks and move for a row already read and locked in the caller's transaction. */
async function moveRowIn(
  tx: DbOrTx,
  actor: Actor,
  row: ScopedRegister,
  input: z.output<typeof transitionInput>,
  mail?: MailConfig,
): Promise<TransitionResult> {
  const validator = validatorFor(actor);
  // Stale before the level: a validator who saw an older version (another cadre moved it, or its own
  // answer was lost) is told to reload, not that the record's new status is another level's business.
  if (input.expectedVersion !== undefined && input.expectedVersion !== row.version)
    throw new DomainError("CONFLICT", staleMessage);
  const refused = refusal(row, input.action, validator);
  if (refused) throw refused;
  return applyMove(tx, actor, validator, row, input.action, input.note || undefined, mail);
}

/** `status: X` as a workflow move (REST PUT): the one move that leads there from the current status. */
export interface MoveToStatusInput {
  registerId: number;
  status: unknown;
  note?: string;
  expectedVersion?: number;
}

const isStatus = (value: unknown): value is RegisterStatus =>
  typeof value === "string" && (registerStatuses as readonly string[]).includes(value);

/** The status a caller names, or 400 on `status` when it is none of the workflow's. */
function targetStatus(value: unknown): RegisterStatus {
  if (isStatus(value)) return value;
  const message = `Status tidak dikenal; pilih salah satu dari ${registerStatuses.join(", ")}`;
  throw new DomainError("BAD_REQUEST", message, { fieldErrors: [{ path: ["status"], message }] });
}

/**
 * The status a caller asks for becomes the move that leads there (verify, request revision, reject,
 * resubmit) and goes through transition's checks; a jump no single move makes (SUBMITTED → APPROVED)
 * is refused for everyone, admins included. Asking for the current status changes nothing (null).
 */
export async function moveToStatus(
  db: Db,
  actor: Actor,
  input: MoveToStatusInput,
  mail?: MailConfig,
): Promise<TransitionResult | null> {
  requireCaller(actor);
  const status = targetStatus(input.status);
  return writeTransaction(db, (tx) => moveToStatusIn(tx, actor, { ...input, status }, mail));
}

/** moveToStatus inside the caller's transaction, so a write before it (an edit) and the move stand or fall together. */
async function moveToStatusIn(
  tx: DbOrTx,
  actor: Actor,
  input: MoveToStatusInput & { status: RegisterStatus },
  mail?: MailConfig,
): Promise<TransitionResult | null> {
  const target = input.status;
  const row = await registerInScope(tx, actor, input.registerId, "act");
  // A caller that names the version it read is told the record moved on, even when it now has the
  // status asked for: someone else made that decision, and the caller's own note went nowhere.
  if (input.expectedVersion !== undefined && input.expectedVersion !== row.version) {
    throw new DomainError("CONFLICT", staleMessage);
  }
  if (row.status === target) return null;
  const expectedVersion = input.expectedVersion ?? row.version;
  if (target === "SUBMITTED" && isLocked(row.status)) {
    // Back to SUBMITTED from a verified status is 'Buka Kembali', with its reason and its rules.
    if (!input.note) {
      const message = reopenReasonRequiredMessage;
      throw new DomainError("BAD_REQUEST", message, { fieldErrors: [{ path: ["reason"], message }] });
    }
    const reopen = parseInput(reopenRecordInput, { registerId: row.id, version: expectedVersion, reason: input.note });
    const saved = await reopenRowIn(tx, actor, row, reopen, mail);
    return { registerId: row.id, fromStatus: row.status, status: "SUBMITTED", version: saved.version, override: false };
  }
  const action = workflowActions.find((candidate) => nextStatus(row.status, candidate) === target);
  if (!action) {
    const message = `Status tidak dapat diubah langsung dari '${statusLabel(row.status)}' (${row.status}) ke '${statusLabel(target)}' (${target}); ikuti urutan validasi RT → RW → Kelurahan`;
    throw new DomainError("BAD_REQUEST", message, { fieldErrors: [{ path: ["status"], message }] });
  }
  const move = parseInput(transitionInput, { registerId: row.id, action, note: input.note, expectedVersion });
  return moveRowIn(tx, actor, row, move, mail);
}

export interface EditAndMoveInput {
  edit: UpdateRecordInput;
  status: unknown;
  note?: string;
}

/**
 * A cadre's edit and a status move asked for together (REST PUT with family fields and `status`):
 * the edit first (a verification locks the record), then the move from the edited record, in one
 * transaction, so a refused move leaves the edit unsaved and the version the caller read still good.
 */
export async function updateRecordAndMove(
  db: Db,
  actor: Actor,
  raw: EditAndMoveInput,
  mail?: MailConfig,
): Promise<TransitionResult | null> {
  requireCaller(actor);
  const edit = parseInput(updateRecordInput, raw.edit);
  const status = targetStatus(raw.status);
  return withLostRaces(db, edit.data, edit.registerId, "cadre", () =>
    writeTransaction(db, async (tx) => {
      const saved = await editRecordIn(tx, actor, edit);
      const move = { registerId: saved.registerId, status, note: raw.note, expectedVersion: saved.version };
      return moveToStatusIn(tx, actor, move, mail);
    }),
  );
}

export interface BulkVerifyResult {
  verified: TransitionResult[];
  /** Selected records that no longer wait for this level (someone else moved them meanwhile). */
  skipped: Array<{ registerId: number; message: string }>;
}

/** Ward, RW, RT, then id: the order a transaction over several families takes their places in. */
function byPlace(a: ScopedRegister, b: ScopedRegister): number {
  return (
    (a.desaKelurahanId ?? 0) - (b.desaKelurahanId ?? 0) ||
    (a.rw ?? "").localeCompare(b.rw ?? "") ||
    (a.rt ?? "").localeCompare(b.rt ?? "") ||
    a.id - b.id
  );
}

/** transition's stale answer for a record changed since the version the cadre saw (none given: no check). */
function staleRefusal(row: ScopedRegister, seen: Record<string, number> | undefined): DomainError | null {
  const version = seen?.[String(row.id)];
  return version === undefined || version === row.version ? null : new DomainError("CONFLICT", staleMessage);
}

/**
 * Verifies the selected records in one transaction. A record outside the area refuses the whole
 * call; a record that no longer waits for this level, or changed since the version the cadre saw,
 * is skipped and reported.
 */
export async function bulkVerify(
  db: Db,
  actor: Actor,
  rawInput: BulkVerifyInput,
  mail?: MailConfig,
): Promise<BulkVerifyResult> {
  requireCaller(actor);
  const input = parseInput(bulkVerifyInput, rawInput);
  const ids = [...new Set(input.registerIds)];
  return writeTransaction(db, async (tx) => {
    const rows: ScopedRegister[] = [];
    // Locked in id order, the order every transaction holding several registers takes them in.
    for (const id of [...ids].sort((a, b) => a - b)) rows.push(await registerInScope(tx, actor, id, "act"));
    // Moved in place order, so two bulk verifications over the same wards take the wards' rollup rows
    // in the same order and wait for each other instead of deadlocking (see writeTransaction).
    rows.sort(byPlace);
    const validator = validatorFor(actor);
    const result: BulkVerifyResult = { verified: [], skipped: [] };
    for (const row of rows) {
      // Stale first, as in transition: "changed by someone else" tells the cadre why, not "another level's".
      const refused = staleRefusal(row, input.expectedVersions) ?? refusal(row, "verify", validator);
      if (refused) {
        result.skipped.push({ registerId: row.id, message: refused.message });
        continue;
      }
      try {
        // Each move in a savepoint: applyMove writes the event before its guarded update, so a
        // record moved by someone else meanwhile must take its event (and the rollups the event's
        // trigger filed) back with it, not only leave the register unchanged.
        result.verified.push(
          await tx.transaction((move) => applyMove(move, actor, validator, row, "verify", undefined, mail)),
        );
      } catch (error) {
        // Moved by someone else between reading and writing: rolled back to the savepoint, so the
        // transaction is intact and the others can still be verified.
        if (!(error instanceof DomainError) || error.code !== "CONFLICT") throw error;
        result.skipped.push({ registerId: row.id, message: error.message });
      }
    }
    return result;
  });
}

// ─── Queue ───────────────────────────────────────────────────────────────────────────────────

export interface QueueItem {
  id: number;
  registrationNumber: string;
  namaKepalaKeluarga: string;
  desaKelurahanId: number | null;
  desaKelurahanNama: string | null;
  rw: string | null;
  rt: string | null;
  memberCount: number;
  /** The special conditions present, with their counts, in the spec's order (null for officials). */
  conditions: Array<{ key: SpecialConditionKey; count: number }> | null;
  tanggalPendataan: string;
  /** ISO 8601 (tRPC sends plain JSON). */
  createdAt: string;
  status: RegisterStatus;
  version: number;
  /** The moves the signed-in user may make (none for read-only users). */
  actions: WorkflowAction[];
  /** The family's phone for 'Kabari lewat WhatsApp', for users who act on the record only (else null). */
  contactPhone: string | null;
  /** The note the family reads (needs revision, rejected), for the WhatsApp message; null otherwise. */
  familyNote: string | null;
  /** ISO 8601: when the record reached its current status (waitedHours counts from here). */
  waitingSince: string;
  /**
   * Hours it has waited, at the instant the page's order and `overdue` are judged at: the age shown
   * beside the 'Terlambat' mark always agrees with it, whatever the reader's own clock says.
   */
  waitedHours: number;
  /** Hours its waiting level has (null: waits for nobody). */
  targetHours: number | null;
  overdue: boolean;
}

export interface QueuePage {
  items: QueueItem[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** The statuses `status: "waiting"` stands for, for this user. */
  waitingStatuses: RegisterStatus[];
}

function waitingStatusesFor(validator: WorkflowActor | null): RegisterStatus[] {
  return validator === null || validator === "admin" ? openStatuses : statusesWaitingFor(validator);
}

/** What waits for the user's level in its area (or any status, by filter), newest first, paged. */
export async function queue(
  db: Db,
  actor: Actor,
  rawInput: QueueInput,
  targets: ValidationTargets = defaultValidationTargets,
  // One instant for the page's order and its overdue flags (deadlines.ts asOfSql).
  asOf: Date = new Date(),
): Promise<QueuePage> {
  requireCaller(actor);
  const filters = parseInput(queueInput, rawInput);
  const { scope, view } = readPolicyOf(actor);
  if (filters.condition !== undefined && !isSensitiveView(view))
    throw new DomainError("FORBIDDEN", healthFilterRefusal);
  await assertFilterInScope(db, scope, filters);
  const validator = scope.canAct ? workflowRoleOf(actor) : null;
  const waitingStatuses = waitingStatusesFor(workflowRoleOf(actor));

  // The exact total from the rollups (place, statuses, condition), and the page by deferred join
  // over the partial "live" indexes: no count or sort over the whole area.
  const statuses =
    filters.status === "waiting" ? waitingStatuses : filters.status === "all" ? undefined : [filters.status];
  const selection = visibleSelection(actor, {
    forms: "families",
    filter: filters,
    statuses,
    condition: filters.condition,
  });
  const total = await liveFamilyCount(db, scope.area, {
    kecamatanId: filters.kecamatanId,
    desaKelurahanId: filters.desaKelurahanId,
    rw: filters.rw,
    rt: filters.rt,
    statuses,
    condition: filters.condition,
  });
  const { rows } = await pageOfSelection(db, {
    selection,
    order: filters.sort === "overdue" ? overdueFirst(targets, asOf, statuses) : newestFirst,
    page: filters.page,
    pageSize: filters.pageSize,
    total,
    wards: await wardsOfPlace(db, scope.area, filters),
  });
  const deadlines = await deadlinesOf(
    db,
    rows.map((row) => row.register.id),
    targets,
    asOf,
  );

  // The family's note and phone follow the list's and the dialog's rules (records.ts), not the
  // validation step: a kecamatan cadre who may edit the record may also message the family.
  const notes = await reviewNotes(
    db,
    rows.map((row) => row.register),
  );
  const items = rows.map(({ register, ward: desaKelurahanNama }) => {
    const deadline = deadlines.get(register.id);
    const waitingSince = deadline?.waitingSince ?? register.createdAt;
    return {
      id: register.id,
      registrationNumber: register.registrationNumber,
      namaKepalaKeluarga: register.namaKepalaKeluarga,
      desaKelurahanId: register.desaKelurahanId,
      desaKelurahanNama,
      rw: register.rw,
      rt: register.rt,
      memberCount: register.memberCount,
      conditions: presentConditions(
        view,
        specialConditionKeys.map((key) => ({ key, count: register[`${key}Count`] })).filter((item) => item.count > 0),
      ),
      tanggalPendataan: register.tanggalPendataan,
      createdAt: register.createdAt.toISOString(),
      status: register.status,
      version: register.version,
      actions: allowedActions(register.status, validator),
      contactPhone: whatsappContact(view, scope.canAct, register.nomorHp),
      familyNote: presentNote(view, notes.get(register.id)?.note ?? null),
      waitingSince: waitingSince.toISOString(),
      waitedHours: (asOf.getTime() - waitingSince.getTime()) / 3_600_000,
      targetHours: deadline?.targetHours ?? null,
      overdue: deadline?.overdue ?? false,
    };
  });
  if (isSensitiveView(view) && items.some((item) => item.conditions && item.conditions.length > 0)) {
    await audit(db, actor, {
      action: "register.read",
      entity: "registers",
      details: { surface: "queue", ids: items.map((item) => item.id) },
    });
  }
  return {
    items,
    total,
    page: filters.page,
    pageSize: filters.pageSize,
    pageCount: Math.max(1, Math.ceil(total / filters.pageSize)),
    waitingStatuses,
  };
}

// ─── History ─────────────────────────────────────────────────────────────────────────────────
export interface HistoryEntry {
  id: number;
  /** Null for moves without a person (the registration itself, or a deleted account). */
  actorName: string | null;
  level: string | null;
  fromStatus: string | null;
  toStatus: string;
  note: string | null;
  /** ISO 8601 (tRPC sends plain JSON). */
  createdAt: string;
}

/** The validation history of one register in the user's area, oldest first. */
export async function history(db: Db, actor: Actor, rawInput: { registerId: number }): Promise<HistoryEntry[]> {
  requireCaller(actor);
  const input = parseInput(historyInput, rawInput);
  const { view } = readPolicyOf(actor);
  await readableRegister(db, actor, input.registerId);
  const rows = await db
    .select({
      id: registerEvents.id,
      actorName: users.fullName,
      level: registerEvents.level,
      fromStatus: registerEvents.fromStatus,
      toStatus: registerEvents.toStatus,
      note: registerEvents.note,
      createdAt: registerEvents.createdAt,
    })
    .from(registerEvents)
    .leftJoin(users, eq(users.id, registerEvents.actorId))
    .where(eq(registerEvents.registerId, input.registerId))
    .orderBy(asc(registerEvents.createdAt), asc(registerEvents.id));
  if (isSensitiveView(view) && rows.length > 0) {
    await audit(db, actor, {
      action: "register.read",
      entity: "registers",
      entityId: input.registerId,
      details: { surface: "history" },
    });
  }
  return rows.map((row) => ({ ...row, note: presentNote(view, row.note), createdAt: row.createdAt.toISOString() }));
}

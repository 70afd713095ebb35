// The register workflow (DESIGN §4): the single source for statuses, labels and transition rules.
// Pure functions only, so the server enforces and the client displays the very same rules.
import { specialConditionKeys } from "./enums.ts";
import type { UserLevel, UserRole } from "./schemas/auth.ts";

export const registerStatuses = [
  "SUBMITTED",
  "RT_VERIFIED",
  "RW_VERIFIED",
  "APPROVED",
  "NEEDS_REVISION",
  "REJECTED",
] as const;
export type RegisterStatus = (typeof registerStatuses)[number];

export const formTypes = ["family_registration", "kader_registration"] as const;
export type FormType = (typeof formTypes)[number];

const labels: Record<RegisterStatus, string> = {
  SUBMITTED: "Menunggu Persetujuan",
  RT_VERIFIED: "Diverifikasi RT",
  RW_VERIFIED: "Diverifikasi RW",
  APPROVED: "Disetujui",
  NEEDS_REVISION: "Perlu Revisi",
  REJECTED: "Ditolak",
};

export function isRegisterStatus(value: string): value is RegisterStatus {
  return (registerStatuses as readonly string[]).includes(value);
}

/** SUBMITTED reads 'Menunggu Verifikasi' on cadre registrations; other unknown values show raw. */
export function statusLabel(status: string, formType?: string): string {
  if (status === "SUBMITTED" && formType === "kader_registration") return "Menunggu Verifikasi";
  return isRegisterStatus(status) ? labels[status] : status;
}

export function formTypeLabel(formType: string): string {
  if (formType === "family_registration") return "Registrasi Keluarga";
  if (formType === "kader_registration") return "Registrasi Kader PKK";
  return "Registrasi";
}

// ─── Transition rules ────────────────────────────────────────────────────────────────────────
export const workflowActions = ["verify", "requestRevision", "reject", "resubmit"] as const;
export type WorkflowAction = (typeof workflowActions)[number];

export const workflowActionLabels: Record<WorkflowAction, string> = {
  verify: "Verifikasi",
  requestRevision: "Minta Revisi",
  reject: "Tolak",
  resubmit: "Ajukan Ulang",
};

/** The cadre levels that hold a step of the chain; kecamatan and kota cadres only watch. */
export const validationLevels = ["rt", "rw", "kelurahan"] as const;
export type ValidationLevel = (typeof validationLevels)[number];

export const validationLevelLabels: Record<ValidationLevel, string> = { rt: "RT", rw: "RW", kelurahan: "Kelurahan" };

/** Who acts on a record: a cadre at its level, or an admin overriding the level. */
export type WorkflowActor = ValidationLevel | "admin";

/**
 * The level a status waits for. A record needing revision goes back to the RT level (and the
 * family); APPROVED and REJECTED wait for nobody.
 */
export const waitingLevel: Record<RegisterStatus, ValidationLevel | null> = {
  SUBMITTED: "rt",
  RT_VERIFIED: "rw",
  RW_VERIFIED: "kelurahan",
  APPROVED: null,
  NEEDS_REVISION: "rt",
  REJECTED: null,
};

/** Each level's step up the chain. */
const verifiedStatus: Partial<Record<RegisterStatus, RegisterStatus>> = {
  SUBMITTED: "RT_VERIFIED",
  RT_VERIFIED: "RW_VERIFIED",
  RW_VERIFIED: "APPROVED",
};

/** Where `action` takes a record in `status`, or null when the rules have no such move. */
export function nextStatus(status: RegisterStatus, action: WorkflowAction): RegisterStatus | null {
  const inReview = verifiedStatus[status] !== undefined;
  switch (action) {
    case "verify":
      return verifiedStatus[status] ?? null;
    case "requestRevision":
      return inReview ? "NEEDS_REVISION" : null;
    case "reject":
      return inReview ? "REJECTED" : null;
    case "resubmit":
      return status === "NEEDS_REVISION" || status === "REJECTED" ? "SUBMITTED" : null;
  }
}

/** The statuses a level has to act on (its queue). */
export function statusesWaitingFor(level: ValidationLevel): RegisterStatus[] {
  return registerStatuses.filter((status) => waitingLevel[status] === level);
}

/** Statuses still on their way (not APPROVED or REJECTED). */
export const openStatuses: RegisterStatus[] = registerStatuses.filter((status) => waitingLevel[status] !== null);

/** The workflow role of a user: its validation level for cadres, "admin", or null (no acting). */
export function workflowActorOf(user: { role: UserRole; level: UserLevel | null } | null): WorkflowActor | null {
  if (!user) return null;
  if (user.role === "admin") return "admin";
  if (user.role !== "kader" || user.level === null) return null;
  return isValidationLevel(user.level) ? user.level : null;
}

export function isValidationLevel(level: string): level is ValidationLevel {
  return (validationLevels as readonly string[]).includes(level);
}

export type TransitionDecision =
  | { allowed: true; to: RegisterStatus; override: boolean }
  | { allowed: false; reason: "no-such-move" | "wrong-level" };

/**
 * The level that makes `action` on a record in `status`. Resubmitting a corrected record is the RT
 * level's, where a family's data is put right (DESIGN §4: a corrected record goes back to
 * SUBMITTED), also for a rejected one, which waits for nobody: a family the kelurahan rejected
 * for a missing document brings it to its RT cadre, not only to 'Perbaiki Data'.
 */
export function actingLevel(status: RegisterStatus, action: WorkflowAction): ValidationLevel | null {
  return action === "resubmit" ? "rt" : waitingLevel[status];
}

/**
 * The rule itself: a move exists for the status, and the actor holds the level that makes it
 * (the level the status waits for; RT for a resubmission). An admin may make any existing move at
 * any level; that is an override.
 */
export function decideTransition(
  status: RegisterStatus,
  action: WorkflowAction,
  actor: WorkflowActor,
): TransitionDecision {
  const to = nextStatus(status, action);
  if (to === null) return { allowed: false, reason: "no-such-move" };
  if (actor === "admin") return { allowed: true, to, override: true };
  if (actingLevel(status, action) !== actor) return { allowed: false, reason: "wrong-level" };
  return { allowed: true, to, override: false };
}

/** The moves `actor` may make on a record in `status` (what the screen offers). */
export function allowedActions(status: RegisterStatus, actor: WorkflowActor | null): WorkflowAction[] {
  if (actor === null) return [];
  return workflowActions.filter((action) => decideTransition(status, action, actor).allowed);
}

export const NOTE_MAX_LENGTH = 500;

/** Revision requests need a note and rejections a reason; the messages shown when they are missing. */
export const requiredNoteMessage: Partial<Record<WorkflowAction, string>> = {
  requestRevision: "Catatan revisi wajib diisi",
  reject: "Alasan penolakan wajib diisi",
};

/** The dialog list's two-state badge (SPEC §4, DESIGN §4): derived, APPROVED reads 'Verified'. */
export function reviewBadge(status: string): { key: "verified" | "pending"; label: "Verified" | "Pending" } {
  return status === "APPROVED" ? { key: "verified", label: "Verified" } : { key: "pending", label: "Pending" };
}

/** Queue filter: `waiting` (the default) = what waits for the signed-in cadre's level; `all` = every status. */
export const queueStatusFilters = ["waiting", "all", ...registerStatuses] as const;
export type QueueStatusFilter = (typeof queueStatusFilters)[number];

/** Queue filter by special condition: `any` = at least one. */
export const conditionFilters = ["any", ...specialConditionKeys] as const;
export type ConditionFilter = (typeof conditionFilters)[number];

// ─── Lock after verification (DESIGN §4) ────────────────────────────────────────────────────
// As DHIS2 locks approved data: once a level has verified a record, nobody edits or deletes it
// until a cadre at or above that level (or an admin) reopens it, which sends it back to SUBMITTED
// so every level verifies again. Pure, so the screens show exactly what the server enforces.

export const REOPEN_LABEL = "Buka Kembali";
export const reopenReasonRequiredMessage = "Alasan membuka kembali wajib diisi";

/** The level whose verification a status records (and locks). */
export const verifiedByLevel: Partial<Record<RegisterStatus, ValidationLevel>> = {
  RT_VERIFIED: "rt",
  RW_VERIFIED: "rw",
  APPROVED: "kelurahan",
};

export const lockedStatuses: RegisterStatus[] = registerStatuses.filter((status) => verifiedByLevel[status]);

export function isLocked(status: RegisterStatus): boolean {
  return verifiedByLevel[status] !== undefined;
}

/** Cadre levels from the street up: a cadre may reopen what its own or a lower level verified. */
const levelRank: Record<UserLevel, number> = { rt: 1, rw: 2, kelurahan: 3, kecamatan: 4, kota: 5 };

/** Why a locked record cannot be edited or deleted (shown beside the disabled buttons, sent as 409). */
export function lockedMessage(status: RegisterStatus): string {
  return `Data ini terkunci karena sudah berstatus '${statusLabel(status)}'. Buka kembali data ini ('${REOPEN_LABEL}') sebelum mengubah atau menghapusnya.`;
}

/** The short form beside a locked record in lists (the status badge already names the status). */
export const lockedHint = `Sudah diverifikasi: tidak dapat diubah atau dihapus sebelum dibuka kembali ('${REOPEN_LABEL}').`;

/** Whether `user` may reopen a record in `status`: admins always, cadres at or above the verifying level. */
export function canReopen(status: RegisterStatus, user: { role: UserRole; level: UserLevel | null } | null): boolean {
  const verifier = verifiedByLevel[status];
  if (!verifier || !user) return false;
  if (user.role === "admin") return true;
  if (user.role !== "kader" || user.level === null) return false;
  return levelRank[user.level] >= levelRank[verifier];
}

/** The refusal to reopen, in words a cadre understands; null when reopening is allowed. */
export function reopenRefusal(
  status: RegisterStatus,
  user: { role: UserRole; level: UserLevel | null } | null,
): string | null {
  const verifier = verifiedByLevel[status];
  if (!verifier) return `Data berstatus '${statusLabel(status)}' tidak terkunci, jadi tidak perlu dibuka kembali`;
  if (canReopen(status, user)) return null;
  return `Hanya kader ${validationLevelLabels[verifier]} ke atas atau admin yang dapat membuka kembali data ini`;
}

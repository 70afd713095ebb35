// The presenter of registers: shapes what a row shows for a view (policy.ts). Full views pass
// through; the masked view (officials) gets NIK, birth date, phone and e-mail masked and every piece
// of health data (special conditions, their counts, has_special_condition, births, deaths) removed.
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { maskBirthDate, maskContactsInText, maskEmail, maskNik, maskPhone } from "@shared/mask.ts";
import type { SpecialConditionKey } from "@shared/enums.ts";
import type { FamilyRegistration, SpecialConditions } from "@shared/schemas/family.ts";
import type { RevisionChange } from "../../db/schema/audit.ts";
import { registers } from "../../db/schema/registers.ts";
import type { RegisterView } from "./policy.ts";

/**
 * The revision path of the house location (issue 19). The location is personal data like a NIK but
 * gives nothing a masked form could keep: the masked view gets no trace of it at all.
 */
export const LOCATION_PATH = "lokasiRumah";

/** How a column reaches a view: as stored, masked, or not at all. */
export type ColumnAccess = "full" | "masked" | "hidden";

const maskedColumns = new Map<AnyPgColumn, (value: string) => string>([
  [registers.nikKepalaKeluarga, maskNik],
  [registers.nomorHp, maskPhone],
  [registers.alamatEmail, maskEmail],
  [registers.nomorKk, maskNik],
]);

/** Health data: never shown to the masked view, in any form (not even as a filter or a sort). */
const healthColumns = new Set<AnyPgColumn>([
  registers.hasSpecialCondition,
  registers.pregnantCount,
  registers.blindCount,
  registers.nursingCount,
  registers.motherDeathCount,
  registers.babyDeathCount,
  registers.toddlerDeathCount,
  registers.newBirthCount,
  registers.birthCertificateCount,
  registers.postpartumCount,
]);

export function columnAccess(view: RegisterView, column: AnyPgColumn): ColumnAccess {
  if (view === "full") return "full";
  if (healthColumns.has(column)) return "hidden";
  if (maskedColumns.has(column) || column === registers.dataRegister) return "masked";
  return "full";
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const maskText = (mask: (value: string) => string) => (value: unknown) =>
  typeof value === "string" ? mask(value) : value;

const keyMasks: Record<string, (value: string) => string> = {
  nik: maskNik,
  nikKepalaKeluarga: maskNik,
  // The family card number identifies the family like a NIK: masked the same way for officials.
  nomorKk: maskNik,
  // With the birth date whole, a masked NIK's hidden digits could be written back (maskBirthDate).
  birthDate: maskBirthDate,
  nomorHp: maskPhone,
  alamatEmail: maskEmail,
  // Free text: NIKs, phone numbers and e-mail addresses written into the form's note.
  notes: maskContactsInText,
};

/**
 * Any stored value (data_register, or a piece of it in a revision) for the masked view: every NIK,
 * phone and e-mail key masked at any depth, the specialConditions block removed.
 */
function maskDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskDeep);
  if (!isRecord(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "specialConditions" || key === "events" || key === LOCATION_PATH) continue;
    const mask = keyMasks[key];
    result[key] = mask ? maskText(mask)(item) : maskDeep(item);
  }
  return result;
}

/** One column's value for the view (call only for columns whose access is not hidden). */
export function presentColumn(view: RegisterView, column: AnyPgColumn, value: unknown): unknown {
  if (view === "full" || value === null || value === undefined) return value;
  if (column === registers.dataRegister) return maskDeep(value);
  const mask = maskedColumns.get(column);
  return mask ? maskText(mask)(value) : value;
}

/**
 * The family as the viewer may see it: officials get masked NIKs, birth dates (the year), phone,
 * e-mail and no health fields.
 */
export type VisibleFamily = Omit<FamilyRegistration, "specialConditions"> & {
  specialConditions: SpecialConditions | null;
};

export function presentFamily(view: RegisterView, family: FamilyRegistration): VisibleFamily {
  if (view === "full") return family;
  return {
    ...family,
    nikKepalaKeluarga: maskNik(family.nikKepalaKeluarga),
    nomorKk: family.nomorKk ? maskNik(family.nomorKk) : "",
    nomorHp: maskPhone(family.nomorHp),
    alamatEmail: maskEmail(family.alamatEmail),
    notes: maskContactsInText(family.notes),
    members: family.members.map((member) => ({
      ...member,
      nik: maskNik(member.nik),
      birthDate: maskBirthDate(member.birthDate),
    })),
    specialConditions: null,
    events: undefined,
  };
}

/**
 * A cadre's note (the one the family reads, or one in the history) for the view: the masked view gets
 * the numbers and addresses written into it masked, as the record's own fields are.
 */
export function presentNote(view: RegisterView, note: string | null): string | null {
  return view === "full" || note === null ? note : maskContactsInText(note);
}

/** The special conditions of a row (key and count, in the spec's order), or null for the masked view. */
export function presentConditions<T extends { key: SpecialConditionKey; count: number }>(
  view: RegisterView,
  conditions: T[],
): T[] | null {
  return view === "full" ? conditions : null;
}

// Birth and death details (names, causes of death) are health data like the conditions themselves;
// the house location is removed from the masked view the same way.
const isHealthPath = (path: string) =>
  ["specialConditions", "events", LOCATION_PATH].some((root) => path === root || path.startsWith(`${root}.`));

/** The mask for a leaf path ("members.2.nik", "nomorHp"), or null. */
function leafMask(path: string): ((value: string) => string) | null {
  const leaf = path.split(".").at(-1) ?? "";
  return keyMasks[leaf] ?? null;
}

/** What an edit changed, for the view: masked NIKs, phone and e-mail; no health fields, no house location. */
export function presentChanges(view: RegisterView, changes: RevisionChange[]): RevisionChange[] {
  if (view === "full") return changes;
  return changes
    .filter((change) => !isHealthPath(change.path))
    .map((change) => {
      const mask = leafMask(change.path);
      const present = mask ? maskText(mask) : maskDeep;
      return { ...change, before: present(change.before), after: present(change.after) };
    });
}

/**
 * The house location for the view (issue 19): the full view gets it as stored; the masked view
 * (officials) gets nothing at all — a masked coordinate would still place the house.
 */
export function presentLocation<T>(view: RegisterView, location: T | null): T | null {
  return view === "full" ? location : null;
}

/**
 * The family's phone for 'Kabari lewat WhatsApp': only for readers who may act on the record in the
 * full view (cadres and admins of the area), never for officials or read-only tokens.
 */
export function whatsappContact(view: RegisterView, canAct: boolean, phone: string): string | null {
  return view === "full" && canAct ? phone : null;
}

/** Whether a read in this view returns personal data in full (NIKs, health data): such reads are audited. */
export const isSensitiveView = (view: RegisterView): boolean => view === "full";

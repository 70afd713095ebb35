import { auditActionLabels, auditEntityLabels } from "@shared/audit-actions.ts";
import { formatNumber } from "../../lib/format.ts";

/** The filter's choices: every action the server writes, by its Indonesian name. */
export const auditActionOptions = Object.entries(auditActionLabels).map(([value, label]) => ({ value, label }));

/** The Indonesian name of an action; a name this client does not know yet is shown as it is. */
export function auditActionLabel(action: string): string {
  return auditActionOptions.find((option) => option.value === action)?.label ?? action;
}

/** The Indonesian name of a record kind (lower case); a kind this client does not know is shown as it is. */
export function auditEntityLabel(entity: string): string {
  return Object.hasOwn(auditEntityLabels, entity) ? (auditEntityLabels[entity] ?? entity) : entity;
}

// A known kind opens the cell with a capital; an unknown one is shown exactly as the server wrote it.
const capitalised = (entity: string, label: string) =>
  Object.hasOwn(auditEntityLabels, entity) ? label.charAt(0).toUpperCase() + label.slice(1) : label;

interface RecordRef {
  entity: string;
  entityId: number | null;
  recordCount: number | null;
  registrationNumber: string | null;
}

/** Which record: the family's registration number, else the kind and id, else how many a list returned. */
export function describeAuditRecord(entry: RecordRef): string {
  if (entry.registrationNumber) return entry.registrationNumber;
  const label = auditEntityLabel(entry.entity);
  if (entry.recordCount !== null) return `${formatNumber(entry.recordCount)} ${label}`;
  if (entry.entityId !== null) return `${capitalised(entry.entity, label)} #${entry.entityId}`;
  return capitalised(entry.entity, label);
}

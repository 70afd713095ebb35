import { auditActionLabels } from "@shared/audit-actions.ts";

/** The filter's choices: every action the server writes, by its Indonesian name. */
export const auditActionOptions = Object.entries(auditActionLabels).map(([value, label]) => ({ value, label }));

/** The Indonesian name of an action; a name this client does not know yet is shown as it is. */
export function auditActionLabel(action: string): string {
  return auditActionOptions.find((option) => option.value === action)?.label ?? action;
}

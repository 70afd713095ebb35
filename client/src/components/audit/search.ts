// The 'Log Audit' filters as URL search params, so a filtered view can be bookmarked or shared
// between admins. Plain parsers (see lib/search-params.ts for why not zod).
import { textParam } from "../../lib/search-params.ts";

export interface AuditSearch {
  user?: string;
  registrationNumber?: string;
  action?: string;
  from?: string;
  to?: string;
}

const dateParam = (value: unknown): string | undefined =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

export function auditSearch(search: Record<string, unknown>): AuditSearch {
  return {
    user: textParam(search.user, 100) || undefined,
    registrationNumber: textParam(search.registrationNumber, 40) || undefined,
    action: textParam(search.action, 50) || undefined,
    from: dateParam(search.from),
    to: dateParam(search.to),
  };
}

/** The query input for one page of the list. */
export function auditListQuery(search: AuditSearch, cursor?: number) {
  return {
    user: search.user ?? "",
    registrationNumber: search.registrationNumber ?? "",
    action: search.action ?? "",
    from: search.from ?? "",
    to: search.to ?? "",
    cursor,
  };
}

// The 'Log Audit' filters. Codes, actions and dates are URL search params, so a filtered view can be
// bookmarked or shared between admins; the typed user (part of a staff account's name or e-mail)
// lives in the history entry's state instead (lib/search-state.ts says why). Plain parsers (see
// lib/search-params.ts for why not zod).
import { textParam } from "../../lib/search-params.ts";

/** The filters in the URL. */
export interface AuditSearch {
  registrationNumber?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** What the screen filters by: the URL's filters and the user term from the entry's state. */
export interface AuditFilter extends AuditSearch {
  user?: string;
}

const dateParam = (value: unknown): string | undefined =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;

export function auditSearch(search: Record<string, unknown>): AuditSearch {
  return {
    registrationNumber: textParam(search.registrationNumber, 40) || undefined,
    action: textParam(search.action, 50) || undefined,
    from: dateParam(search.from),
    to: dateParam(search.to),
  };
}

/** The query input for one page of the list. */
export function auditListQuery(filter: AuditFilter, cursor?: number) {
  return {
    user: filter.user ?? "",
    registrationNumber: filter.registrationNumber ?? "",
    action: filter.action ?? "",
    from: filter.from ?? "",
    to: filter.to ?? "",
    cursor,
  };
}

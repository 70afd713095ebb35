// A typed search term that names a person (a household head's name or a Nomor KK, a staff account's
// name or e-mail) lives in the history entry's state, never in the page's URL: a URL lands in the
// browser history and address-bar suggestions of shared office computers, and a reload or an opened
// link sends it to the server and any proxy's access log (DESIGN §6: logs carry ids and codes only).
// An entry's state still survives a reload and comes back with Back and Forward.
import type { HistoryState } from "@tanstack/react-router";
import { textParam } from "./search-params.ts";

declare module "@tanstack/react-router" {
  interface HistoryState {
    /** /kader-pkk/registrasi-list: a head's name or a Nomor KK. */
    registrasiSearch?: string;
    /** /admin/audit: part of a staff account's name or e-mail. */
    auditUserSearch?: string;
  }
}

/** Each term's longest accepted value: its input field's maxLength (and the server's limit). */
const termMax = { registrasiSearch: 100, auditUserSearch: 100 };
export type SearchTermKey = keyof typeof termMax;

/** The term an entry's state carries under `key` ("" for none); the state is checked like a URL parameter. */
export function stateTerm(state: HistoryState, key: SearchTermKey): string {
  return textParam(state[key], termMax[key]) ?? "";
}

/** The state of an entry searching for `term` (none for ""). */
export function termState(key: SearchTermKey, term: string): HistoryState {
  if (term === "") return {};
  const state: HistoryState = {};
  state[key] = term;
  return state;
}

/**
 * For a route's beforeLoad, before its session check: when an old bookmark or link carries the term
 * as URL parameter `param`, the state to move it into (the route then redirects to its URL without
 * `param`, replacing the entry, so that neither the history nor a login redirect keeps it); undefined
 * when the URL has no such parameter.
 */
export function oldLinkState(
  search: Record<string, unknown>,
  param: string,
  key: SearchTermKey,
): HistoryState | undefined {
  if (!(param in search)) return undefined;
  return termState(key, textParam(search[param], termMax[key])?.trim() ?? "");
}

// Reads of registers by a transport that compiles its own query language (the Strapi adapter): the
// policy gives the rows and the columns the actor may see, the transport fetches within them, and
// every entry goes through the presenter and the audit before it leaves. The transport cannot skip
// either: it gets the entries back from here.
import { and, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../accounts/actor.ts";
import { apiTokenStillLive, stampApiTokenUse } from "../accounts/api-tokens.ts";
import { audit, auditReadStatement } from "../audit/audit-log.ts";
import { readPolicyOf, visibleRegisters, type RegisterView } from "./policy.ts";
import { columnAccess, isSensitiveView, presentColumn, type ColumnAccess } from "./presenter.ts";

export interface RegisterReadAccess {
  /** THE condition of the rows the actor may see (policy.ts). */
  rows: SQL;
  view: RegisterView;
  /** Whether a column is shown as stored, masked (shown, never filtered or sorted) or not at all. */
  access: (column: AnyPgColumn) => ColumnAccess;
  /**
   * Statements for the adapter to run in the statement that reads the page (one round trip instead
   * of several), given the page's ids as a jsonb array: the read's audit row (when this view is
   * audited), and the use of an API token not yet proven live this request (actor.ts TokenCheck)
   * stamped. An adapter that does not take them gets its entries audited here afterwards, and the
   * token checked again by the bearer middleware.
   */
  alongsideInStatement: (ids: SQL) => SQL[];
}

/** What an adapter must say about its entries: their ids, and how to reach their attributes. */
interface Entry {
  id: number;
  attributes: Record<string, unknown>;
}

/**
 * Runs `fetch` within the actor's policy, then presents the entries (masking by column, health data
 * removed) and writes one audit row for a read that returned personal data in full (in the
 * adapter's own statement when it takes `auditInStatement`, else here).
 */
export async function readRegisterEntries<R extends { entries: Entry[] }>(
  db: Db,
  actor: Actor,
  options: { columns: Record<string, AnyPgColumn>; via: string; single: boolean },
  fetch: (access: RegisterReadAccess) => Promise<R>,
): Promise<R> {
  const { view } = readPolicyOf(actor);
  const access = (column: AnyPgColumn) => columnAccess(view, column);
  const auditEntry = { action: "register.read", entity: "registers", details: { via: options.via } } as const;
  let auditedInStatement = false;
  let stampedInStatement = false;
  // A token not yet proven live this request reads only while it lives: a row read proves it.
  const tokenCheck = actor.apiToken?.check;
  const visible = visibleRegisters(actor, { forms: "readable" });
  const rows = tokenCheck ? (and(visible, apiTokenStillLive(tokenCheck.hash)) ?? visible) : visible;
  const alongsideInStatement = (ids: SQL) => {
    const statements: SQL[] = [];
    if (isSensitiveView(view) && !options.single) {
      auditedInStatement = true;
      statements.push(auditReadStatement(actor, auditEntry, ids));
    }
    if (tokenCheck) {
      stampedInStatement = true;
      statements.push(stampApiTokenUse(tokenCheck.hash, ids));
    }
    return statements;
  };
  const result = await fetch({ rows, view, access, alongsideInStatement });
  if (tokenCheck && stampedInStatement && result.entries.length > 0) tokenCheck.confirm();
  // The full view shows every column as stored: nothing to present.
  for (const entry of view === "full" ? [] : result.entries) {
    for (const [name, value] of Object.entries(entry.attributes)) {
      const column = options.columns[name];
      if (!column) continue;
      if (access(column) === "hidden") delete entry.attributes[name];
      else entry.attributes[name] = presentColumn(view, column, value);
    }
  }
  const ids = result.entries.map((entry) => entry.id);
  if (isSensitiveView(view) && ids.length > 0 && !auditedInStatement) {
    await audit(db, actor, {
      action: "register.read",
      entity: "registers",
      entityId: options.single ? (ids[0] ?? null) : null,
      details: { via: options.via, ids },
    });
  }
  return result;
}

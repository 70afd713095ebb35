import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { compiledStatement } from "../../db/compiled.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { maskNiksInText } from "@shared/mask.ts";
import type { Actor } from "../accounts/actor.ts";

export type { AuditAction } from "@shared/audit-actions.ts";
import type { AuditAction } from "@shared/audit-actions.ts";

type AuditEntry = {
  action: AuditAction;
  entity: string;
  entityId?: number | null;
  details?: Record<string, unknown>;
};

/** The details as stored (JSON text): the API token named, every NIK masked. */
function storedDetails(actor: Actor, entry: AuditEntry): string | null {
  // A third party reading through an API token has no user row; the token is who it was.
  const named = actor.apiToken ? { ...entry.details, apiTokenId: actor.apiToken.id } : entry.details;
  return named ? maskNiksInText(JSON.stringify(named)) : null;
}

// Written once per database: drizzle assembling an insert's text on every read of a list cost more
// than PostgreSQL inserting the row.
const insertAuditRow = compiledStatement(
  () => sql`insert into ${auditLog} (actor_id, action, entity, entity_id, ip, details)
    values (${sql.placeholder("actorId")}::integer, ${sql.placeholder("action")}, ${sql.placeholder("entity")},
      ${sql.placeholder("entityId")}::integer, ${sql.placeholder("ip")}, ${sql.placeholder("details")}::jsonb)`,
);

/** Records an access to personal data. Details are passed through the NIK mask before storage. */
export async function audit(db: DbOrTx, actor: Actor, entry: AuditEntry): Promise<void> {
  await insertAuditRow(db, {
    actorId: actor.user?.id ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    ip: actor.ip,
    details: storedDetails(actor, entry),
  });
}

/**
 * The audit row of a read of several rows as an INSERT … SELECT, for the statement that reads
 * them (one round trip, one commit, written before the answer leaves): `ids` is a jsonb array of
 * the ids read (numbers: nothing to mask), stored as `details.ids`; an empty array writes nothing.
 */
export function auditReadStatement(actor: Actor, entry: AuditEntry, ids: SQL): SQL {
  const details = storedDetails(actor, entry) ?? "{}";
  return sql`insert into ${auditLog} (actor_id, action, entity, entity_id, ip, details)
    select ${actor.user?.id ?? null}::integer, ${entry.action}, ${entry.entity}, ${entry.entityId ?? null}::integer,
      ${actor.ip}, ${details}::jsonb || jsonb_build_object('ids', read.ids)
    from (select ${ids} as ids) read where jsonb_array_length(read.ids) > 0`;
}

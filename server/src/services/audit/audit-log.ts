import type { DbOrTx } from "../../db/client.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { maskNiksInText } from "@shared/mask.ts";
import type { Actor } from "../accounts/actor.ts";

export type { AuditAction } from "@shared/audit-actions.ts";
import type { AuditAction } from "@shared/audit-actions.ts";

/** Records an access to personal data. Details are passed through the NIK mask before storage. */
export async function audit(
  db: DbOrTx,
  actor: Actor,
  entry: { action: AuditAction; entity: string; entityId?: number | null; details?: Record<string, unknown> },
): Promise<void> {
  // A third party reading through an API token has no user row; the token is who it was.
  const named = actor.apiToken ? { ...entry.details, apiTokenId: actor.apiToken.id } : entry.details;
  const details = named ? JSON.parse(maskNiksInText(JSON.stringify(named))) : null;
  await db.insert(auditLog).values({
    actorId: actor.user?.id ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    ip: actor.ip,
    details,
  });
}

-- Audit actions get stable dotted names (shared/src/audit-actions.ts); rows written before keep their meaning.
UPDATE "audit_log" SET "action" = 'register.' || "action" WHERE "entity" = 'registers' AND "action" IN ('read', 'create', 'update', 'delete', 'restore', 'status');--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'register.export' WHERE "action" = 'export';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_action_created_at_index" ON "audit_log" ("action", "created_at");

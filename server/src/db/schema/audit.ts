import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { auditActions } from "@shared/audit-actions.ts";
import { registers } from "./registers.ts";
import { users } from "./users.ts";

/** Who read or changed personal data, when and from where (UU 27/2022 PDP). Never holds a full NIK. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial().primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    action: text({ enum: auditActions }).notNull(),
    entity: text().notNull(),
    entityId: integer(),
    ip: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.entity, table.entityId),
    index().on(table.actorId),
    index().on(table.createdAt),
    // The ids a list read returned (details.ids), for the audit screen's search by registration
    // number: without it that search read every audit row, one per list read (3 s at 1,000,000).
    index("audit_log_read_ids").using("gin", sql`(${table.details} -> 'ids') jsonb_path_ops`),
  ],
);

export interface RevisionChange {
  /** Dotted path into data_register, e.g. "members.2.fullName". */
  path: string;
  before: unknown;
  after: unknown;
}

/** Each edit of a register: the version it produced and what changed. */
export const registerRevisions = pgTable(
  "register_revisions",
  {
    id: serial().primaryKey(),
    registerId: integer()
      .notNull()
      .references(() => registers.id, { onDelete: "cascade" }),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    version: integer().notNull(),
    changes: jsonb().$type<RevisionChange[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.registerId)],
);

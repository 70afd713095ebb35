-- register_changes (schema/register-changes.ts): every transaction that writes registers, or the
-- wards and districts a register filter or an area reaches through, leaves one row keyed by its own
-- id. The row is inserted, never updated, so writers never wait on one another here; the sum of
-- `changes` grows exactly when one of them commits. pkk_fold_register_changes() (housekeeping) moves
-- the rows into row 0 in one statement, which leaves the sum as it was.
CREATE OR REPLACE FUNCTION pkk_note_register_change() RETURNS void
LANGUAGE sql AS $$
  INSERT INTO register_changes (transaction_id, changes)
  VALUES (pg_current_xact_id()::text::bigint, 1)
  ON CONFLICT (transaction_id) DO NOTHING;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_registers_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pkk_note_register_change();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER registers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON registers
  FOR EACH STATEMENT EXECUTE FUNCTION pkk_registers_changed();
--> statement-breakpoint
CREATE TRIGGER desa_kelurahan_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON desa_kelurahan
  FOR EACH STATEMENT EXECUTE FUNCTION pkk_registers_changed();
--> statement-breakpoint
CREATE TRIGGER kecamatan_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON kecamatan
  FOR EACH STATEMENT EXECUTE FUNCTION pkk_registers_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_fold_register_changes() RETURNS bigint
LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM register_changes WHERE transaction_id <> 0 RETURNING changes
  ), folded AS (
    INSERT INTO register_changes AS c (transaction_id, changes)
    SELECT 0, coalesce(sum(changes), 0) FROM gone
    ON CONFLICT (transaction_id) DO UPDATE SET changes = c.changes + excluded.changes
  )
  SELECT count(*) FROM gone;
$$;
--> statement-breakpoint
-- A bulk load writes registers with triggers off and then rebuilds the counts: the rebuild notes the
-- change the triggers did not.
CREATE OR REPLACE FUNCTION pkk_rebuild_register_counts() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE register_counts;
  INSERT INTO register_counts (kecamatan_id, desa_kelurahan_id, form_type, live)
  SELECT coalesce(kecamatan_id, 0), coalesce(desa_kelurahan_id, 0), form_type, count(*)::integer
  FROM registers WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3;
  PERFORM pkk_note_register_change();
END $$;
--> statement-breakpoint
INSERT INTO register_changes (transaction_id, changes) VALUES (0, 1) ON CONFLICT (transaction_id) DO NOTHING;

-- register_counts (schema/register-counts.ts): live registrations by ward and form, kept by a row
-- trigger in the same transaction as every write to registers; pkk_rebuild_register_counts()
-- recomputes it from the rows (after a bulk load with triggers off, and for figures:check).
CREATE OR REPLACE FUNCTION pkk_count_register(r registers, s integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF r.deleted_at IS NOT NULL THEN RETURN; END IF;
  INSERT INTO register_counts AS c (kecamatan_id, desa_kelurahan_id, form_type, live)
  VALUES (coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), r.form_type, s)
  ON CONFLICT (desa_kelurahan_id, form_type, kecamatan_id) DO UPDATE SET live = c.live + excluded.live;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_registers_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.deleted_at IS NOT DISTINCT FROM NEW.deleted_at AND OLD.form_type = NEW.form_type
       AND OLD.kecamatan_id IS NOT DISTINCT FROM NEW.kecamatan_id
       AND OLD.desa_kelurahan_id IS NOT DISTINCT FROM NEW.desa_kelurahan_id THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pkk_count_register(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM pkk_count_register(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER registers_counts AFTER INSERT OR DELETE OR UPDATE OF deleted_at, form_type, kecamatan_id, desa_kelurahan_id
  ON registers FOR EACH ROW EXECUTE FUNCTION pkk_registers_counts();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_rebuild_register_counts() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE register_counts;
  INSERT INTO register_counts (kecamatan_id, desa_kelurahan_id, form_type, live)
  SELECT coalesce(kecamatan_id, 0), coalesce(desa_kelurahan_id, 0), form_type, count(*)::integer
  FROM registers WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
SELECT pkk_rebuild_register_counts();
--> statement-breakpoint
ALTER TABLE register_counts SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000);

-- The ward locks of migration 0038, taken the cheap way for the common case. Each member or event
-- row written ran one statement with two sub-selects and a nested PL/pgSQL call: 30 µs a row,
-- as much as the member's insert itself (3,000 member inserts: 180 ms, 90 ms without the lock
-- trigger, 103 ms with these). A row of one register (every insert and delete, an update that
-- keeps its register) locks that register's ward directly; a register moved between wards, or a
-- row moved between registers, still goes through pkk_lock_ward_rollups (two wards, lower first).
-- Same keys, same wards, same order as before.
CREATE OR REPLACE FUNCTION pkk_registers_lock_wards() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_advisory_xact_lock(1200012, coalesce(NEW.desa_kelurahan_id, 0));
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_advisory_xact_lock(1200012, coalesce(OLD.desa_kelurahan_id, 0));
    RETURN OLD;
  ELSIF NEW.desa_kelurahan_id IS NOT DISTINCT FROM OLD.desa_kelurahan_id THEN
    PERFORM pg_advisory_xact_lock(1200012, coalesce(NEW.desa_kelurahan_id, 0));
    RETURN NEW;
  END IF;
  PERFORM pkk_lock_ward_rollups(OLD.desa_kelurahan_id, NEW.desa_kelurahan_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_register_rows_lock_wards() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ward integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT desa_kelurahan_id INTO ward FROM registers WHERE id = NEW.register_id;
    PERFORM pg_advisory_xact_lock(1200012, coalesce(ward, 0));
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT desa_kelurahan_id INTO ward FROM registers WHERE id = OLD.register_id;
    PERFORM pg_advisory_xact_lock(1200012, coalesce(ward, 0));
    RETURN OLD;
  ELSIF NEW.register_id = OLD.register_id THEN
    SELECT desa_kelurahan_id INTO ward FROM registers WHERE id = NEW.register_id;
    PERFORM pg_advisory_xact_lock(1200012, coalesce(ward, 0));
    RETURN NEW;
  END IF;
  PERFORM pkk_lock_ward_rollups(
    (SELECT desa_kelurahan_id FROM registers WHERE id = OLD.register_id),
    (SELECT desa_kelurahan_id FROM registers WHERE id = NEW.register_id));
  RETURN NEW;
END $$;

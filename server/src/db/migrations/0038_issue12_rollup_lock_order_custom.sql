-- One writer at a time per ward on the rollups (issue 12). Every rollup row is keyed by its ward
-- (figure, status, member rollups, the state totals, register_counts), and a write takes several of
-- them: a status move writes its event (the status rollups) and then its register (the figure
-- rollups), an edit, a delete or a restore the other way round, a new family its register and then
-- its event, a bulk verification one family after another. Two such writes in one ward each held a
-- row the other waited for, and PostgreSQL failed one with deadlock_detected: with eight writers on
-- two wards, 5 to 11 of 320 writes still failed after three attempts (db/write-transaction.ts).
-- Now each trigger that files into a ward's rollups first takes that ward's transaction-level
-- advisory lock, so writes in one ward queue at their first rollup row and never deadlock; a write
-- spanning two wards (a family moved between wards) takes them in ward order. A register write
-- takes it in a BEFORE trigger, so it is held before registers_counts and registers_figures run.
-- The lock's key space: (1200012, ward id), apart from the startup locks' single-key space.
-- The wards a and b (either may be null; a register without a ward files under 0), lower id first.
CREATE OR REPLACE FUNCTION pkk_lock_ward_rollups(a integer, b integer DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  one integer := coalesce(a, b, 0);
  other integer := coalesce(b, a, 0);
BEGIN
  PERFORM pg_advisory_xact_lock(1200012, least(one, other));
  IF one <> other THEN PERFORM pg_advisory_xact_lock(1200012, greatest(one, other)); END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_registers_lock_wards() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN PERFORM pkk_lock_ward_rollups(NEW.desa_kelurahan_id);
  ELSIF TG_OP = 'DELETE' THEN PERFORM pkk_lock_ward_rollups(OLD.desa_kelurahan_id);
  ELSE PERFORM pkk_lock_ward_rollups(OLD.desa_kelurahan_id, NEW.desa_kelurahan_id);
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Named to fire before registers_members_before_delete (BEFORE triggers fire in name order).
CREATE TRIGGER registers_lock_wards BEFORE INSERT OR UPDATE OR DELETE ON registers
  FOR EACH ROW EXECUTE FUNCTION pkk_registers_lock_wards();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_members_figures() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r registers;
BEGIN
  PERFORM pkk_lock_ward_rollups(
    CASE WHEN TG_OP <> 'INSERT' THEN (SELECT desa_kelurahan_id FROM registers WHERE id = OLD.register_id) END,
    CASE WHEN TG_OP <> 'DELETE' THEN (SELECT desa_kelurahan_id FROM registers WHERE id = NEW.register_id) END);
  IF TG_OP <> 'INSERT' THEN
    SELECT * INTO r FROM registers WHERE id = OLD.register_id;
    IF FOUND AND r.form_type = 'family_registration' and r.deleted_at is null THEN
      INSERT INTO member_rollups AS t (kecamatan_id, desa_kelurahan_id, rw, rt, status, gender, birth_year, members)
      VALUES (coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), coalesce(r.rw, ''), coalesce(r.rt, ''), r.status, OLD.gender, extract(year from OLD.birth_date)::smallint, -1)
      ON CONFLICT (desa_kelurahan_id, rw, rt, status, gender, birth_year, kecamatan_id) DO UPDATE SET
        members = t.members + excluded.members;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT * INTO r FROM registers WHERE id = NEW.register_id;
    IF FOUND AND r.form_type = 'family_registration' and r.deleted_at is null THEN
      INSERT INTO member_rollups AS t (kecamatan_id, desa_kelurahan_id, rw, rt, status, gender, birth_year, members)
      VALUES (coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), coalesce(r.rw, ''), coalesce(r.rt, ''), r.status, NEW.gender, extract(year from NEW.birth_date)::smallint, 1)
      ON CONFLICT (desa_kelurahan_id, rw, rt, status, gender, birth_year, kecamatan_id) DO UPDATE SET
        members = t.members + excluded.members;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_events_figures() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r registers;
BEGIN
  PERFORM pkk_lock_ward_rollups(
    CASE WHEN TG_OP <> 'INSERT' THEN (SELECT desa_kelurahan_id FROM registers WHERE id = OLD.register_id) END,
    CASE WHEN TG_OP <> 'DELETE' THEN (SELECT desa_kelurahan_id FROM registers WHERE id = NEW.register_id) END);
  IF TG_OP <> 'INSERT' THEN
    SELECT * INTO r FROM registers WHERE id = OLD.register_id;
    IF FOUND AND r.form_type = 'family_registration' and r.deleted_at is null THEN PERFORM pkk_apply_move(r, OLD, -1); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT * INTO r FROM registers WHERE id = NEW.register_id;
    IF FOUND AND r.form_type = 'family_registration' and r.deleted_at is null THEN PERFORM pkk_apply_move(r, NEW, 1); END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM pkk_refresh_register_marks(OLD.register_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.register_id <> OLD.register_id OR
      (NEW.created_at, NEW.to_status) IS DISTINCT FROM (OLD.created_at, OLD.to_status)) THEN
    PERFORM pkk_refresh_register_marks(NEW.register_id);
  END IF;
  RETURN NULL;
END $$;

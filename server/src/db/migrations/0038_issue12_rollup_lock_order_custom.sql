-- One writer at a time per ward on the rollups (issue 12). Every rollup row is keyed by its ward
-- (figure, status, member rollups, the state totals, register_counts), and a write takes several of
-- them: a status move writes its event (the status rollups) and then its register (the figure
-- rollups), an edit, a delete or a restore the other way round, a new family its register and then
-- its event, a bulk verification one family after another. Two such writes in one ward each held a
-- row the other waited for, and PostgreSQL failed one with deadlock_detected: with eight writers on
-- two wards, 5 to 11 of 320 writes still failed after three attempts (db/write-transaction.ts).
-- Now every write to registers, family_members or register_events first takes its ward's
-- transaction-level advisory lock, in a BEFORE trigger, so before any AFTER trigger files into the
-- rollups: writes in one ward queue at their first rollup row and never deadlock; a write spanning
-- two wards (a family moved between wards) takes them in ward order.
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
-- A member's or an event's write: the wards of its register before and after.
CREATE OR REPLACE FUNCTION pkk_register_rows_lock_wards() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pkk_lock_ward_rollups(
    CASE WHEN TG_OP <> 'INSERT' THEN (SELECT desa_kelurahan_id FROM registers WHERE id = OLD.register_id) END,
    CASE WHEN TG_OP <> 'DELETE' THEN (SELECT desa_kelurahan_id FROM registers WHERE id = NEW.register_id) END);
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER family_members_lock_wards BEFORE INSERT OR UPDATE OR DELETE ON family_members
  FOR EACH ROW EXECUTE FUNCTION pkk_register_rows_lock_wards();
--> statement-breakpoint
CREATE TRIGGER register_events_lock_wards BEFORE INSERT OR UPDATE OR DELETE ON register_events
  FOR EACH ROW EXECUTE FUNCTION pkk_register_rows_lock_wards();

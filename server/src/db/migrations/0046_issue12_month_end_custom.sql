-- Month-end snapshots of the figures (issue 12). A past month's
-- report summed figure_month_rollups up to the month: every family registered by the month's end
-- as it is NOW, so deleting or editing a family later rewrote reports of months already closed.
-- Now the first write after a month (WIB) copies every place's sums up to that month from
-- figure_month_place_rollups into figure_month_end, once: a BEFORE ... FOR EACH STATEMENT trigger
-- on registers, family_members and register_events (every write that moves a figure) finds the
-- previous month's mark (one primary-key lookup) or, missing, inserts the marks of the months not
-- taken yet (ON CONFLICT DO NOTHING: a concurrent first writer waits on the mark's key, then
-- skips) and copies the months it marked. It runs before the statement's first row, so nothing of
-- the new month has been filed yet; a transaction's statements share its now(), so its first write
-- statement is the one that looks, before any ward lock (migration 0038) is taken.
-- Copied from the month rollups (registered up to the month) rather than from figure_rollups:
-- equal at the first write of a month, and also right for months before it that no write
-- followed (a database upgraded with its history, a load with triggers off): each gets its own
-- prefix, what its report read until now.
-- A register inserted or moved into a month already taken (history written after the fact: the
-- demo's generator, tests, a corrected creation date) drops the snapshots from that month on; the
-- next write takes them again from the rollups.
-- Takes the months up to `previous` ('YYYY-MM') not taken yet: those after the latest month taken.
-- With none taken (a new database, a bulk load, history written after the fact dropped them all),
-- a write takes `previous` alone: each month costs a pass over the month rollups (about 0.9 s at
-- 100,000 families on a busy 2-core VM; 24 months took 20.8 s), more than a request may spend, and
-- a month without a snapshot reads as before. The upgrade (`from_history`) takes every month from
-- the earliest family's, outside any request.
CREATE OR REPLACE FUNCTION pkk_take_month_ends_until(previous text, from_history boolean DEFAULT false)
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  first_month text;
  last_taken text;
  month_start timestamp;
  taken text;
  marked integer;
BEGIN
  SELECT max(m.month) INTO last_taken FROM figure_month_end_marks m;
  IF last_taken IS NOT NULL THEN
    first_month := to_char(to_date(last_taken || '-01', 'YYYY-MM-DD') + interval '1 month', 'YYYY-MM');
  ELSIF from_history THEN
    SELECT min(r.created_month) INTO first_month FROM figure_month_rollups r WHERE r.families <> 0;
  END IF;
  month_start := to_date(least(coalesce(first_month, previous), previous) || '-01', 'YYYY-MM-DD')::timestamp;
  LOOP
    taken := to_char(month_start, 'YYYY-MM');
    EXIT WHEN taken > previous;
    INSERT INTO figure_month_end_marks (month) VALUES (taken) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS marked = ROW_COUNT;
    IF marked = 1 THEN
      INSERT INTO figure_month_end (month, kecamatan_id, desa_kelurahan_id, rw, rt, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people)
      SELECT taken, r.kecamatan_id, r.desa_kelurahan_id, r.rw, r.rt, r.status, sum(families)::integer, sum(members)::integer, sum(special_families)::integer, sum(water_pdam)::integer, sum(water_well)::integer, sum(mck)::integer, sum(house_healthy)::integer, sum(house_less_healthy)::integer, sum(needs_help)::integer, sum(trash_bin)::integer, sum(drainage)::integer, sum(water_absorption)::integer, sum(food_rice)::integer, sum(food_non_rice)::integer, sum(activity_up2k)::integer, sum(activity_yard_utilization)::integer, sum(activity_home_industry)::integer, sum(activity_environmental_health)::integer, sum(pregnant_families)::integer, sum(pregnant_people)::integer, sum(blind_families)::integer, sum(blind_people)::integer, sum(nursing_families)::integer, sum(nursing_people)::integer, sum(mother_death_families)::integer, sum(mother_death_people)::integer, sum(baby_death_families)::integer, sum(baby_death_people)::integer, sum(toddler_death_families)::integer, sum(toddler_death_people)::integer, sum(new_birth_families)::integer, sum(new_birth_people)::integer, sum(birth_certificate_families)::integer, sum(birth_certificate_people)::integer, sum(postpartum_families)::integer, sum(postpartum_people)::integer
      FROM figure_month_place_rollups r
      WHERE r.created_month <= taken
      GROUP BY r.kecamatan_id, r.desa_kelurahan_id, r.rw, r.rt, r.status
      HAVING sum(r.families) <> 0;
    END IF;
    month_start := month_start + interval '1 month';
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_take_month_ends() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  previous text := to_char(pkk_wib_month_start(now()) - interval '1 month', 'YYYY-MM');
BEGIN
  IF NOT EXISTS (SELECT 1 FROM figure_month_end_marks m WHERE m.month = previous) THEN
    PERFORM pkk_take_month_ends_until(previous);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A statement trigger fires before any row trigger, so before the ward locks (migration 0038).
CREATE TRIGGER registers_month_end BEFORE INSERT OR UPDATE OR DELETE ON registers
  FOR EACH STATEMENT EXECUTE FUNCTION pkk_take_month_ends();
--> statement-breakpoint
CREATE TRIGGER family_members_month_end BEFORE INSERT OR UPDATE OR DELETE ON family_members
  FOR EACH STATEMENT EXECUTE FUNCTION pkk_take_month_ends();
--> statement-breakpoint
CREATE TRIGGER register_events_month_end BEFORE INSERT OR UPDATE OR DELETE ON register_events
  FOR EACH STATEMENT EXECUTE FUNCTION pkk_take_month_ends();
--> statement-breakpoint
-- Drops the snapshots from a month on (their marks too): the next write takes them again.
CREATE OR REPLACE FUNCTION pkk_forget_month_ends(from_month text DEFAULT '') RETURNS void
LANGUAGE sql AS $$
  DELETE FROM figure_month_end WHERE month >= from_month;
  DELETE FROM figure_month_end_marks WHERE month >= from_month;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_registers_month_end_backdated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pkk_forget_month_ends(pkk_wib_month(NEW.created_at));
  ELSE
    PERFORM pkk_forget_month_ends(least(pkk_wib_month(OLD.created_at), pkk_wib_month(NEW.created_at)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER registers_month_end_backdated_insert AFTER INSERT ON registers
  FOR EACH ROW WHEN (pkk_wib_month(NEW.created_at) < pkk_wib_month(now()))
  EXECUTE FUNCTION pkk_registers_month_end_backdated();
--> statement-breakpoint
CREATE TRIGGER registers_month_end_backdated_update AFTER UPDATE OF created_at ON registers
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at
    AND least(pkk_wib_month(OLD.created_at), pkk_wib_month(NEW.created_at)) < pkk_wib_month(now()))
  EXECUTE FUNCTION pkk_registers_month_end_backdated();
--> statement-breakpoint
-- The months of a database upgraded with its history are taken here, by the upgrade (no request's
-- statement timeout), not by the first write after it.
SELECT pkk_take_month_ends_until(to_char(pkk_wib_month_start(now()) - interval '1 month', 'YYYY-MM'), true);

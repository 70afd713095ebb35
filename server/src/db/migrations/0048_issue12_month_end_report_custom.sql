-- The monthly report's counts frozen with the month-end figures, and both kept per ward too (issue 12).
-- - A closed month's 'Registrasi baru' (families registered in the month, by status) and 'Perubahan
--   status' (status moves made in the month) were counted from the families live now, by their
--   status now: a family deleted, moved or validated later changed a report already closed, while
--   its figures below stood still (figure_month_end). Now the first write after the month that
--   takes figure_month_end (migration issue12_month_end_custom) also takes report_month_end, per RT:
--   'received', figure_month_place_rollups' families registered in the month by status (at that
--   write, their status at the month's end); 'move', the month's register_events of the live family
--   registrations by the status reached (what status_month_rollups' 'move' rows hold per ward).
-- - A ward or wider read a closed month by summing every RT's snapshot rows: at 1,000,000 families
--   the city's monthly report took 49.5 ms (p50) against 2.5 ms from the month rollups, the
--   kelurahan's 11 ms against 0.27 ms. figure_month_end_wards and report_month_end_wards hold the
--   same sums per ward, taken from the RT rows as they are written. The RT tables are keyed by
--   place first (migration issue12_month_end_report), so an RW's or RT's trend and closed month
--   read their own rows.
-- One month at 1,000,000 families: figures ~1.7 s, report counts ~1.1 s (a fast 2-core VM).

-- A month's figures: every RT's families registered up to its end, and the same summed per ward
-- (from the rows just written: figure_month_end is keyed by place first, for RW and RT readers).
CREATE OR REPLACE FUNCTION pkk_take_month_end_figures(taken text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH rts AS (
    INSERT INTO figure_month_end (month, kecamatan_id, desa_kelurahan_id, rw, rt, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people)
    SELECT taken, r.kecamatan_id, r.desa_kelurahan_id, r.rw, r.rt, r.status, sum(families)::integer, sum(members)::integer, sum(special_families)::integer, sum(water_pdam)::integer, sum(water_well)::integer, sum(mck)::integer, sum(house_healthy)::integer, sum(house_less_healthy)::integer, sum(needs_help)::integer, sum(trash_bin)::integer, sum(drainage)::integer, sum(water_absorption)::integer, sum(food_rice)::integer, sum(food_non_rice)::integer, sum(activity_up2k)::integer, sum(activity_yard_utilization)::integer, sum(activity_home_industry)::integer, sum(activity_environmental_health)::integer, sum(pregnant_families)::integer, sum(pregnant_people)::integer, sum(blind_families)::integer, sum(blind_people)::integer, sum(nursing_families)::integer, sum(nursing_people)::integer, sum(mother_death_families)::integer, sum(mother_death_people)::integer, sum(baby_death_families)::integer, sum(baby_death_people)::integer, sum(toddler_death_families)::integer, sum(toddler_death_people)::integer, sum(new_birth_families)::integer, sum(new_birth_people)::integer, sum(birth_certificate_families)::integer, sum(birth_certificate_people)::integer, sum(postpartum_families)::integer, sum(postpartum_people)::integer
    FROM figure_month_place_rollups r
    WHERE r.created_month <= taken
    GROUP BY r.kecamatan_id, r.desa_kelurahan_id, r.rw, r.rt, r.status
    HAVING sum(r.families) <> 0
    RETURNING *
  )
  INSERT INTO figure_month_end_wards (month, kecamatan_id, desa_kelurahan_id, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people)
  SELECT taken, r.kecamatan_id, r.desa_kelurahan_id, r.status, sum(families)::integer, sum(members)::integer, sum(special_families)::integer, sum(water_pdam)::integer, sum(water_well)::integer, sum(mck)::integer, sum(house_healthy)::integer, sum(house_less_healthy)::integer, sum(needs_help)::integer, sum(trash_bin)::integer, sum(drainage)::integer, sum(water_absorption)::integer, sum(food_rice)::integer, sum(food_non_rice)::integer, sum(activity_up2k)::integer, sum(activity_yard_utilization)::integer, sum(activity_home_industry)::integer, sum(activity_environmental_health)::integer, sum(pregnant_families)::integer, sum(pregnant_people)::integer, sum(blind_families)::integer, sum(blind_people)::integer, sum(nursing_families)::integer, sum(nursing_people)::integer, sum(mother_death_families)::integer, sum(mother_death_people)::integer, sum(baby_death_families)::integer, sum(baby_death_people)::integer, sum(toddler_death_families)::integer, sum(toddler_death_people)::integer, sum(new_birth_families)::integer, sum(new_birth_people)::integer, sum(birth_certificate_families)::integer, sum(birth_certificate_people)::integer, sum(postpartum_families)::integer, sum(postpartum_people)::integer
  FROM rts r
  GROUP BY r.kecamatan_id, r.desa_kelurahan_id, r.status;
END $$;
--> statement-breakpoint
-- A month's report counts: received and moved per RT, and the same summed per ward.
CREATE OR REPLACE FUNCTION pkk_take_month_end_report(taken text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  month_start timestamptz := (to_date(taken || '-01', 'YYYY-MM-DD')::timestamp - interval '7 hours') AT TIME ZONE 'UTC';
  month_end timestamptz := (to_date(taken || '-01', 'YYYY-MM-DD')::timestamp + interval '1 month' - interval '7 hours') AT TIME ZONE 'UTC';
BEGIN
  WITH received AS (
    INSERT INTO report_month_end (month, kind, kecamatan_id, desa_kelurahan_id, rw, rt, status, families)
    SELECT taken, 'received', r.kecamatan_id, r.desa_kelurahan_id, r.rw, r.rt, r.status, sum(r.families)::integer
    FROM figure_month_place_rollups r
    WHERE r.created_month = taken
    GROUP BY r.kecamatan_id, r.desa_kelurahan_id, r.rw, r.rt, r.status
    HAVING sum(r.families) <> 0
    RETURNING kind, kecamatan_id, desa_kelurahan_id, status, families
  ), moved AS (
    -- No index on register_events.created_at: one would be written by every status move for a
    -- read made once a month. Each of the month's events finds its family by primary key (OFFSET 0
    -- keeps the planner from a hash join reading the whole registers heap: 1.0 s against 0.47 s at
    -- 1,000,000 families).
    INSERT INTO report_month_end (month, kind, kecamatan_id, desa_kelurahan_id, rw, rt, status, families)
    SELECT taken, 'move', f.kecamatan_id, f.desa_kelurahan_id, f.rw, f.rt, e.to_status, count(*)::integer
    FROM register_events e
    CROSS JOIN LATERAL (
      SELECT coalesce(r.kecamatan_id, 0) AS kecamatan_id, coalesce(r.desa_kelurahan_id, 0) AS desa_kelurahan_id,
        coalesce(r.rw, '') AS rw, coalesce(r.rt, '') AS rt
      FROM registers r
      WHERE r.id = e.register_id AND r.deleted_at IS NULL AND r.form_type = 'family_registration'
      OFFSET 0
    ) f
    WHERE e.created_at >= month_start AND e.created_at < month_end
    GROUP BY 3, 4, 5, 6, 7
    RETURNING kind, kecamatan_id, desa_kelurahan_id, status, families
  )
  INSERT INTO report_month_end_wards (month, kind, kecamatan_id, desa_kelurahan_id, status, families)
  SELECT taken, r.kind, r.kecamatan_id, r.desa_kelurahan_id, r.status, sum(r.families)::integer
  FROM (SELECT * FROM received UNION ALL SELECT * FROM moved) r
  GROUP BY r.kind, r.kecamatan_id, r.desa_kelurahan_id, r.status;
END $$;
--> statement-breakpoint
-- As in migration issue12_month_end_custom; each month marked is taken by the two functions above.
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
      PERFORM pkk_take_month_end_figures(taken);
      PERFORM pkk_take_month_end_report(taken);
    END IF;
    month_start := month_start + interval '1 month';
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_forget_month_ends(from_month text DEFAULT '') RETURNS void
LANGUAGE sql AS $$
  DELETE FROM figure_month_end WHERE month >= from_month;
  DELETE FROM figure_month_end_wards WHERE month >= from_month;
  DELETE FROM report_month_end WHERE month >= from_month;
  DELETE FROM report_month_end_wards WHERE month >= from_month;
  DELETE FROM figure_month_end_marks WHERE month >= from_month;
$$;
--> statement-breakpoint
-- The months already taken keep their figures (summed per ward here); their report counts are
-- taken now from the families as they are now (what those reports showed until this upgrade).
INSERT INTO figure_month_end_wards (month, kecamatan_id, desa_kelurahan_id, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people)
SELECT r.month, r.kecamatan_id, r.desa_kelurahan_id, r.status, sum(families)::integer, sum(members)::integer, sum(special_families)::integer, sum(water_pdam)::integer, sum(water_well)::integer, sum(mck)::integer, sum(house_healthy)::integer, sum(house_less_healthy)::integer, sum(needs_help)::integer, sum(trash_bin)::integer, sum(drainage)::integer, sum(water_absorption)::integer, sum(food_rice)::integer, sum(food_non_rice)::integer, sum(activity_up2k)::integer, sum(activity_yard_utilization)::integer, sum(activity_home_industry)::integer, sum(activity_environmental_health)::integer, sum(pregnant_families)::integer, sum(pregnant_people)::integer, sum(blind_families)::integer, sum(blind_people)::integer, sum(nursing_families)::integer, sum(nursing_people)::integer, sum(mother_death_families)::integer, sum(mother_death_people)::integer, sum(baby_death_families)::integer, sum(baby_death_people)::integer, sum(toddler_death_families)::integer, sum(toddler_death_people)::integer, sum(new_birth_families)::integer, sum(new_birth_people)::integer, sum(birth_certificate_families)::integer, sum(birth_certificate_people)::integer, sum(postpartum_families)::integer, sum(postpartum_people)::integer
FROM figure_month_end r
GROUP BY r.month, r.kecamatan_id, r.desa_kelurahan_id, r.status;
--> statement-breakpoint
SELECT pkk_take_month_end_report(m.month) FROM figure_month_end_marks m ORDER BY m.month;
--> statement-breakpoint
-- A closed month's moves are its events now: an event inserted into, or moved into or out of, a
-- month already taken (history written after the fact, as a register's in migration
-- issue12_month_end_custom) drops the snapshots from that month on, and the next write takes them
-- again. An event written now is this month's (statement_timestamp()): one comparison a row.
CREATE TRIGGER register_events_month_end_backdated_insert AFTER INSERT ON register_events
  FOR EACH ROW WHEN (pkk_wib_month(NEW.created_at) < pkk_wib_month(now()))
  EXECUTE FUNCTION pkk_registers_month_end_backdated();
--> statement-breakpoint
CREATE TRIGGER register_events_month_end_backdated_update AFTER UPDATE OF created_at ON register_events
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at
    AND least(pkk_wib_month(OLD.created_at), pkk_wib_month(NEW.created_at)) < pkk_wib_month(now()))
  EXECUTE FUNCTION pkk_registers_month_end_backdated();
--> statement-breakpoint
-- For figures:check (rollups.ts checkRollups): the snapshots are history, not a recount of today's
-- rows, but their ward sums must equal their RT rows and every month held must be marked. Rows of
-- (table, side, row): 'expected' what the RT rows sum to, 'actual' what the ward table holds.
CREATE OR REPLACE FUNCTION pkk_month_end_differences() RETURNS TABLE (table_name text, side text, row_json json)
LANGUAGE sql STABLE AS $$
  WITH figure_sums AS (
    SELECT month, kecamatan_id, desa_kelurahan_id, status, sum(families)::integer AS families, sum(members)::integer AS members, sum(special_families)::integer AS special_families, sum(water_pdam)::integer AS water_pdam, sum(water_well)::integer AS water_well, sum(mck)::integer AS mck, sum(house_healthy)::integer AS house_healthy, sum(house_less_healthy)::integer AS house_less_healthy, sum(needs_help)::integer AS needs_help, sum(trash_bin)::integer AS trash_bin, sum(drainage)::integer AS drainage, sum(water_absorption)::integer AS water_absorption, sum(food_rice)::integer AS food_rice, sum(food_non_rice)::integer AS food_non_rice, sum(activity_up2k)::integer AS activity_up2k, sum(activity_yard_utilization)::integer AS activity_yard_utilization, sum(activity_home_industry)::integer AS activity_home_industry, sum(activity_environmental_health)::integer AS activity_environmental_health, sum(pregnant_families)::integer AS pregnant_families, sum(pregnant_people)::integer AS pregnant_people, sum(blind_families)::integer AS blind_families, sum(blind_people)::integer AS blind_people, sum(nursing_families)::integer AS nursing_families, sum(nursing_people)::integer AS nursing_people, sum(mother_death_families)::integer AS mother_death_families, sum(mother_death_people)::integer AS mother_death_people, sum(baby_death_families)::integer AS baby_death_families, sum(baby_death_people)::integer AS baby_death_people, sum(toddler_death_families)::integer AS toddler_death_families, sum(toddler_death_people)::integer AS toddler_death_people, sum(new_birth_families)::integer AS new_birth_families, sum(new_birth_people)::integer AS new_birth_people, sum(birth_certificate_families)::integer AS birth_certificate_families, sum(birth_certificate_people)::integer AS birth_certificate_people, sum(postpartum_families)::integer AS postpartum_families, sum(postpartum_people)::integer AS postpartum_people
    FROM figure_month_end GROUP BY month, kecamatan_id, desa_kelurahan_id, status
  ), report_sums AS (
    SELECT month, kind, kecamatan_id, desa_kelurahan_id, status, sum(families)::integer AS families
    FROM report_month_end GROUP BY month, kind, kecamatan_id, desa_kelurahan_id, status
  ), held AS (
    SELECT month FROM figure_month_end UNION SELECT month FROM figure_month_end_wards
    UNION SELECT month FROM report_month_end UNION SELECT month FROM report_month_end_wards
  )
  SELECT 'figure_month_end_wards', 'expected', row_to_json(x) FROM (SELECT * FROM figure_sums EXCEPT SELECT * FROM figure_month_end_wards) x
  UNION ALL
  SELECT 'figure_month_end_wards', 'actual', row_to_json(x) FROM (SELECT * FROM figure_month_end_wards EXCEPT SELECT * FROM figure_sums) x
  UNION ALL
  SELECT 'report_month_end_wards', 'expected', row_to_json(x) FROM (SELECT * FROM report_sums EXCEPT SELECT * FROM report_month_end_wards) x
  UNION ALL
  SELECT 'report_month_end_wards', 'actual', row_to_json(x) FROM (SELECT * FROM report_month_end_wards EXCEPT SELECT * FROM report_sums) x
  UNION ALL
  SELECT 'figure_month_end_marks', 'expected', json_build_object('month', h.month)
  FROM held h WHERE NOT EXISTS (SELECT 1 FROM figure_month_end_marks m WHERE m.month = h.month)
$$;

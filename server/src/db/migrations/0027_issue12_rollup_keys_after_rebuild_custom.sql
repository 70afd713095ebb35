-- The rollup rebuild (bulk loader, `npm run figures:check`) builds the keys of its larger tables once
-- the rows are in, instead of inserting ~700,000 rows at 100,000 families into their indexes one by
-- one: member_rollups (about one row per member), register_month_marks (two indexes, rows in no key
-- order), figure_month_place_rollups and figure_rollups drop their primary key (and the marks their
-- place index) after the TRUNCATE and add them back after the INSERT, as pg_restore does. Their
-- INSERTs no longer sort by the key first: the rows are grouped by hash and the index build sorts
-- once. The TRUNCATE already holds the tables' exclusive lock to the end of the transaction, so no
-- writer's ON CONFLICT can meet the table without its key; a rolled-back recount (figures:check)
-- rolls the DDL back too. Same rows as before (EXCEPT ALL both ways on every rollup table at
-- 100,000 families); the three parts warm, in turn: 5.2-6.5 s -> 4.4-5.1 s. The three functions
-- are restated whole (place from issue12_ward_rollups_custom, member and status from
-- issue12_faster_rebuild_custom), with maintenance_work_mem raised for them as work_mem is.
CREATE OR REPLACE FUNCTION pkk_rebuild_place_figures() RETURNS void
LANGUAGE plpgsql
SET work_mem = '64MB'
SET maintenance_work_mem = '256MB'
AS $$
BEGIN
  TRUNCATE figure_rollups, figure_month_rollups, figure_month_place_rollups, figure_ward_rollups;
  ALTER TABLE figure_month_place_rollups DROP CONSTRAINT figure_month_place_rollups_desa_kelurahan_id_rw_rt_created_mont;
  ALTER TABLE figure_rollups DROP CONSTRAINT figure_rollups_desa_kelurahan_id_rw_rt_status_kecamatan_id_pk;
  INSERT INTO figure_month_place_rollups (kecamatan_id, desa_kelurahan_id, rw, rt, created_month, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health)
  SELECT coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), coalesce(r.rw, ''), coalesce(r.rt, ''), to_char(pkk_wib_month_start(r.created_at), 'YYYY-MM'), r.status, sum(1)::integer, sum(r.member_count)::integer, sum((case when r.has_special_condition then 1 else 0 end))::integer, sum((case when r.water_source = 'PDAM' then 1 else 0 end))::integer, sum((case when r.water_source in ('Sumur Bor', 'Sumur Gali') then 1 else 0 end))::integer, sum((case when r.mck_facility then 1 else 0 end))::integer, sum((case when r.house_healthy then 1 else 0 end))::integer, sum((case when r.house_less_healthy then 1 else 0 end))::integer, sum((case when r.house_less_healthy and (not r.has_trash_bin or not r.has_drainage) then 1 else 0 end))::integer, sum((case when r.has_trash_bin then 1 else 0 end))::integer, sum((case when r.has_drainage then 1 else 0 end))::integer, sum((case when r.has_water_absorption then 1 else 0 end))::integer, sum((case when r.food_type = 'Beras' then 1 else 0 end))::integer, sum((case when r.food_type = 'Non Beras' then 1 else 0 end))::integer, sum((case when r.pregnant_count > 0 then 1 else 0 end))::integer, sum(r.pregnant_count)::integer, sum((case when r.blind_count > 0 then 1 else 0 end))::integer, sum(r.blind_count)::integer, sum((case when r.nursing_count > 0 then 1 else 0 end))::integer, sum(r.nursing_count)::integer, sum((case when r.mother_death_count > 0 then 1 else 0 end))::integer, sum(r.mother_death_count)::integer, sum((case when r.baby_death_count > 0 then 1 else 0 end))::integer, sum(r.baby_death_count)::integer, sum((case when r.toddler_death_count > 0 then 1 else 0 end))::integer, sum(r.toddler_death_count)::integer, sum((case when r.new_birth_count > 0 then 1 else 0 end))::integer, sum(r.new_birth_count)::integer, sum((case when r.birth_certificate_count > 0 then 1 else 0 end))::integer, sum(r.birth_certificate_count)::integer, sum((case when r.postpartum_count > 0 then 1 else 0 end))::integer, sum(r.postpartum_count)::integer, sum((case when r.activity_up2k then 1 else 0 end))::integer, sum((case when r.activity_yard_utilization then 1 else 0 end))::integer, sum((case when r.activity_home_industry then 1 else 0 end))::integer, sum((case when r.activity_environmental_health then 1 else 0 end))::integer
  FROM registers r WHERE r.form_type = 'family_registration' and r.deleted_at is null
  GROUP BY coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), coalesce(r.rw, ''), coalesce(r.rt, ''), pkk_wib_month_start(r.created_at), r.status;
  INSERT INTO figure_rollups (kecamatan_id, desa_kelurahan_id, rw, rt, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health)
  SELECT p.kecamatan_id, p.desa_kelurahan_id, p.rw, p.rt, p.status, sum(families)::integer, sum(members)::integer, sum(special_families)::integer, sum(water_pdam)::integer, sum(water_well)::integer, sum(mck)::integer, sum(house_healthy)::integer, sum(house_less_healthy)::integer, sum(needs_help)::integer, sum(trash_bin)::integer, sum(drainage)::integer, sum(water_absorption)::integer, sum(food_rice)::integer, sum(food_non_rice)::integer, sum(pregnant_families)::integer, sum(pregnant_people)::integer, sum(blind_families)::integer, sum(blind_people)::integer, sum(nursing_families)::integer, sum(nursing_people)::integer, sum(mother_death_families)::integer, sum(mother_death_people)::integer, sum(baby_death_families)::integer, sum(baby_death_people)::integer, sum(toddler_death_families)::integer, sum(toddler_death_people)::integer, sum(new_birth_families)::integer, sum(new_birth_people)::integer, sum(birth_certificate_families)::integer, sum(birth_certificate_people)::integer, sum(postpartum_families)::integer, sum(postpartum_people)::integer, sum(activity_up2k)::integer, sum(activity_yard_utilization)::integer, sum(activity_home_industry)::integer, sum(activity_environmental_health)::integer
  FROM figure_month_place_rollups p
  GROUP BY 1, 2, 3, 4, 5;
  ALTER TABLE figure_month_place_rollups ADD CONSTRAINT figure_month_place_rollups_desa_kelurahan_id_rw_rt_created_mont PRIMARY KEY (desa_kelurahan_id, rw, rt, created_month, status, kecamatan_id);
  ALTER TABLE figure_rollups ADD CONSTRAINT figure_rollups_desa_kelurahan_id_rw_rt_status_kecamatan_id_pk PRIMARY KEY (desa_kelurahan_id, rw, rt, status, kecamatan_id);
  INSERT INTO figure_month_rollups (kecamatan_id, desa_kelurahan_id, created_month, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health)
  SELECT p.kecamatan_id, p.desa_kelurahan_id, p.created_month, p.status, sum(families)::integer, sum(members)::integer, sum(special_families)::integer, sum(water_pdam)::integer, sum(water_well)::integer, sum(mck)::integer, sum(house_healthy)::integer, sum(house_less_healthy)::integer, sum(needs_help)::integer, sum(trash_bin)::integer, sum(drainage)::integer, sum(water_absorption)::integer, sum(food_rice)::integer, sum(food_non_rice)::integer, sum(pregnant_families)::integer, sum(pregnant_people)::integer, sum(blind_families)::integer, sum(blind_people)::integer, sum(nursing_families)::integer, sum(nursing_people)::integer, sum(mother_death_families)::integer, sum(mother_death_people)::integer, sum(baby_death_families)::integer, sum(baby_death_people)::integer, sum(toddler_death_families)::integer, sum(toddler_death_people)::integer, sum(new_birth_families)::integer, sum(new_birth_people)::integer, sum(birth_certificate_families)::integer, sum(birth_certificate_people)::integer, sum(postpartum_families)::integer, sum(postpartum_people)::integer, sum(activity_up2k)::integer, sum(activity_yard_utilization)::integer, sum(activity_home_industry)::integer, sum(activity_environmental_health)::integer
  FROM figure_month_place_rollups p
  GROUP BY 1, 2, 3, 4
  ORDER BY 2, 3, 4, 1;
  INSERT INTO figure_ward_rollups (kecamatan_id, desa_kelurahan_id, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health)
  SELECT p.kecamatan_id, p.desa_kelurahan_id, p.status, sum(families)::integer, sum(members)::integer, sum(special_families)::integer, sum(water_pdam)::integer, sum(water_well)::integer, sum(mck)::integer, sum(house_healthy)::integer, sum(house_less_healthy)::integer, sum(needs_help)::integer, sum(trash_bin)::integer, sum(drainage)::integer, sum(water_absorption)::integer, sum(food_rice)::integer, sum(food_non_rice)::integer, sum(pregnant_families)::integer, sum(pregnant_people)::integer, sum(blind_families)::integer, sum(blind_people)::integer, sum(nursing_families)::integer, sum(nursing_people)::integer, sum(mother_death_families)::integer, sum(mother_death_people)::integer, sum(baby_death_families)::integer, sum(baby_death_people)::integer, sum(toddler_death_families)::integer, sum(toddler_death_people)::integer, sum(new_birth_families)::integer, sum(new_birth_people)::integer, sum(birth_certificate_families)::integer, sum(birth_certificate_people)::integer, sum(postpartum_families)::integer, sum(postpartum_people)::integer, sum(activity_up2k)::integer, sum(activity_yard_utilization)::integer, sum(activity_home_industry)::integer, sum(activity_environmental_health)::integer
  FROM figure_month_rollups p
  GROUP BY 1, 2, 3
  ORDER BY 2, 3, 1;
END $$;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_rebuild_member_figures() RETURNS void
LANGUAGE plpgsql
SET work_mem = '64MB'
SET maintenance_work_mem = '256MB'
AS $$
BEGIN
  TRUNCATE member_rollups;
  ALTER TABLE member_rollups DROP CONSTRAINT member_rollups_desa_kelurahan_id_rw_rt_status_gender_birth_year;
  INSERT INTO member_rollups (kecamatan_id, desa_kelurahan_id, rw, rt, status, gender, birth_year, members)
  SELECT coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), coalesce(r.rw, ''), coalesce(r.rt, ''), r.status, m.gender, extract(year from m.birth_date)::smallint, count(*)::integer
  FROM registers r JOIN family_members m ON m.register_id = r.id WHERE r.form_type = 'family_registration' and r.deleted_at is null
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
  ALTER TABLE member_rollups ADD CONSTRAINT member_rollups_desa_kelurahan_id_rw_rt_status_gender_birth_year PRIMARY KEY (desa_kelurahan_id, rw, rt, status, gender, birth_year, kecamatan_id);
END $$;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_rebuild_status_figures() RETURNS void
LANGUAGE plpgsql
SET work_mem = '64MB'
SET maintenance_work_mem = '256MB'
AS $$
BEGIN
  -- Twice in one transaction (two migrations, or a check after a rebuild) finds the last run's tables.
  DROP TABLE IF EXISTS pkk_families, pkk_family_points;
  TRUNCATE register_month_marks, status_month_rollups;
  ALTER TABLE register_month_marks DROP CONSTRAINT register_month_marks_register_id_kind_month_status_pk;
  DROP INDEX register_month_marks_desa_kelurahan_id_rw_rt_kind_month_index;
  -- Every family registration, deleted ones too (the marks need them), with the place as the rollups
  -- key it (null as 0 or ''): some 80 bytes a row against the heap's ~2 KB.
  CREATE TEMP TABLE pkk_families ON COMMIT DROP AS
  SELECT r.id, coalesce(r.kecamatan_id, 0) AS kecamatan_id, coalesce(r.desa_kelurahan_id, 0) AS desa_kelurahan_id, coalesce(r.rw, '') AS rw, coalesce(r.rt, '') AS rt, r.status, r.has_special_condition AS special, r.created_at, r.deleted_at
  FROM registers r WHERE r.form_type = 'family_registration';
  -- A new table has no statistics: the planner took it for a few rows and joined by index lookups.
  ANALYZE pkk_families;
  -- The marks of pkk_register_marks, computed for all families at once (sorts and windows instead
  -- of one function call per family); the property test holds the two to the same answers.
  CREATE TEMP TABLE pkk_family_points ON COMMIT DROP AS
  WITH points AS (
    SELECT f.id, pkk_wib_month_start(f.created_at) AS m FROM pkk_families f
    UNION
    SELECT f.id, pkk_wib_month_start(f.deleted_at) FROM pkk_families f WHERE f.deleted_at IS NOT NULL
    UNION
    SELECT e.register_id, pkk_wib_month_start(e.created_at) FROM register_events e
  ), last_in_month AS (
    SELECT DISTINCT ON (e.register_id, pkk_wib_month_start(e.created_at))
      e.register_id AS id, pkk_wib_month_start(e.created_at) AS m, e.to_status
    FROM register_events e
    ORDER BY e.register_id, pkk_wib_month_start(e.created_at), e.created_at DESC, e.id DESC
  ), numbered AS (
    SELECT p.id, p.m, l.to_status, count(l.to_status) OVER (PARTITION BY p.id ORDER BY p.m) AS grp
    FROM points p LEFT JOIN last_in_month l ON l.id = p.id AND l.m = p.m
  )
  SELECT n.id, n.m, first_value(n.to_status) OVER (PARTITION BY n.id, n.grp ORDER BY n.m) AS last_status
  FROM numbered n;
  INSERT INTO register_month_marks (register_id, kind, month, status, delta, kecamatan_id, desa_kelurahan_id, rw, rt, special)
  WITH states AS (
    SELECT p.id, p.m, CASE WHEN f.created_at < b.b AND (f.deleted_at IS NULL OR f.deleted_at >= b.b)
      THEN coalesce(p.last_status, '') END AS state,
      f.kecamatan_id, f.desa_kelurahan_id, f.rw, f.rt, f.special
    FROM pkk_family_points p JOIN pkk_families f ON f.id = p.id
    CROSS JOIN LATERAL (SELECT (p.m + interval '1 month' - interval '7 hours') at time zone 'UTC' AS b) b
  ), changes AS (
    SELECT s.*, lag(s.state) OVER (PARTITION BY s.id ORDER BY s.m) AS prev FROM states s
  )
  SELECT c.id, 'state', to_char(c.m, 'YYYY-MM'), k.status, k.delta, c.kecamatan_id, c.desa_kelurahan_id, c.rw, c.rt, c.special
  FROM changes c CROSS JOIN LATERAL (VALUES (c.state, 1), (c.prev, -1)) k(status, delta)
  WHERE c.state IS DISTINCT FROM c.prev AND k.status IS NOT NULL;
  ALTER TABLE register_month_marks ADD CONSTRAINT register_month_marks_register_id_kind_month_status_pk PRIMARY KEY (register_id, kind, month, status);
  CREATE INDEX register_month_marks_desa_kelurahan_id_rw_rt_kind_month_index ON register_month_marks (desa_kelurahan_id, rw, rt, kind, month);
  INSERT INTO status_month_rollups (kind, kecamatan_id, desa_kelurahan_id, month, status, special, families)
  SELECT k.kind, k.kecamatan_id, k.desa_kelurahan_id, k.month, k.status, k.special, sum(k.delta)::integer
  FROM register_month_marks k
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO status_month_rollups (kind, kecamatan_id, desa_kelurahan_id, month, status, special, families)
  SELECT 'move', f.kecamatan_id, f.desa_kelurahan_id, to_char(pkk_wib_month_start(e.created_at), 'YYYY-MM'), e.to_status, false, count(*)::integer
  FROM register_events e JOIN pkk_families f ON f.id = e.register_id
  WHERE f.deleted_at is null
  GROUP BY f.kecamatan_id, f.desa_kelurahan_id, pkk_wib_month_start(e.created_at), e.to_status;
END $$;


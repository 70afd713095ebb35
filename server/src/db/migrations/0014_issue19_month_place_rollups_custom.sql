-- Month sums per RW and RT (issue 19: the monthly trend of an RW or RT reader), kept by the same
-- trigger function as the other figure rollups, in the same transaction as every register write. The
-- two functions are those of issue19_community_activities_custom with figure_month_place_rollups added
-- (pkk_rebuild_figures is the recount of `npm run figures:check`); existing families are filed once.
CREATE OR REPLACE FUNCTION pkk_apply_register(r registers, s integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO figure_rollups AS t (kecamatan_id, desa_kelurahan_id, rw, rt, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health)
  VALUES (coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), coalesce(r.rw, ''), coalesce(r.rt, ''), r.status, s * 1, s * r.member_count, s * (case when r.has_special_condition then 1 else 0 end), s * (case when r.water_source = 'PDAM' then 1 else 0 end), s * (case when r.water_source in ('Sumur Bor', 'Sumur Gali') then 1 else 0 end), s * (case when r.mck_facility then 1 else 0 end), s * (case when r.house_healthy then 1 else 0 end), s * (case when r.house_less_healthy then 1 else 0 end), s * (case when r.house_less_healthy and (not r.has_trash_bin or not r.has_drainage) then 1 else 0 end), s * (case when r.has_trash_bin then 1 else 0 end), s * (case when r.has_drainage then 1 else 0 end), s * (case when r.has_water_absorption then 1 else 0 end), s * (case when r.food_type = 'Beras' then 1 else 0 end), s * (case when r.food_type = 'Non Beras' then 1 else 0 end), s * (case when r.pregnant_count > 0 then 1 else 0 end), s * r.pregnant_count, s * (case when r.blind_count > 0 then 1 else 0 end), s * r.blind_count, s * (case when r.nursing_count > 0 then 1 else 0 end), s * r.nursing_count, s * (case when r.mother_death_count > 0 then 1 else 0 end), s * r.mother_death_count, s * (case when r.baby_death_count > 0 then 1 else 0 end), s * r.baby_death_count, s * (case when r.toddler_death_count > 0 then 1 else 0 end), s * r.toddler_death_count, s * (case when r.new_birth_count > 0 then 1 else 0 end), s * r.new_birth_count, s * (case when r.birth_certificate_count > 0 then 1 else 0 end), s * r.birth_certificate_count, s * (case when r.postpartum_count > 0 then 1 else 0 end), s * r.postpartum_count, s * (case when r.activity_up2k then 1 else 0 end), s * (case when r.activity_yard_utilization then 1 else 0 end), s * (case when r.activity_home_industry then 1 else 0 end), s * (case when r.activity_environmental_health then 1 else 0 end))
  ON CONFLICT (desa_kelurahan_id, rw, rt, status, kecamatan_id) DO UPDATE SET
    families = t.families + excluded.families,
    members = t.members + excluded.members,
    special_families = t.special_families + excluded.special_families,
    water_pdam = t.water_pdam + excluded.water_pdam,
    water_well = t.water_well + excluded.water_well,
    mck = t.mck + excluded.mck,
    house_healthy = t.house_healthy + excluded.house_healthy,
    house_less_healthy = t.house_less_healthy + excluded.house_less_healthy,
    needs_help = t.needs_help + excluded.needs_help,
    trash_bin = t.trash_bin + excluded.trash_bin,
    drainage = t.drainage + excluded.drainage,
    water_absorption = t.water_absorption + excluded.water_absorption,
    food_rice = t.food_rice + excluded.food_rice,
    food_non_rice = t.food_non_rice + excluded.food_non_rice,
    pregnant_families = t.pregnant_families + excluded.pregnant_families,
    pregnant_people = t.pregnant_people + excluded.pregnant_people,
    blind_families = t.blind_families + excluded.blind_families,
    blind_people = t.blind_people + excluded.blind_people,
    nursing_families = t.nursing_families + excluded.nursing_families,
    nursing_people = t.nursing_people + excluded.nursing_people,
    mother_death_families = t.mother_death_families + excluded.mother_death_families,
    mother_death_people = t.mother_death_people + excluded.mother_death_people,
    baby_death_families = t.baby_death_families + excluded.baby_death_families,
    baby_death_people = t.baby_death_people + excluded.baby_death_people,
    toddler_death_families = t.toddler_death_families + excluded.toddler_death_families,
    toddler_death_people = t.toddler_death_people + excluded.toddler_death_people,
    new_birth_families = t.new_birth_families + excluded.new_birth_families,
    new_birth_people = t.new_birth_people + excluded.new_birth_people,
    birth_certificate_families = t.birth_certificate_families + excluded.birth_certificate_families,
    birth_certificate_people = t.birth_certificate_people + excluded.birth_certificate_people,
    postpartum_families = t.postpartum_families + excluded.postpartum_families,
    postpartum_people = t.postpartum_people + excluded.postpartum_people,
    activity_up2k = t.activity_up2k + excluded.activity_up2k,
    activity_yard_utilization = t.activity_yard_utilization + excluded.activity_yard_utilization,
    activity_home_industry = t.activity_home_industry + excluded.activity_home_industry,
    activity_environmental_health = t.activity_environmental_health + excluded.activity_environmental_health;
  INSERT INTO figure_month_rollups AS t (kecamatan_id, desa_kelurahan_id, created_month, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health)
  VALUES (coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), pkk_wib_month(r.created_at), r.status, s * 1, s * r.member_count, s * (case when r.has_special_condition then 1 else 0 end), s * (case when r.water_source = 'PDAM' then 1 else 0 end), s * (case when r.water_source in ('Sumur Bor', 'Sumur Gali') then 1 else 0 end), s * (case when r.mck_facility then 1 else 0 end), s * (case when r.house_healthy then 1 else 0 end), s * (case when r.house_less_healthy then 1 else 0 end), s * (case when r.house_less_healthy and (not r.has_trash_bin or not r.has_drainage) then 1 else 0 end), s * (case when r.has_trash_bin then 1 else 0 end), s * (case when r.has_drainage then 1 else 0 end), s * (case when r.has_water_absorption then 1 else 0 end), s * (case when r.food_type = 'Beras' then 1 else 0 end), s * (case when r.food_type = 'Non Beras' then 1 else 0 end), s * (case when r.pregnant_count > 0 then 1 else 0 end), s * r.pregnant_count, s * (case when r.blind_count > 0 then 1 else 0 end), s * r.blind_count, s * (case when r.nursing_count > 0 then 1 else 0 end), s * r.nursing_count, s * (case when r.mother_death_count > 0 then 1 else 0 end), s * r.mother_death_count, s * (case when r.baby_death_count > 0 then 1 else 0 end), s * r.baby_death_count, s * (case when r.toddler_death_count > 0 then 1 else 0 end), s * r.toddler_death_count, s * (case when r.new_birth_count > 0 then 1 else 0 end), s * r.new_birth_count, s * (case when r.birth_certificate_count > 0 then 1 else 0 end), s * r.birth_certificate_count, s * (case when r.postpartum_count > 0 then 1 else 0 end), s * r.postpartum_count, s * (case when r.activity_up2k then 1 else 0 end), s * (case when r.activity_yard_utilization then 1 else 0 end), s * (case when r.activity_home_industry then 1 else 0 end), s * (case when r.activity_environmental_health then 1 else 0 end))
  ON CONFLICT (desa_kelurahan_id, created_month, status, kecamatan_id) DO UPDATE SET
    families = t.families + excluded.families,
    members = t.members + excluded.members,
    special_families = t.special_families + excluded.special_families,
    water_pdam = t.water_pdam + excluded.water_pdam,
    water_well = t.water_well + excluded.water_well,
    mck = t.mck + excluded.mck,
    house_healthy = t.house_healthy + excluded.house_healthy,
    house_less_healthy = t.house_less_healthy + excluded.house_less_healthy,
    needs_help = t.needs_help + excluded.needs_help,
    trash_bin = t.trash_bin + excluded.trash_bin,
    drainage = t.drainage + excluded.drainage,
    water_absorption = t.water_absorption + excluded.water_absorption,
    food_rice = t.food_rice + excluded.food_rice,
    food_non_rice = t.food_non_rice + excluded.food_non_rice,
    pregnant_families = t.pregnant_families + excluded.pregnant_families,
    pregnant_people = t.pregnant_people + excluded.pregnant_people,
    blind_families = t.blind_families + excluded.blind_families,
    blind_people = t.blind_people + excluded.blind_people,
    nursing_families = t.nursing_families + excluded.nursing_families,
    nursing_people = t.nursing_people + excluded.nursing_people,
    mother_death_families = t.mother_death_families + excluded.mother_death_families,
    mother_death_people = t.mother_death_people + excluded.mother_death_people,
    baby_death_families = t.baby_death_families + excluded.baby_death_families,
    baby_death_people = t.baby_death_people + excluded.baby_death_people,
    toddler_death_families = t.toddler_death_families + excluded.toddler_death_families,
    toddler_death_people = t.toddler_death_people + excluded.toddler_death_people,
    new_birth_families = t.new_birth_families + excluded.new_birth_families,
    new_birth_people = t.new_birth_people + excluded.new_birth_people,
    birth_certificate_families = t.birth_certificate_families + excluded.birth_certificate_families,
    birth_certificate_people = t.birth_certificate_people + excluded.birth_certificate_people,
    postpartum_families = t.postpartum_families + excluded.postpartum_families,
    postpartum_people = t.postpartum_people + excluded.postpartum_people,
    activity_up2k = t.activity_up2k + excluded.activity_up2k,
    activity_yard_utilization = t.activity_yard_utilization + excluded.activity_yard_utilization,
    activity_home_industry = t.activity_home_industry + excluded.activity_home_industry,
    activity_environmental_health = t.activity_environmental_health + excluded.activity_environmental_health;
  INSERT INTO figure_month_place_rollups AS t (kecamatan_id, desa_kelurahan_id, rw, rt, created_month, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health)
  VALUES (coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), coalesce(r.rw, ''), coalesce(r.rt, ''), pkk_wib_month(r.created_at), r.status, s * 1, s * r.member_count, s * (case when r.has_special_condition then 1 else 0 end), s * (case when r.water_source = 'PDAM' then 1 else 0 end), s * (case when r.water_source in ('Sumur Bor', 'Sumur Gali') then 1 else 0 end), s * (case when r.mck_facility then 1 else 0 end), s * (case when r.house_healthy then 1 else 0 end), s * (case when r.house_less_healthy then 1 else 0 end), s * (case when r.house_less_healthy and (not r.has_trash_bin or not r.has_drainage) then 1 else 0 end), s * (case when r.has_trash_bin then 1 else 0 end), s * (case when r.has_drainage then 1 else 0 end), s * (case when r.has_water_absorption then 1 else 0 end), s * (case when r.food_type = 'Beras' then 1 else 0 end), s * (case when r.food_type = 'Non Beras' then 1 else 0 end), s * (case when r.pregnant_count > 0 then 1 else 0 end), s * r.pregnant_count, s * (case when r.blind_count > 0 then 1 else 0 end), s * r.blind_count, s * (case when r.nursing_count > 0 then 1 else 0 end), s * r.nursing_count, s * (case when r.mother_death_count > 0 then 1 else 0 end), s * r.mother_death_count, s * (case when r.baby_death_count > 0 then 1 else 0 end), s * r.baby_death_count, s * (case when r.toddler_death_count > 0 then 1 else 0 end), s * r.toddler_death_count, s * (case when r.new_birth_count > 0 then 1 else 0 end), s * r.new_birth_count, s * (case when r.birth_certificate_count > 0 then 1 else 0 end), s * r.birth_certificate_count, s * (case when r.postpartum_count > 0 then 1 else 0 end), s * r.postpartum_count, s * (case when r.activity_up2k then 1 else 0 end), s * (case when r.activity_yard_utilization then 1 else 0 end), s * (case when r.activity_home_industry then 1 else 0 end), s * (case when r.activity_environmental_health then 1 else 0 end))
  ON CONFLICT (desa_kelurahan_id, rw, rt, created_month, status, kecamatan_id) DO UPDATE SET
    families = t.families + excluded.families,
    members = t.members + excluded.members,
    special_families = t.special_families + excluded.special_families,
    water_pdam = t.water_pdam + excluded.water_pdam,
    water_well = t.water_well + excluded.water_well,
    mck = t.mck + excluded.mck,
    house_healthy = t.house_healthy + excluded.house_healthy,
    house_less_healthy = t.house_less_healthy + excluded.house_less_healthy,
    needs_help = t.needs_help + excluded.needs_help,
    trash_bin = t.trash_bin + excluded.trash_bin,
    drainage = t.drainage + excluded.drainage,
    water_absorption = t.water_absorption + excluded.water_absorption,
    food_rice = t.food_rice + excluded.food_rice,
    food_non_rice = t.food_non_rice + excluded.food_non_rice,
    pregnant_families = t.pregnant_families + excluded.pregnant_families,
    pregnant_people = t.pregnant_people + excluded.pregnant_people,
    blind_families = t.blind_families + excluded.blind_families,
    blind_people = t.blind_people + excluded.blind_people,
    nursing_families = t.nursing_families + excluded.nursing_families,
    nursing_people = t.nursing_people + excluded.nursing_people,
    mother_death_families = t.mother_death_families + excluded.mother_death_families,
    mother_death_people = t.mother_death_people + excluded.mother_death_people,
    baby_death_families = t.baby_death_families + excluded.baby_death_families,
    baby_death_people = t.baby_death_people + excluded.baby_death_people,
    toddler_death_families = t.toddler_death_families + excluded.toddler_death_families,
    toddler_death_people = t.toddler_death_people + excluded.toddler_death_people,
    new_birth_families = t.new_birth_families + excluded.new_birth_families,
    new_birth_people = t.new_birth_people + excluded.new_birth_people,
    birth_certificate_families = t.birth_certificate_families + excluded.birth_certificate_families,
    birth_certificate_people = t.birth_certificate_people + excluded.birth_certificate_people,
    postpartum_families = t.postpartum_families + excluded.postpartum_families,
    postpartum_people = t.postpartum_people + excluded.postpartum_people,
    activity_up2k = t.activity_up2k + excluded.activity_up2k,
    activity_yard_utilization = t.activity_yard_utilization + excluded.activity_yard_utilization,
    activity_home_industry = t.activity_home_industry + excluded.activity_home_industry,
    activity_environmental_health = t.activity_environmental_health + excluded.activity_environmental_health;
END $$;
--> statement-breakpoint
-- Recomputes every rollup from the rows: after a bulk load with the triggers off, and the reference
-- `npm run figures:check` compares against (it runs the same statements into temporary tables).
CREATE OR REPLACE FUNCTION pkk_rebuild_figures() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Twice in one transaction (two migrations, or a check after a rebuild) finds the last run's table.
  DROP TABLE IF EXISTS pkk_family_points;
  TRUNCATE figure_rollups, figure_month_rollups, figure_month_place_rollups, member_rollups, register_month_marks, status_month_rollups;
  INSERT INTO figure_rollups (kecamatan_id, desa_kelurahan_id, rw, rt, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health)
  SELECT coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), coalesce(r.rw, ''), coalesce(r.rt, ''), r.status, sum(1)::integer, sum(r.member_count)::integer, sum((case when r.has_special_condition then 1 else 0 end))::integer, sum((case when r.water_source = 'PDAM' then 1 else 0 end))::integer, sum((case when r.water_source in ('Sumur Bor', 'Sumur Gali') then 1 else 0 end))::integer, sum((case when r.mck_facility then 1 else 0 end))::integer, sum((case when r.house_healthy then 1 else 0 end))::integer, sum((case when r.house_less_healthy then 1 else 0 end))::integer, sum((case when r.house_less_healthy and (not r.has_trash_bin or not r.has_drainage) then 1 else 0 end))::integer, sum((case when r.has_trash_bin then 1 else 0 end))::integer, sum((case when r.has_drainage then 1 else 0 end))::integer, sum((case when r.has_water_absorption then 1 else 0 end))::integer, sum((case when r.food_type = 'Beras' then 1 else 0 end))::integer, sum((case when r.food_type = 'Non Beras' then 1 else 0 end))::integer, sum((case when r.pregnant_count > 0 then 1 else 0 end))::integer, sum(r.pregnant_count)::integer, sum((case when r.blind_count > 0 then 1 else 0 end))::integer, sum(r.blind_count)::integer, sum((case when r.nursing_count > 0 then 1 else 0 end))::integer, sum(r.nursing_count)::integer, sum((case when r.mother_death_count > 0 then 1 else 0 end))::integer, sum(r.mother_death_count)::integer, sum((case when r.baby_death_count > 0 then 1 else 0 end))::integer, sum(r.baby_death_count)::integer, sum((case when r.toddler_death_count > 0 then 1 else 0 end))::integer, sum(r.toddler_death_count)::integer, sum((case when r.new_birth_count > 0 then 1 else 0 end))::integer, sum(r.new_birth_count)::integer, sum((case when r.birth_certificate_count > 0 then 1 else 0 end))::integer, sum(r.birth_certificate_count)::integer, sum((case when r.postpartum_count > 0 then 1 else 0 end))::integer, sum(r.postpartum_count)::integer, sum((case when r.activity_up2k then 1 else 0 end))::integer, sum((case when r.activity_yard_utilization then 1 else 0 end))::integer, sum((case when r.activity_home_industry then 1 else 0 end))::integer, sum((case when r.activity_environmental_health then 1 else 0 end))::integer
  FROM registers r WHERE r.form_type = 'family_registration' and r.deleted_at is null
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO figure_month_rollups (kecamatan_id, desa_kelurahan_id, created_month, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health)
  SELECT coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), pkk_wib_month(r.created_at), r.status, sum(1)::integer, sum(r.member_count)::integer, sum((case when r.has_special_condition then 1 else 0 end))::integer, sum((case when r.water_source = 'PDAM' then 1 else 0 end))::integer, sum((case when r.water_source in ('Sumur Bor', 'Sumur Gali') then 1 else 0 end))::integer, sum((case when r.mck_facility then 1 else 0 end))::integer, sum((case when r.house_healthy then 1 else 0 end))::integer, sum((case when r.house_less_healthy then 1 else 0 end))::integer, sum((case when r.house_less_healthy and (not r.has_trash_bin or not r.has_drainage) then 1 else 0 end))::integer, sum((case when r.has_trash_bin then 1 else 0 end))::integer, sum((case when r.has_drainage then 1 else 0 end))::integer, sum((case when r.has_water_absorption then 1 else 0 end))::integer, sum((case when r.food_type = 'Beras' then 1 else 0 end))::integer, sum((case when r.food_type = 'Non Beras' then 1 else 0 end))::integer, sum((case when r.pregnant_count > 0 then 1 else 0 end))::integer, sum(r.pregnant_count)::integer, sum((case when r.blind_count > 0 then 1 else 0 end))::integer, sum(r.blind_count)::integer, sum((case when r.nursing_count > 0 then 1 else 0 end))::integer, sum(r.nursing_count)::integer, sum((case when r.mother_death_count > 0 then 1 else 0 end))::integer, sum(r.mother_death_count)::integer, sum((case when r.baby_death_count > 0 then 1 else 0 end))::integer, sum(r.baby_death_count)::integer, sum((case when r.toddler_death_count > 0 then 1 else 0 end))::integer, sum(r.toddler_death_count)::integer, sum((case when r.new_birth_count > 0 then 1 else 0 end))::integer, sum(r.new_birth_count)::integer, sum((case when r.birth_certificate_count > 0 then 1 else 0 end))::integer, sum(r.birth_certificate_count)::integer, sum((case when r.postpartum_count > 0 then 1 else 0 end))::integer, sum(r.postpartum_count)::integer, sum((case when r.activity_up2k then 1 else 0 end))::integer, sum((case when r.activity_yard_utilization then 1 else 0 end))::integer, sum((case when r.activity_home_industry then 1 else 0 end))::integer, sum((case when r.activity_environmental_health then 1 else 0 end))::integer
  FROM registers r WHERE r.form_type = 'family_registration' and r.deleted_at is null
  GROUP BY 1, 2, 3, 4;
  INSERT INTO figure_month_place_rollups (kecamatan_id, desa_kelurahan_id, rw, rt, created_month, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health)
  SELECT coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), coalesce(r.rw, ''), coalesce(r.rt, ''), pkk_wib_month(r.created_at), r.status, sum(1)::integer, sum(r.member_count)::integer, sum((case when r.has_special_condition then 1 else 0 end))::integer, sum((case when r.water_source = 'PDAM' then 1 else 0 end))::integer, sum((case when r.water_source in ('Sumur Bor', 'Sumur Gali') then 1 else 0 end))::integer, sum((case when r.mck_facility then 1 else 0 end))::integer, sum((case when r.house_healthy then 1 else 0 end))::integer, sum((case when r.house_less_healthy then 1 else 0 end))::integer, sum((case when r.house_less_healthy and (not r.has_trash_bin or not r.has_drainage) then 1 else 0 end))::integer, sum((case when r.has_trash_bin then 1 else 0 end))::integer, sum((case when r.has_drainage then 1 else 0 end))::integer, sum((case when r.has_water_absorption then 1 else 0 end))::integer, sum((case when r.food_type = 'Beras' then 1 else 0 end))::integer, sum((case when r.food_type = 'Non Beras' then 1 else 0 end))::integer, sum((case when r.pregnant_count > 0 then 1 else 0 end))::integer, sum(r.pregnant_count)::integer, sum((case when r.blind_count > 0 then 1 else 0 end))::integer, sum(r.blind_count)::integer, sum((case when r.nursing_count > 0 then 1 else 0 end))::integer, sum(r.nursing_count)::integer, sum((case when r.mother_death_count > 0 then 1 else 0 end))::integer, sum(r.mother_death_count)::integer, sum((case when r.baby_death_count > 0 then 1 else 0 end))::integer, sum(r.baby_death_count)::integer, sum((case when r.toddler_death_count > 0 then 1 else 0 end))::integer, sum(r.toddler_death_count)::integer, sum((case when r.new_birth_count > 0 then 1 else 0 end))::integer, sum(r.new_birth_count)::integer, sum((case when r.birth_certificate_count > 0 then 1 else 0 end))::integer, sum(r.birth_certificate_count)::integer, sum((case when r.postpartum_count > 0 then 1 else 0 end))::integer, sum(r.postpartum_count)::integer, sum((case when r.activity_up2k then 1 else 0 end))::integer, sum((case when r.activity_yard_utilization then 1 else 0 end))::integer, sum((case when r.activity_home_industry then 1 else 0 end))::integer, sum((case when r.activity_environmental_health then 1 else 0 end))::integer
  FROM registers r WHERE r.form_type = 'family_registration' and r.deleted_at is null
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO member_rollups (kecamatan_id, desa_kelurahan_id, rw, rt, status, gender, birth_year, members)
  SELECT coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), coalesce(r.rw, ''), coalesce(r.rt, ''), r.status, m.gender, extract(year from m.birth_date)::smallint, count(*)::integer
  FROM registers r JOIN family_members m ON m.register_id = r.id WHERE r.form_type = 'family_registration' and r.deleted_at is null
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
  -- The marks of pkk_register_marks, computed for all families at once (sorts and windows instead
  -- of one function call per family); the property test holds the two to the same answers.
  CREATE TEMP TABLE pkk_family_points ON COMMIT DROP AS
  WITH points AS (
    SELECT r.id, pkk_wib_month_start(r.created_at) AS m FROM registers r WHERE r.form_type = 'family_registration'
    UNION
    SELECT r.id, pkk_wib_month_start(r.deleted_at) FROM registers r
    WHERE r.form_type = 'family_registration' AND r.deleted_at IS NOT NULL
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
    SELECT p.id, p.m, CASE WHEN r.created_at < b.b AND (r.deleted_at IS NULL OR r.deleted_at >= b.b)
      THEN coalesce(p.last_status, '') END AS state
    FROM pkk_family_points p JOIN registers r ON r.id = p.id
    CROSS JOIN LATERAL (SELECT (p.m + interval '1 month' - interval '7 hours') at time zone 'UTC' AS b) b
    WHERE r.form_type = 'family_registration'
  ), changes AS (
    SELECT id, m, state, lag(state) OVER (PARTITION BY id ORDER BY m) AS prev FROM states
  ), marks AS (
    SELECT id, 'state' AS kind, to_char(m, 'YYYY-MM') AS month, state AS status, 1 AS delta
    FROM changes WHERE state IS DISTINCT FROM prev AND state IS NOT NULL
    UNION ALL
    SELECT id, 'state', to_char(m, 'YYYY-MM'), prev, -1 FROM changes WHERE state IS DISTINCT FROM prev AND prev IS NOT NULL
  )
  SELECT k.id, k.kind, k.month, k.status, k.delta, coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), coalesce(r.rw, ''), coalesce(r.rt, ''), r.has_special_condition
  FROM marks k JOIN registers r ON r.id = k.id;
  INSERT INTO status_month_rollups (kind, kecamatan_id, desa_kelurahan_id, month, status, special, families)
  SELECT k.kind, k.kecamatan_id, k.desa_kelurahan_id, k.month, k.status, k.special, sum(k.delta)::integer
  FROM register_month_marks k
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO status_month_rollups (kind, kecamatan_id, desa_kelurahan_id, month, status, special, families)
  SELECT 'move', coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), pkk_wib_month(e.created_at), e.to_status, false, count(*)::integer
  FROM register_events e JOIN registers r ON r.id = e.register_id
  WHERE r.form_type = 'family_registration' and r.deleted_at is null
  GROUP BY 2, 3, 4, 5;
END $$;
--> statement-breakpoint
SELECT pkk_rebuild_figures();

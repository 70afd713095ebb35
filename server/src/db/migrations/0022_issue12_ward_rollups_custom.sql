-- figure_ward_rollups (live families by ward and status, no month): a ward-or-wider figure now reads
-- a few hundred rows for the whole city instead of summing every month of every ward in
-- figure_month_rollups (8,400 rows at 1,000,000 families). pkk_apply_register keeps it beside the
-- other rollups in the same transaction as every register write; pkk_rebuild_place_figures (the
-- recount of `npm run figures:check` and the bulk loader) sums it from figure_month_rollups. Both
-- functions are restated whole, with the new table's lines added.
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
  INSERT INTO figure_ward_rollups AS t (kecamatan_id, desa_kelurahan_id, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health)
  VALUES (coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), r.status, s * 1, s * r.member_count, s * (case when r.has_special_condition then 1 else 0 end), s * (case when r.water_source = 'PDAM' then 1 else 0 end), s * (case when r.water_source in ('Sumur Bor', 'Sumur Gali') then 1 else 0 end), s * (case when r.mck_facility then 1 else 0 end), s * (case when r.house_healthy then 1 else 0 end), s * (case when r.house_less_healthy then 1 else 0 end), s * (case when r.house_less_healthy and (not r.has_trash_bin or not r.has_drainage) then 1 else 0 end), s * (case when r.has_trash_bin then 1 else 0 end), s * (case when r.has_drainage then 1 else 0 end), s * (case when r.has_water_absorption then 1 else 0 end), s * (case when r.food_type = 'Beras' then 1 else 0 end), s * (case when r.food_type = 'Non Beras' then 1 else 0 end), s * (case when r.pregnant_count > 0 then 1 else 0 end), s * r.pregnant_count, s * (case when r.blind_count > 0 then 1 else 0 end), s * r.blind_count, s * (case when r.nursing_count > 0 then 1 else 0 end), s * r.nursing_count, s * (case when r.mother_death_count > 0 then 1 else 0 end), s * r.mother_death_count, s * (case when r.baby_death_count > 0 then 1 else 0 end), s * r.baby_death_count, s * (case when r.toddler_death_count > 0 then 1 else 0 end), s * r.toddler_death_count, s * (case when r.new_birth_count > 0 then 1 else 0 end), s * r.new_birth_count, s * (case when r.birth_certificate_count > 0 then 1 else 0 end), s * r.birth_certificate_count, s * (case when r.postpartum_count > 0 then 1 else 0 end), s * r.postpartum_count, s * (case when r.activity_up2k then 1 else 0 end), s * (case when r.activity_yard_utilization then 1 else 0 end), s * (case when r.activity_home_industry then 1 else 0 end), s * (case when r.activity_environmental_health then 1 else 0 end))
  ON CONFLICT (desa_kelurahan_id, status, kecamatan_id) DO UPDATE SET
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
CREATE OR REPLACE FUNCTION pkk_rebuild_place_figures() RETURNS void
LANGUAGE plpgsql
SET work_mem = '64MB'
AS $$
BEGIN
  TRUNCATE figure_rollups, figure_month_rollups, figure_month_place_rollups, figure_ward_rollups;
  INSERT INTO figure_month_place_rollups (kecamatan_id, desa_kelurahan_id, rw, rt, created_month, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health)
  SELECT coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), coalesce(r.rw, ''), coalesce(r.rt, ''), to_char(pkk_wib_month_start(r.created_at), 'YYYY-MM'), r.status, sum(1)::integer, sum(r.member_count)::integer, sum((case when r.has_special_condition then 1 else 0 end))::integer, sum((case when r.water_source = 'PDAM' then 1 else 0 end))::integer, sum((case when r.water_source in ('Sumur Bor', 'Sumur Gali') then 1 else 0 end))::integer, sum((case when r.mck_facility then 1 else 0 end))::integer, sum((case when r.house_healthy then 1 else 0 end))::integer, sum((case when r.house_less_healthy then 1 else 0 end))::integer, sum((case when r.house_less_healthy and (not r.has_trash_bin or not r.has_drainage) then 1 else 0 end))::integer, sum((case when r.has_trash_bin then 1 else 0 end))::integer, sum((case when r.has_drainage then 1 else 0 end))::integer, sum((case when r.has_water_absorption then 1 else 0 end))::integer, sum((case when r.food_type = 'Beras' then 1 else 0 end))::integer, sum((case when r.food_type = 'Non Beras' then 1 else 0 end))::integer, sum((case when r.pregnant_count > 0 then 1 else 0 end))::integer, sum(r.pregnant_count)::integer, sum((case when r.blind_count > 0 then 1 else 0 end))::integer, sum(r.blind_count)::integer, sum((case when r.nursing_count > 0 then 1 else 0 end))::integer, sum(r.nursing_count)::integer, sum((case when r.mother_death_count > 0 then 1 else 0 end))::integer, sum(r.mother_death_count)::integer, sum((case when r.baby_death_count > 0 then 1 else 0 end))::integer, sum(r.baby_death_count)::integer, sum((case when r.toddler_death_count > 0 then 1 else 0 end))::integer, sum(r.toddler_death_count)::integer, sum((case when r.new_birth_count > 0 then 1 else 0 end))::integer, sum(r.new_birth_count)::integer, sum((case when r.birth_certificate_count > 0 then 1 else 0 end))::integer, sum(r.birth_certificate_count)::integer, sum((case when r.postpartum_count > 0 then 1 else 0 end))::integer, sum(r.postpartum_count)::integer, sum((case when r.activity_up2k then 1 else 0 end))::integer, sum((case when r.activity_yard_utilization then 1 else 0 end))::integer, sum((case when r.activity_home_industry then 1 else 0 end))::integer, sum((case when r.activity_environmental_health then 1 else 0 end))::integer
  FROM registers r WHERE r.form_type = 'family_registration' and r.deleted_at is null
  GROUP BY coalesce(r.kecamatan_id, 0), coalesce(r.desa_kelurahan_id, 0), coalesce(r.rw, ''), coalesce(r.rt, ''), pkk_wib_month_start(r.created_at), r.status
  ORDER BY 2, 3, 4, 5, 6, 1;
  INSERT INTO figure_rollups (kecamatan_id, desa_kelurahan_id, rw, rt, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health)
  SELECT p.kecamatan_id, p.desa_kelurahan_id, p.rw, p.rt, p.status, sum(families)::integer, sum(members)::integer, sum(special_families)::integer, sum(water_pdam)::integer, sum(water_well)::integer, sum(mck)::integer, sum(house_healthy)::integer, sum(house_less_healthy)::integer, sum(needs_help)::integer, sum(trash_bin)::integer, sum(drainage)::integer, sum(water_absorption)::integer, sum(food_rice)::integer, sum(food_non_rice)::integer, sum(pregnant_families)::integer, sum(pregnant_people)::integer, sum(blind_families)::integer, sum(blind_people)::integer, sum(nursing_families)::integer, sum(nursing_people)::integer, sum(mother_death_families)::integer, sum(mother_death_people)::integer, sum(baby_death_families)::integer, sum(baby_death_people)::integer, sum(toddler_death_families)::integer, sum(toddler_death_people)::integer, sum(new_birth_families)::integer, sum(new_birth_people)::integer, sum(birth_certificate_families)::integer, sum(birth_certificate_people)::integer, sum(postpartum_families)::integer, sum(postpartum_people)::integer, sum(activity_up2k)::integer, sum(activity_yard_utilization)::integer, sum(activity_home_industry)::integer, sum(activity_environmental_health)::integer
  FROM figure_month_place_rollups p
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 2, 3, 4, 5, 1;
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
-- Existing databases: filled once from the month rollups.
INSERT INTO figure_ward_rollups (kecamatan_id, desa_kelurahan_id, status, families, members, special_families, water_pdam, water_well, mck, house_healthy, house_less_healthy, needs_help, trash_bin, drainage, water_absorption, food_rice, food_non_rice, pregnant_families, pregnant_people, blind_families, blind_people, nursing_families, nursing_people, mother_death_families, mother_death_people, baby_death_families, baby_death_people, toddler_death_families, toddler_death_people, new_birth_families, new_birth_people, birth_certificate_families, birth_certificate_people, postpartum_families, postpartum_people, activity_up2k, activity_yard_utilization, activity_home_industry, activity_environmental_health)
SELECT p.kecamatan_id, p.desa_kelurahan_id, p.status, sum(families)::integer, sum(members)::integer, sum(special_families)::integer, sum(water_pdam)::integer, sum(water_well)::integer, sum(mck)::integer, sum(house_healthy)::integer, sum(house_less_healthy)::integer, sum(needs_help)::integer, sum(trash_bin)::integer, sum(drainage)::integer, sum(water_absorption)::integer, sum(food_rice)::integer, sum(food_non_rice)::integer, sum(pregnant_families)::integer, sum(pregnant_people)::integer, sum(blind_families)::integer, sum(blind_people)::integer, sum(nursing_families)::integer, sum(nursing_people)::integer, sum(mother_death_families)::integer, sum(mother_death_people)::integer, sum(baby_death_families)::integer, sum(baby_death_people)::integer, sum(toddler_death_families)::integer, sum(toddler_death_people)::integer, sum(new_birth_families)::integer, sum(new_birth_people)::integer, sum(birth_certificate_families)::integer, sum(birth_certificate_people)::integer, sum(postpartum_families)::integer, sum(postpartum_people)::integer, sum(activity_up2k)::integer, sum(activity_yard_utilization)::integer, sum(activity_home_industry)::integer, sum(activity_environmental_health)::integer
FROM figure_month_rollups p
GROUP BY 1, 2, 3
ORDER BY 2, 3, 1;

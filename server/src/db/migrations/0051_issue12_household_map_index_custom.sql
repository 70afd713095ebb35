-- The household map of a kelurahan (services/registers/household-map.ts) reads its live families in
-- id order with the head's name, status, RW, RT and the nine condition counts of its points: with
-- those carried in this index the read is index-only. From the heap, a ward's ~17,700 families at
-- 1,000,000 were as many scattered 8 KB pages, more than 128 MB of shared buffers hold, so every map
-- read them again (630-670 ms on a slow VM; 140 ms with this index, 79 MB at that size, built in
-- 2.9 s). Building it locks writes to registers meanwhile: upgrade a city-sized database at a quiet
-- hour. Keyed by ward, RW and RT (the map sorts a ward's points by id itself): keyed (ward, id), the
-- index was also the cheapest way to an RW's rows for the planner, which then read the whole ward
-- from it to keep one RW (the open month's report of an RW, 6 -> 34 ms).
CREATE INDEX registers_live_ward_map ON registers (desa_kelurahan_id, rw, rt, id)
  INCLUDE (nama_kepala_keluarga, status, pregnant_count, blind_count, nursing_count, mother_death_count,
    baby_death_count, toddler_death_count, new_birth_count, birth_certificate_count, postpartum_count)
  WHERE form_type = 'family_registration' AND deleted_at IS NULL;

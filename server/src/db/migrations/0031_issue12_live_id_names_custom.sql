-- The REST list's name filter in id order (`filters[nama_kepala_keluarga][$containsi]=Budi`, an API
-- token's or admin's) walks the live ids until a page has matched: with the head's name carried in
-- the index, that walk is index-only (page 1 of "Budi" at 100,000 families: 104 buffers of heap
-- and index -> 5 of index, 377 rows checked). The unfiltered list reads the same index as before.
DROP INDEX IF EXISTS registers_live_id;
--> statement-breakpoint
CREATE INDEX registers_live_id ON registers (id) INCLUDE (nama_kepala_keluarga) WHERE deleted_at IS NULL;

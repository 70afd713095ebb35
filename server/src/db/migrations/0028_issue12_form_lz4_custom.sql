-- The stored form (registers.data_register, ~1.8 KB of json) is compressed with lz4 where the server
-- has it: about half of the rows pass the ~2 KB toast threshold and were compressed with pglz on every
-- write, the largest single cost of copying registers in the bulk generator (issue 12). COPY of
-- 100,000 registers into a bare table: pglz 2.8-3.0 s, lz4 2.2-2.3 s, the same 161-163 MB on disk
-- (uncompressed, 215 MB). Only new values are written with lz4; older ones stay readable as they
-- are. PGlite is built without lz4 and keeps pglz.
DO $$
BEGIN
  ALTER TABLE registers ALTER COLUMN data_register SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;

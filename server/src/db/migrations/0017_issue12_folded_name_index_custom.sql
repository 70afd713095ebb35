-- The public search's whole-name lookup within a kelurahan (issue 15) folds the stored head name
-- (lower case, accents, runs of spaces) before comparing. As a function the fold can be indexed, so
-- the lookup is an index probe instead of folding every family of the ward (100 ms for a common name
-- at 1,000,000 families). The letters are shared/src/name-match.ts's ACCENTED and PLAIN; a test holds
-- the two to the same answers. Spaces are JavaScript's \s (no-break and other Unicode spaces too,
-- which PostgreSQL's \s leaves out).
CREATE OR REPLACE FUNCTION pkk_fold_name(name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(translate(lower(name), 'àáâãäåāăąçćčďèéêëēėęěìíîïīįıñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźż', 'aaaaaaaaacccdeeeeeeeeeiiiiiiinnnoooooooorrsssttuuuuuuuuyyzzz'), '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'))
$$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS registers_live_ward_folded_name ON registers (desa_kelurahan_id, pkk_fold_name(nama_kepala_keluarga))
  WHERE form_type = 'family_registration' AND deleted_at IS NULL;

-- Index-backed lists and searches (issue 12). "Live" = a family registration not deleted, the filter
-- of every cadre list; each index matches one list's filter and its order (newest first, id as the
-- tie-break), so a page is an index range read instead of a sort of the whole area.
CREATE INDEX IF NOT EXISTS registers_live_created ON registers (created_at DESC, id DESC)
  WHERE form_type = 'family_registration' AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS registers_live_ward_created ON registers (desa_kelurahan_id, created_at DESC, id DESC)
  WHERE form_type = 'family_registration' AND deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS registers_live_place_created ON registers (desa_kelurahan_id, rw, rt, created_at DESC, id DESC)
  WHERE form_type = 'family_registration' AND deleted_at IS NULL;
--> statement-breakpoint
-- The validation queue: what is still open, newest first (city-wide and per ward).
CREATE INDEX IF NOT EXISTS registers_live_open_created ON registers (created_at DESC, id DESC)
  WHERE form_type = 'family_registration' AND deleted_at IS NULL
    AND status IN ('SUBMITTED', 'RT_VERIFIED', 'RW_VERIFIED', 'NEEDS_REVISION');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS registers_live_ward_status_created ON registers (desa_kelurahan_id, status, created_at DESC, id DESC)
  WHERE form_type = 'family_registration' AND deleted_at IS NULL;
--> statement-breakpoint
-- The special-conditions monitor's family list.
CREATE INDEX IF NOT EXISTS registers_live_special_created ON registers (created_at DESC, id DESC)
  WHERE form_type = 'family_registration' AND deleted_at IS NULL AND has_special_condition;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS registers_live_ward_special_created ON registers (desa_kelurahan_id, created_at DESC, id DESC)
  WHERE form_type = 'family_registration' AND deleted_at IS NULL AND has_special_condition;
--> statement-breakpoint
-- The admin's deleted records, most recently deleted first.
CREATE INDEX IF NOT EXISTS registers_deleted_at ON registers (deleted_at DESC, id DESC)
  WHERE form_type = 'family_registration' AND deleted_at IS NOT NULL;
--> statement-breakpoint
-- Names by trigram distance (ORDER BY name <-> query LIMIT n walks this index nearest first); the
-- GIN index stays for ILIKE filters.
CREATE INDEX IF NOT EXISTS registers_nama_trgm_gist ON registers USING gist (nama_kepala_keluarga gist_trgm_ops)
  WHERE deleted_at IS NULL;
--> statement-breakpoint
-- Cadre registrations (few): counted beside the family rollups for the REST list's exact total.
CREATE INDEX IF NOT EXISTS registers_live_cadre_ward ON registers (desa_kelurahan_id)
  WHERE form_type = 'kader_registration' AND deleted_at IS NULL;

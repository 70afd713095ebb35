-- status_state_totals (schema/figures.ts) follows status_month_rollups' 'state' rows by statement
-- triggers with transition tables: whichever function writes status_month_rollups (a register's marks
-- refreshed, the rebuild's TRUNCATE and INSERT), the totals move by the same deltas in the same
-- statement, and a bulk INSERT adds them once per statement, not once per row. (A trigger function
-- can name only the transition tables its own trigger declares, hence one function per operation.)
CREATE OR REPLACE FUNCTION pkk_state_totals_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO status_state_totals AS t (kecamatan_id, desa_kelurahan_id, status, special, families)
  SELECT n.kecamatan_id, n.desa_kelurahan_id, n.status, n.special, sum(n.families)::integer
  FROM new_rows n WHERE n.kind = 'state'
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (desa_kelurahan_id, status, special, kecamatan_id) DO UPDATE SET
    families = t.families + excluded.families;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_state_totals_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO status_state_totals AS t (kecamatan_id, desa_kelurahan_id, status, special, families)
  SELECT d.kecamatan_id, d.desa_kelurahan_id, d.status, d.special, sum(d.families)::integer
  FROM (
    SELECT n.kecamatan_id, n.desa_kelurahan_id, n.status, n.special, n.families FROM new_rows n WHERE n.kind = 'state'
    UNION ALL
    SELECT o.kecamatan_id, o.desa_kelurahan_id, o.status, o.special, -o.families FROM old_rows o WHERE o.kind = 'state'
  ) d
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (desa_kelurahan_id, status, special, kecamatan_id) DO UPDATE SET
    families = t.families + excluded.families;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_state_totals_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO status_state_totals AS t (kecamatan_id, desa_kelurahan_id, status, special, families)
  SELECT o.kecamatan_id, o.desa_kelurahan_id, o.status, o.special, -sum(o.families)::integer
  FROM old_rows o WHERE o.kind = 'state'
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (desa_kelurahan_id, status, special, kecamatan_id) DO UPDATE SET
    families = t.families + excluded.families;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_state_totals_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE status_state_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER status_state_totals_inserted AFTER INSERT ON status_month_rollups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pkk_state_totals_inserted();
--> statement-breakpoint
CREATE TRIGGER status_state_totals_updated AFTER UPDATE ON status_month_rollups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pkk_state_totals_updated();
--> statement-breakpoint
CREATE TRIGGER status_state_totals_deleted AFTER DELETE ON status_month_rollups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pkk_state_totals_deleted();
--> statement-breakpoint
CREATE TRIGGER status_state_totals_truncated AFTER TRUNCATE ON status_month_rollups
  FOR EACH STATEMENT EXECUTE FUNCTION pkk_state_totals_truncated();
--> statement-breakpoint
INSERT INTO status_state_totals (kecamatan_id, desa_kelurahan_id, status, special, families)
SELECT kecamatan_id, desa_kelurahan_id, status, special, sum(families)::integer
FROM status_month_rollups WHERE kind = 'state'
GROUP BY 1, 2, 3, 4;

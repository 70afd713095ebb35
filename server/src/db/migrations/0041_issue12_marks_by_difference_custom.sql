-- A family's month marks refreshed by their difference. The refresh took every stored mark back
-- from status_month_rollups, deleted the marks, worked them out again, stored them and added them
-- back: two upserts per call (each firing the state totals' two statement triggers, also when it
-- touched no row), and every month of the family's history written twice although a status move
-- or a first event changes the current month only. A registration refreshes twice (its register,
-- then its first event): 4 upserts and 8 state-total trigger runs. Now the stored and the wanted
-- marks are compared: unchanged, nothing is written; else the marks are replaced and the rollups
-- moved once, by the sum of wanted minus stored per rollup row, rows whose sum is 0 left alone.
-- Same marks, same rollup sums as before (the rollups' property test and figures:check hold both).
-- Rows of one ward only (a family moved between wards: two), under its ward lock (migration 0038).
CREATE OR REPLACE FUNCTION pkk_refresh_register_marks(p_id integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  r registers;
  stored register_month_marks[];
  wanted register_month_marks[] := '{}';
BEGIN
  SELECT coalesce(array_agg(k ORDER BY k.kind, k.month, k.status), '{}') INTO stored
  FROM register_month_marks k WHERE k.register_id = p_id;
  SELECT * INTO r FROM registers WHERE id = p_id;
  IF FOUND AND r.form_type = 'family_registration' THEN
    SELECT coalesce(array_agg(ROW(p_id, m.kind, m.month, m.status, m.delta, coalesce(r.kecamatan_id, 0),
        coalesce(r.desa_kelurahan_id, 0), coalesce(r.rw, ''), coalesce(r.rt, ''), r.has_special_condition)::register_month_marks
        ORDER BY m.kind, m.month, m.status), '{}')
    INTO wanted FROM pkk_register_marks(p_id, r.created_at, r.deleted_at) m;
  END IF;
  IF wanted = stored THEN RETURN; END IF;
  IF cardinality(stored) > 0 THEN DELETE FROM register_month_marks WHERE register_id = p_id; END IF;
  IF cardinality(wanted) > 0 THEN INSERT INTO register_month_marks SELECT * FROM unnest(wanted); END IF;
  INSERT INTO status_month_rollups AS t (kind, kecamatan_id, desa_kelurahan_id, month, status, special, families)
  SELECT d.kind, d.kecamatan_id, d.desa_kelurahan_id, d.month, d.status, d.special, sum(d.delta)::integer
  FROM (
    SELECT w.kind, w.kecamatan_id, w.desa_kelurahan_id, w.month, w.status, w.special, w.delta FROM unnest(wanted) w
    UNION ALL
    SELECT s.kind, s.kecamatan_id, s.desa_kelurahan_id, s.month, s.status, s.special, -s.delta FROM unnest(stored) s
  ) d
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(d.delta) <> 0
  ON CONFLICT (desa_kelurahan_id, kind, month, status, special, kecamatan_id) DO UPDATE SET
    families = t.families + excluded.families;
END $$;

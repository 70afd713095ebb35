-- A household moved to another ward, RW or RT leaves its dasawisma: a dasawisma is a group within
-- one RT, and a link kept across the move made the new RT's 4.16b count the household in its total
-- but in none of its rows (its group belongs to the old RT), while the new RT's cadre could neither
-- group it nor take it out. Every door that writes the place (the cadre's edit, REST, the family's
-- own correction) goes through this trigger. A household a standing RT signature counts is locked,
-- so its place cannot change and its link stays (services/recaps/dasawisma.ts).
CREATE FUNCTION pkk_dasawisma_follows_household() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dasawisma_households WHERE register_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER registers_dasawisma_follows_household AFTER UPDATE OF desa_kelurahan_id, rw, rt ON registers
FOR EACH ROW WHEN (
  OLD.desa_kelurahan_id IS DISTINCT FROM NEW.desa_kelurahan_id
  OR OLD.rw IS DISTINCT FROM NEW.rw
  OR OLD.rt IS DISTINCT FROM NEW.rt
)
EXECUTE FUNCTION pkk_dasawisma_follows_household();
--> statement-breakpoint
-- Links a move already left behind: their household lives outside its dasawisma's RT.
DELETE FROM dasawisma_households h
USING registers r, dasawisma d
WHERE h.register_id = r.id
  AND h.dasawisma_id = d.id
  AND (r.desa_kelurahan_id IS DISTINCT FROM d.desa_kelurahan_id OR r.rw IS DISTINCT FROM d.rw OR r.rt IS DISTINCT FROM d.rt);

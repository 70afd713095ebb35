-- registers.life_events: the form's births and deaths when it lists any, else null, so the recap
-- sheets count a month's births and deaths without parsing every counted household's whole form
-- (services/recaps/figures.ts).
ALTER TABLE "registers" ADD COLUMN "life_events" json;--> statement-breakpoint
-- What the column holds for a stored form: its `events` object when either list has an entry. Lists
-- that are missing or not arrays count as empty, as storedEvents (shared/schemas/family-events.ts)
-- reads them.
CREATE OR REPLACE FUNCTION pkk_life_events(form json)
RETURNS json
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN coalesce(json_array_length(CASE WHEN json_typeof(e -> 'births') = 'array' THEN e -> 'births' END), 0)
       + coalesce(json_array_length(CASE WHEN json_typeof(e -> 'deaths') = 'array' THEN e -> 'deaths' END), 0) > 0
    THEN e
  END
  FROM (SELECT CASE WHEN json_typeof(form) = 'object' THEN form -> 'events' END AS e) AS f;
$$;--> statement-breakpoint
-- Existing records, before the trigger exists: each form parsed once, only the few with events written.
UPDATE registers r SET life_events = f.events
FROM (SELECT id, pkk_life_events(data_register) AS events FROM registers) AS f
WHERE f.id = r.id AND f.events IS NOT NULL;--> statement-breakpoint
-- Worked out on every insert and on every change of the form; a value set by hand is worked out
-- again, so the column always follows the form.
CREATE OR REPLACE FUNCTION pkk_registers_life_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.life_events := pkk_life_events(NEW.data_register);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER registers_life_events BEFORE INSERT OR UPDATE OF data_register, life_events ON registers
  FOR EACH ROW EXECUTE FUNCTION pkk_registers_life_events();

-- registers.waiting_since (migration 0034) worked out with less. A register's insert asked its
-- events for the latest move into its status, though a register being inserted has none yet (its
-- events reference it): its creation is the answer. An event's insert ran an UPDATE of its register
-- (executor start-up over two dozen indexes) that recounted the register's moves, mostly to change
-- nothing: a new event can move waiting_since only when it moves into the register's current status
-- at another time than the one waiting_since holds (when it holds the latest such move, a later one
-- replaces it; when it holds the creation, the first such move does). Now the register is read
-- first and updated only when the value would change; deletes and updates of events (rare: a
-- family's history corrected) still recount. Same values as before: the history check and
-- figures:check compare them with the rule.
CREATE OR REPLACE FUNCTION pkk_registers_waiting_since() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.waiting_since := NEW.created_at;
  ELSE
    NEW.waiting_since := pkk_waiting_since(NEW.id, NEW.status, NEW.created_at);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_register_events_waiting_since() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM registers r WHERE r.id = OLD.register_id
        AND r.waiting_since IS DISTINCT FROM pkk_waiting_since(r.id, r.status, r.created_at)) THEN
      UPDATE registers r SET waiting_since = r.waiting_since WHERE r.id = OLD.register_id;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM registers r WHERE r.id = NEW.register_id
        AND (TG_OP <> 'INSERT' OR (r.status = NEW.to_status AND r.waiting_since <> NEW.created_at))
        AND r.waiting_since IS DISTINCT FROM pkk_waiting_since(r.id, r.status, r.created_at)) THEN
      UPDATE registers r SET waiting_since = r.waiting_since WHERE r.id = NEW.register_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;

-- registers.waiting_since: when a record reached its current status (its latest event into that
-- status, else its creation), so the dashboard's overdue counts and the queue's 'Terlambat dulu'
-- order read an index instead of every waiting record's events (deadlines.ts).
ALTER TABLE "registers" ADD COLUMN "waiting_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pkk_waiting_since(register integer, current_status text, created timestamptz)
RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT max(e.created_at) FROM register_events e WHERE e.register_id = register AND e.to_status = current_status),
    created);
$$;--> statement-breakpoint
-- Existing records, before the triggers and the indexes exist.
UPDATE registers SET waiting_since = pkk_waiting_since(id, status, created_at);--> statement-breakpoint
-- Worked out on every insert and on every change of what it depends on; a value set by hand is
-- worked out again, so the column always follows the rule.
CREATE OR REPLACE FUNCTION pkk_registers_waiting_since() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.waiting_since := pkk_waiting_since(NEW.id, NEW.status, NEW.created_at);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER registers_waiting_since BEFORE INSERT OR UPDATE OF status, created_at, waiting_since ON registers
  FOR EACH ROW EXECUTE FUNCTION pkk_registers_waiting_since();--> statement-breakpoint
-- An event written, moved or removed after its register changed (the services move the register,
-- then write the event) touches the register again; the BEFORE trigger above does the working out.
CREATE OR REPLACE FUNCTION pkk_register_events_waiting_since() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE registers r SET waiting_since = r.waiting_since
    WHERE r.id = OLD.register_id
      AND r.waiting_since IS DISTINCT FROM pkk_waiting_since(r.id, r.status, r.created_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE registers r SET waiting_since = r.waiting_since
    WHERE r.id = NEW.register_id
      AND r.waiting_since IS DISTINCT FROM pkk_waiting_since(r.id, r.status, r.created_at);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER register_events_waiting_since AFTER INSERT OR DELETE OR UPDATE OF register_id, to_status, created_at
  ON register_events FOR EACH ROW EXECUTE FUNCTION pkk_register_events_waiting_since();--> statement-breakpoint
CREATE INDEX "registers_live_status_waiting" ON "registers" USING btree ("status","waiting_since","id") WHERE "registers"."form_type" = 'family_registration' and "registers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "registers_live_ward_status_waiting" ON "registers" USING btree ("desa_kelurahan_id","status","waiting_since","id") WHERE "registers"."form_type" = 'family_registration' and "registers"."deleted_at" is null;--> statement-breakpoint
-- Statistics for the new column and indexes at once (the UPDATE above rewrote every row).
ANALYZE registers;

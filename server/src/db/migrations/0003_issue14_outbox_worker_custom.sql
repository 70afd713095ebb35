-- Mail queued before the outbox was sealed holds reset links in plain text: the unsent rows are
-- dropped (a reset code lives one hour; the person asks again) and the sent ones lose their body.
DELETE FROM "email_outbox" WHERE "sent_at" IS NULL;--> statement-breakpoint
UPDATE "email_outbox" SET "body" = '' WHERE "sent_at" IS NOT NULL;

-- A district's and a ward's row counts its edits. The admin screens send back the count they opened
-- the row with, and a save made after someone else changed it (another admin, the population import,
-- a REST client) is refused instead of silently overwriting the newer values. Existing rows start at 1.
ALTER TABLE "desa_kelurahan" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "kecamatan" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
ALTER TABLE "family_members" DROP CONSTRAINT "family_members_nik_unique";--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "nomor_kk" text;--> statement-breakpoint
CREATE UNIQUE INDEX "family_members_live_nik_unique" ON "family_members" USING btree ("nik") WHERE "family_members"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "family_members_nik_index" ON "family_members" USING btree ("nik");--> statement-breakpoint
CREATE INDEX "registers_nomor_kk" ON "registers" USING btree ("nomor_kk") WHERE "registers"."nomor_kk" is not null;
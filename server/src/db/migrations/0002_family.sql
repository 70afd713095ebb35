CREATE TABLE "family_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"register_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"nik" text NOT NULL,
	"full_name" text NOT NULL,
	"relationship" text NOT NULL,
	"marital_status" text NOT NULL,
	"gender" text NOT NULL,
	"birth_date" date NOT NULL,
	"occupation" text NOT NULL,
	"education" text NOT NULL,
	CONSTRAINT "family_members_nik_unique" UNIQUE("nik")
);
--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "member_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "pregnant_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "blind_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "nursing_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "mother_death_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "baby_death_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "toddler_death_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "new_birth_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "birth_certificate_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "postpartum_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "has_special_condition" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "water_source" text;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "mck_facility" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "mck_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "house_healthy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "house_less_healthy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "has_trash_bin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "has_drainage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "has_water_absorption" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "food_type" text;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_members_register_id_index" ON "family_members" USING btree ("register_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registers_family_head_nik_unique" ON "registers" USING btree ("nik_kepala_keluarga") WHERE "registers"."form_type" = 'family_registration' and "registers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "registers_special_condition" ON "registers" USING btree ("desa_kelurahan_id") WHERE "registers"."has_special_condition";
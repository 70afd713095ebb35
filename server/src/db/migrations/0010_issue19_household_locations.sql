CREATE TABLE "household_locations" (
	"register_id" integer PRIMARY KEY NOT NULL,
	"latitude" numeric(9, 6) NOT NULL,
	"longitude" numeric(9, 6) NOT NULL,
	"source" text NOT NULL,
	"accuracy_m" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" integer,
	CONSTRAINT "household_locations_latitude_range" CHECK ("household_locations"."latitude" between -90 and 90),
	CONSTRAINT "household_locations_longitude_range" CHECK ("household_locations"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "household_locations" ADD CONSTRAINT "household_locations_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_locations" ADD CONSTRAINT "household_locations_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
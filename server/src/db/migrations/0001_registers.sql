CREATE TABLE "register_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"register_id" integer NOT NULL,
	"actor_id" integer,
	"level" text,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registers" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_number" text NOT NULL,
	"form_type" text NOT NULL,
	"nama_kepala_keluarga" text NOT NULL,
	"nik_kepala_keluarga" text NOT NULL,
	"nomor_hp" text NOT NULL,
	"alamat_email" text,
	"tanggal_pendataan" date NOT NULL,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"kecamatan_id" integer,
	"desa_kelurahan_id" integer,
	"rw" text,
	"rt" text,
	"data_register" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"consent_at" timestamp with time zone,
	"consent_version" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"delete_reason" text,
	CONSTRAINT "registers_registrationNumber_unique" UNIQUE("registration_number")
);
--> statement-breakpoint
ALTER TABLE "register_events" ADD CONSTRAINT "register_events_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_events" ADD CONSTRAINT "register_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_kecamatan_id_kecamatan_id_fk" FOREIGN KEY ("kecamatan_id") REFERENCES "public"."kecamatan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_desa_kelurahan_id_desa_kelurahan_id_fk" FOREIGN KEY ("desa_kelurahan_id") REFERENCES "public"."desa_kelurahan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_events_register_id_index" ON "register_events" USING btree ("register_id");--> statement-breakpoint
CREATE INDEX "registers_status_index" ON "registers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "registers_desa_kelurahan_id_rw_rt_index" ON "registers" USING btree ("desa_kelurahan_id","rw","rt");--> statement-breakpoint
CREATE INDEX "registers_nik_kepala_keluarga_index" ON "registers" USING btree ("nik_kepala_keluarga");--> statement-breakpoint
CREATE INDEX "registers_nama_trgm" ON "registers" USING gin ("nama_kepala_keluarga" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "registers_created_at_index" ON "registers" USING btree ("created_at");
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "desa_kelurahan" (
	"id" serial PRIMARY KEY NOT NULL,
	"kecamatan_id" integer NOT NULL,
	"kode" text NOT NULL,
	"nama" text NOT NULL,
	"jenis" text NOT NULL,
	"kode_pos" text,
	"luas_wilayah" numeric(10, 2),
	"jumlah_penduduk" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desa_kelurahan_kode_unique" UNIQUE("kode")
);
--> statement-breakpoint
CREATE TABLE "kecamatan" (
	"id" serial PRIMARY KEY NOT NULL,
	"kode" text NOT NULL,
	"nama" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kecamatan_kode_unique" UNIQUE("kode")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text,
	"role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"full_name" text NOT NULL,
	"nik" text,
	"phone" text,
	"nip" text,
	"jabatan" text,
	"level" text,
	"kecamatan_id" integer,
	"desa_kelurahan_id" integer,
	"rw" text,
	"rt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"persistent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
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
	"member_count" smallint DEFAULT 0 NOT NULL,
	"pregnant_count" smallint DEFAULT 0 NOT NULL,
	"blind_count" smallint DEFAULT 0 NOT NULL,
	"nursing_count" smallint DEFAULT 0 NOT NULL,
	"mother_death_count" smallint DEFAULT 0 NOT NULL,
	"baby_death_count" smallint DEFAULT 0 NOT NULL,
	"toddler_death_count" smallint DEFAULT 0 NOT NULL,
	"new_birth_count" smallint DEFAULT 0 NOT NULL,
	"birth_certificate_count" smallint DEFAULT 0 NOT NULL,
	"postpartum_count" smallint DEFAULT 0 NOT NULL,
	"has_special_condition" boolean DEFAULT false NOT NULL,
	"water_source" text,
	"mck_facility" boolean DEFAULT false NOT NULL,
	"mck_count" smallint DEFAULT 0 NOT NULL,
	"house_healthy" boolean DEFAULT false NOT NULL,
	"house_less_healthy" boolean DEFAULT false NOT NULL,
	"has_trash_bin" boolean DEFAULT false NOT NULL,
	"has_drainage" boolean DEFAULT false NOT NULL,
	"has_water_absorption" boolean DEFAULT false NOT NULL,
	"food_type" text,
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
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"ip" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"register_id" integer NOT NULL,
	"actor_id" integer,
	"version" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"access" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"request_hash" text NOT NULL,
	"register_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "desa_kelurahan" ADD CONSTRAINT "desa_kelurahan_kecamatan_id_kecamatan_id_fk" FOREIGN KEY ("kecamatan_id") REFERENCES "public"."kecamatan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_kecamatan_id_kecamatan_id_fk" FOREIGN KEY ("kecamatan_id") REFERENCES "public"."kecamatan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_desa_kelurahan_id_desa_kelurahan_id_fk" FOREIGN KEY ("desa_kelurahan_id") REFERENCES "public"."desa_kelurahan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_events" ADD CONSTRAINT "register_events_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_events" ADD CONSTRAINT "register_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_kecamatan_id_kecamatan_id_fk" FOREIGN KEY ("kecamatan_id") REFERENCES "public"."kecamatan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_desa_kelurahan_id_desa_kelurahan_id_fk" FOREIGN KEY ("desa_kelurahan_id") REFERENCES "public"."desa_kelurahan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_revisions" ADD CONSTRAINT "register_revisions_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_revisions" ADD CONSTRAINT "register_revisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desa_kelurahan_kecamatan_id_index" ON "desa_kelurahan" USING btree ("kecamatan_id");--> statement-breakpoint
CREATE INDEX "desa_kelurahan_nama_index" ON "desa_kelurahan" USING btree ("nama");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_nik_unique" ON "users" USING btree ("nik");--> statement-breakpoint
CREATE INDEX "users_role_status_index" ON "users" USING btree ("role","status");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "family_members_register_id_index" ON "family_members" USING btree ("register_id");--> statement-breakpoint
CREATE INDEX "register_events_register_id_index" ON "register_events" USING btree ("register_id");--> statement-breakpoint
CREATE INDEX "registers_status_index" ON "registers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "registers_desa_kelurahan_id_rw_rt_index" ON "registers" USING btree ("desa_kelurahan_id","rw","rt");--> statement-breakpoint
CREATE INDEX "registers_nik_kepala_keluarga_index" ON "registers" USING btree ("nik_kepala_keluarga");--> statement-breakpoint
CREATE UNIQUE INDEX "registers_family_head_nik_unique" ON "registers" USING btree ("nik_kepala_keluarga") WHERE "registers"."form_type" = 'family_registration' and "registers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "registers_special_condition" ON "registers" USING btree ("desa_kelurahan_id") WHERE "registers"."has_special_condition";--> statement-breakpoint
CREATE INDEX "registers_nama_trgm" ON "registers" USING gin ("nama_kepala_keluarga" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "registers_created_at_index" ON "registers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_entity_id_index" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_index" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_index" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "register_revisions_register_id_index" ON "register_revisions" USING btree ("register_id");--> statement-breakpoint
CREATE INDEX "password_resets_user_id_index" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_at_index" ON "idempotency_keys" USING btree ("expires_at");
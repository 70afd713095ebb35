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
ALTER TABLE "desa_kelurahan" ADD CONSTRAINT "desa_kelurahan_kecamatan_id_kecamatan_id_fk" FOREIGN KEY ("kecamatan_id") REFERENCES "public"."kecamatan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_kecamatan_id_kecamatan_id_fk" FOREIGN KEY ("kecamatan_id") REFERENCES "public"."kecamatan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_desa_kelurahan_id_desa_kelurahan_id_fk" FOREIGN KEY ("desa_kelurahan_id") REFERENCES "public"."desa_kelurahan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desa_kelurahan_kecamatan_id_index" ON "desa_kelurahan" USING btree ("kecamatan_id");--> statement-breakpoint
CREATE INDEX "desa_kelurahan_nama_index" ON "desa_kelurahan" USING btree ("nama");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_nik_unique" ON "users" USING btree ("nik");--> statement-breakpoint
CREATE INDEX "users_role_status_index" ON "users" USING btree ("role","status");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");
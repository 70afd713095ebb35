CREATE TABLE "dasawisma" (
	"id" serial PRIMARY KEY NOT NULL,
	"desa_kelurahan_id" integer NOT NULL,
	"rw" text NOT NULL,
	"rt" text NOT NULL,
	"name" text NOT NULL,
	"leader_name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dasawisma_households" (
	"register_id" integer PRIMARY KEY NOT NULL,
	"dasawisma_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recap_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"sheet" text NOT NULL,
	"level" text NOT NULL,
	"period" text NOT NULL,
	"area_label" text NOT NULL,
	"signoff_id" integer,
	"signer_name" text,
	"signer_position" text,
	"signed_at" timestamp with time zone,
	"sha256" text NOT NULL,
	"certificate_subject" text NOT NULL,
	"self_signed" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recap_signoffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"period" text NOT NULL,
	"desa_kelurahan_id" integer NOT NULL,
	"rw" text DEFAULT '' NOT NULL,
	"rt" text DEFAULT '' NOT NULL,
	"figures" jsonb NOT NULL,
	"figures_hash" text NOT NULL,
	"signer_id" integer,
	"signer_name" text NOT NULL,
	"signer_position" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reopened_by" integer,
	"reopened_by_name" text,
	"reopened_at" timestamp with time zone,
	"reopen_reason" text
);
--> statement-breakpoint
ALTER TABLE "dasawisma" ADD CONSTRAINT "dasawisma_desa_kelurahan_id_desa_kelurahan_id_fk" FOREIGN KEY ("desa_kelurahan_id") REFERENCES "public"."desa_kelurahan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dasawisma" ADD CONSTRAINT "dasawisma_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dasawisma_households" ADD CONSTRAINT "dasawisma_households_register_id_registers_id_fk" FOREIGN KEY ("register_id") REFERENCES "public"."registers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dasawisma_households" ADD CONSTRAINT "dasawisma_households_dasawisma_id_dasawisma_id_fk" FOREIGN KEY ("dasawisma_id") REFERENCES "public"."dasawisma"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recap_documents" ADD CONSTRAINT "recap_documents_signoff_id_recap_signoffs_id_fk" FOREIGN KEY ("signoff_id") REFERENCES "public"."recap_signoffs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recap_documents" ADD CONSTRAINT "recap_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recap_signoffs" ADD CONSTRAINT "recap_signoffs_desa_kelurahan_id_desa_kelurahan_id_fk" FOREIGN KEY ("desa_kelurahan_id") REFERENCES "public"."desa_kelurahan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recap_signoffs" ADD CONSTRAINT "recap_signoffs_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recap_signoffs" ADD CONSTRAINT "recap_signoffs_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dasawisma_desa_kelurahan_id_rw_rt_index" ON "dasawisma" USING btree ("desa_kelurahan_id","rw","rt");--> statement-breakpoint
CREATE UNIQUE INDEX "dasawisma_name_unique" ON "dasawisma" USING btree ("desa_kelurahan_id","rw","rt",lower("name"));--> statement-breakpoint
CREATE INDEX "dasawisma_households_dasawisma_id_index" ON "dasawisma_households" USING btree ("dasawisma_id");--> statement-breakpoint
CREATE INDEX "recap_documents_signoff_id_index" ON "recap_documents" USING btree ("signoff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recap_signoffs_standing_unique" ON "recap_signoffs" USING btree ("level","period","desa_kelurahan_id","rw","rt") WHERE "recap_signoffs"."reopened_at" is null;--> statement-breakpoint
CREATE INDEX "recap_signoffs_desa_kelurahan_id_period_index" ON "recap_signoffs" USING btree ("desa_kelurahan_id","period");
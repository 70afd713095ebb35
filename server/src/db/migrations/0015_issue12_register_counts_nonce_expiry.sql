CREATE TABLE "register_counts" (
	"kecamatan_id" integer NOT NULL,
	"desa_kelurahan_id" integer NOT NULL,
	"form_type" text NOT NULL,
	"live" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "register_counts_desa_kelurahan_id_form_type_kecamatan_id_pk" PRIMARY KEY("desa_kelurahan_id","form_type","kecamatan_id")
);
--> statement-breakpoint
CREATE INDEX "captcha_nonces_expires_at_index" ON "captcha_nonces" USING btree ("expires_at");
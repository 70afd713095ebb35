CREATE TABLE "register_counts" (
	"kecamatan_id" integer NOT NULL,
	"desa_kelurahan_id" integer NOT NULL,
	"form_type" text NOT NULL,
	"live" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "register_counts_desa_kelurahan_id_form_type_kecamatan_id_pk" PRIMARY KEY("desa_kelurahan_id","form_type","kecamatan_id")
);

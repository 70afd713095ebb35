CREATE TABLE "status_state_totals" (
	"kecamatan_id" integer NOT NULL,
	"desa_kelurahan_id" integer NOT NULL,
	"status" text NOT NULL,
	"special" boolean NOT NULL,
	"families" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "status_state_totals_desa_kelurahan_id_status_special_kecamatan_id_pk" PRIMARY KEY("desa_kelurahan_id","status","special","kecamatan_id")
);
--> statement-breakpoint
CREATE INDEX "status_month_rollups_kind_month_index" ON "status_month_rollups" USING btree ("kind","month");
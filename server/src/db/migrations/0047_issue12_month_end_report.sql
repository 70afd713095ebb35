CREATE TABLE "figure_month_end_wards" (
	"month" text NOT NULL,
	"kecamatan_id" integer NOT NULL,
	"desa_kelurahan_id" integer NOT NULL,
	"status" text NOT NULL,
	"families" integer DEFAULT 0 NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"special_families" integer DEFAULT 0 NOT NULL,
	"water_pdam" integer DEFAULT 0 NOT NULL,
	"water_well" integer DEFAULT 0 NOT NULL,
	"mck" integer DEFAULT 0 NOT NULL,
	"house_healthy" integer DEFAULT 0 NOT NULL,
	"house_less_healthy" integer DEFAULT 0 NOT NULL,
	"needs_help" integer DEFAULT 0 NOT NULL,
	"trash_bin" integer DEFAULT 0 NOT NULL,
	"drainage" integer DEFAULT 0 NOT NULL,
	"water_absorption" integer DEFAULT 0 NOT NULL,
	"food_rice" integer DEFAULT 0 NOT NULL,
	"food_non_rice" integer DEFAULT 0 NOT NULL,
	"activity_up2k" integer DEFAULT 0 NOT NULL,
	"activity_yard_utilization" integer DEFAULT 0 NOT NULL,
	"activity_home_industry" integer DEFAULT 0 NOT NULL,
	"activity_environmental_health" integer DEFAULT 0 NOT NULL,
	"pregnant_families" integer DEFAULT 0 NOT NULL,
	"pregnant_people" integer DEFAULT 0 NOT NULL,
	"blind_families" integer DEFAULT 0 NOT NULL,
	"blind_people" integer DEFAULT 0 NOT NULL,
	"nursing_families" integer DEFAULT 0 NOT NULL,
	"nursing_people" integer DEFAULT 0 NOT NULL,
	"mother_death_families" integer DEFAULT 0 NOT NULL,
	"mother_death_people" integer DEFAULT 0 NOT NULL,
	"baby_death_families" integer DEFAULT 0 NOT NULL,
	"baby_death_people" integer DEFAULT 0 NOT NULL,
	"toddler_death_families" integer DEFAULT 0 NOT NULL,
	"toddler_death_people" integer DEFAULT 0 NOT NULL,
	"new_birth_families" integer DEFAULT 0 NOT NULL,
	"new_birth_people" integer DEFAULT 0 NOT NULL,
	"birth_certificate_families" integer DEFAULT 0 NOT NULL,
	"birth_certificate_people" integer DEFAULT 0 NOT NULL,
	"postpartum_families" integer DEFAULT 0 NOT NULL,
	"postpartum_people" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "figure_month_end_wards_month_desa_kelurahan_id_status_kecamatan_id_pk" PRIMARY KEY("month","desa_kelurahan_id","status","kecamatan_id")
);
--> statement-breakpoint
CREATE TABLE "report_month_end" (
	"month" text NOT NULL,
	"kind" text NOT NULL,
	"kecamatan_id" integer NOT NULL,
	"desa_kelurahan_id" integer NOT NULL,
	"rw" text NOT NULL,
	"rt" text NOT NULL,
	"status" text NOT NULL,
	"families" integer NOT NULL,
	CONSTRAINT "report_month_end_desa_kelurahan_id_rw_rt_month_kind_status_kecamatan_id_pk" PRIMARY KEY("desa_kelurahan_id","rw","rt","month","kind","status","kecamatan_id")
);
--> statement-breakpoint
CREATE TABLE "report_month_end_wards" (
	"month" text NOT NULL,
	"kind" text NOT NULL,
	"kecamatan_id" integer NOT NULL,
	"desa_kelurahan_id" integer NOT NULL,
	"status" text NOT NULL,
	"families" integer NOT NULL,
	CONSTRAINT "report_month_end_wards_month_kind_desa_kelurahan_id_status_kecamatan_id_pk" PRIMARY KEY("month","kind","desa_kelurahan_id","status","kecamatan_id")
);
--> statement-breakpoint
ALTER TABLE "figure_month_end" DROP CONSTRAINT "figure_month_end_month_desa_kelurahan_id_rw_rt_status_kecamatan_id_pk";--> statement-breakpoint
ALTER TABLE "figure_month_end" ADD CONSTRAINT "figure_month_end_desa_kelurahan_id_rw_rt_month_status_kecamatan_id_pk" PRIMARY KEY("desa_kelurahan_id","rw","rt","month","status","kecamatan_id");
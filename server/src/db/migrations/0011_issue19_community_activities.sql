ALTER TABLE "registers" ADD COLUMN "activity_up2k" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "activity_yard_utilization" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "activity_home_industry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "activity_environmental_health" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "figure_month_rollups" ADD COLUMN "activity_up2k" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "figure_month_rollups" ADD COLUMN "activity_yard_utilization" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "figure_month_rollups" ADD COLUMN "activity_home_industry" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "figure_month_rollups" ADD COLUMN "activity_environmental_health" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "figure_rollups" ADD COLUMN "activity_up2k" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "figure_rollups" ADD COLUMN "activity_yard_utilization" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "figure_rollups" ADD COLUMN "activity_home_industry" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "figure_rollups" ADD COLUMN "activity_environmental_health" integer DEFAULT 0 NOT NULL;
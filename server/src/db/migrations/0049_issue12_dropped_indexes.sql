CREATE TABLE "dropped_indexes" (
	"name" text PRIMARY KEY NOT NULL,
	"definition" text NOT NULL,
	"dropped_at" timestamp with time zone DEFAULT now() NOT NULL
);

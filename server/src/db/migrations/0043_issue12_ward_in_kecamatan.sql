-- A family's and a user's kecamatan is their ward's. A ward moved to another kecamatan used to leave
-- its families' stored kecamatan (read by the per-kecamatan statistics through the rollups, the
-- status card and REST's kecamatan relation) and its cadres' on the old one; a database where that
-- happened gets them back in line first (the register triggers move the rollups with them). Then
-- the pair is a key: a ward cannot change kecamatan under a family or user naming the old pair, and
-- a family written beside such a move fails instead of landing on the old one.
UPDATE "registers" r SET "kecamatan_id" = d."kecamatan_id"
FROM "desa_kelurahan" d
WHERE d."id" = r."desa_kelurahan_id" AND r."kecamatan_id" <> d."kecamatan_id";--> statement-breakpoint
UPDATE "users" u SET "kecamatan_id" = d."kecamatan_id"
FROM "desa_kelurahan" d
WHERE d."id" = u."desa_kelurahan_id" AND u."kecamatan_id" <> d."kecamatan_id";--> statement-breakpoint
ALTER TABLE "desa_kelurahan" ADD CONSTRAINT "desa_kelurahan_id_kecamatan_id_unique" UNIQUE("id","kecamatan_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ward_in_kecamatan" FOREIGN KEY ("desa_kelurahan_id","kecamatan_id") REFERENCES "public"."desa_kelurahan"("id","kecamatan_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registers" ADD CONSTRAINT "registers_ward_in_kecamatan" FOREIGN KEY ("desa_kelurahan_id","kecamatan_id") REFERENCES "public"."desa_kelurahan"("id","kecamatan_id") ON DELETE no action ON UPDATE no action;

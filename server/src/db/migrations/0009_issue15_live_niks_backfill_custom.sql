-- Custom SQL migration file, put your code below! --
-- Members of families deleted before issue 15 stop holding their NIKs, like those deleted from now on.
UPDATE "family_members" SET "deleted_at" = "registers"."deleted_at"
FROM "registers"
WHERE "registers"."id" = "family_members"."register_id" AND "registers"."deleted_at" IS NOT NULL;

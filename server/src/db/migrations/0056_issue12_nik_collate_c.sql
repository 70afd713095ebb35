-- NIKs compare byte by byte (COLLATE "C", schema/digits.ts): for digits the same equality and order
-- as the default collation, but a prefix (REST $startsWith, LIKE '3275%') is answered from the btree
-- index instead of a scan of every register (0.34 s at 100,000 families on this VM, 0.03 ms after), and
-- the index builds skip locale-aware comparison. The column's indexes are rebuilt; the table is not.
ALTER TABLE "users" ALTER COLUMN "nik" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "family_members" ALTER COLUMN "nik" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "registers" ALTER COLUMN "nik_kepala_keluarga" SET DATA TYPE text COLLATE "C";
-- data_register becomes json (the text as written) instead of jsonb: it is stored and read whole and
-- never searched inside, and jsonb cost a parse on every write and a re-serialization on every read.
-- Existing rows keep their content (jsonb's text form); the table is rewritten once.
ALTER TABLE "registers" ALTER COLUMN "data_register" SET DATA TYPE json;
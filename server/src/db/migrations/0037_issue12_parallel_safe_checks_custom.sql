-- The two per-register recomputations `npm run figures:check` compares the trigger-kept columns
-- with (rollups.ts keptColumnDifferences) may run in parallel workers: pkk_life_events only reads its
-- argument and pkk_waiting_since only reads register_events. Unmarked, PostgreSQL ran each over every
-- register in one process (100,000 families: 5.2 s and 0.63 s; marked, 2.7 s and 0.35 s on 2 cores).
ALTER FUNCTION pkk_life_events(json) PARALLEL SAFE;--> statement-breakpoint
ALTER FUNCTION pkk_waiting_since(integer, text, timestamptz) PARALLEL SAFE;

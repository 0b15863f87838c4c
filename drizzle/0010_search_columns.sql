-- The searched names stored normalised (issue 16): search_text(…) (0007, 0008) of each searched column kept in a
-- generated column, and the trigram indexes on those columns instead of on the expressions, so an index scan's
-- recheck reads a column instead of running the plpgsql regexp on every candidate row (server/search/search.ts).
-- The indexes keep their names: the expression index is dropped first. companies_short_name_search was the clients
-- module's (its migration 0005, which runs after the core's and creates it only IF NOT EXISTS, so on a fresh
-- database it leaves this one alone).
-- A plain column costs the planner nothing to read, so it priced a sequential scan applying the typo operator
-- (`query <% name`, pg_trgm's word_similarity_op) to every row below the index scan: pg_trgm declares that
-- function at cost 1, like a comparison, while it takes ~15 µs a row on PGlite (50 000 companies: 750 ms against
-- 40 ms through the index). Its true cost makes the planner take the index. Changing an extension's function needs
-- its owner (a superuser on a server where a non-superuser created the extension): without that right the
-- migration goes on and the searches keep working, slower on big tables.
DO $$ BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'word_similarity_op keeps its cost: %', SQLERRM;
END $$;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_text(short_name)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_text(full_name)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_email" text GENERATED ALWAYS AS (search_text(email)) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "companies_short_name_search";--> statement-breakpoint
DROP INDEX IF EXISTS "users_full_name_search";--> statement-breakpoint
DROP INDEX IF EXISTS "users_email_search";--> statement-breakpoint
CREATE INDEX "companies_short_name_search" ON "companies" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_search" ON "users" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_search" ON "users" USING gin ("search_email" gin_trgm_ops);

-- The list's search reads a stored normalised column (server/search/search.ts textField), as the other lists do since
-- issue 16: the trigram index moves from the expression of 0001 onto the column, under the same name.
ALTER TABLE "tasks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_text(name || ' ' || description)) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "tasks_text_search";--> statement-breakpoint
CREATE INDEX "tasks_text_search" ON "tasks" USING gin ("search_text" gin_trgm_ops);

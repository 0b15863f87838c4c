-- The partners list's search on the kit (server/search, issue 16): both names normalised into stored columns (ё, case,
-- quotes and «» folded as every list folds them) with trigram indexes; inn and bik are searched by prefix.
ALTER TABLE "partners" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_text(name)) STORED;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "search_short_name" text GENERATED ALWAYS AS (search_text(short_name)) STORED;--> statement-breakpoint
CREATE INDEX "partners_name_search" ON "partners" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_short_name_search" ON "partners" USING gin ("search_short_name" gin_trgm_ops);
-- The market's search on the kit (server/search, issue 16): every word of the input in the name or the title,
-- normalised (case, ё, quotes) into a stored column with a trigram index.
ALTER TABLE "invest_offers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_text(name || ' ' || title)) STORED;--> statement-breakpoint
CREATE INDEX "invest_offers_search_text" ON "invest_offers" USING gin ("search_text" gin_trgm_ops);
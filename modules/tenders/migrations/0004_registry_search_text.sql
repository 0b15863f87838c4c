DROP INDEX "tenders_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "tenders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_text(name || ' ' || customer_name || ' ' || winner_name)) STORED;--> statement-breakpoint
CREATE INDEX "tenders_search_text_trgm_idx" ON "tenders" USING gin ("search_text" gin_trgm_ops);
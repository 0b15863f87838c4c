-- The lists' search on the kit (server/search, issue 16): the names normalised into stored columns with trigram
-- indexes, the phones' prefixes through text_pattern_ops b-trees (the unique phone index cannot answer `like 'p%'`).
ALTER TABLE "split_bids" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_text(full_name)) STORED;--> statement-breakpoint
ALTER TABLE "split_clients" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_text(full_name)) STORED;--> statement-breakpoint
CREATE INDEX "split_bids_phone_prefix" ON "split_bids" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "split_bids_name_search" ON "split_bids" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "split_clients_phone_prefix" ON "split_clients" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "split_clients_name_search" ON "split_clients" USING gin ("search_name" gin_trgm_ops);
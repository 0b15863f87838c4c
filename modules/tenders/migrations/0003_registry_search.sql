-- The registry's text search (modules/tenders/server/search.ts) needs trigram operator classes; PGlite loads pg_trgm (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "tenders_law_idx" ON "tenders" USING btree ("federal_law","protocol_date","id");--> statement-breakpoint
CREATE INDEX "tenders_contract_price_idx" ON "tenders" USING btree ("contract_price","id");--> statement-breakpoint
CREATE INDEX "tenders_contract_price_desc_idx" ON "tenders" USING btree ("contract_price" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tenders_guarantee_amount_idx" ON "tenders" USING btree ("guarantee_amount","id");--> statement-breakpoint
CREATE INDEX "tenders_guarantee_amount_desc_idx" ON "tenders" USING btree ("guarantee_amount" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tenders_number_trgm_idx" ON "tenders" USING gin ("notification_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenders_text_trgm_idx" ON "tenders" USING gin (("name" || ' ' || "customer_name" || ' ' || "winner_name") gin_trgm_ops);
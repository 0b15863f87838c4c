-- The local organisations registry's company search on the kit (server/search, issue 16): both names normalised into
-- stored columns with trigram indexes (ё, case, quotes and «» folded, typos found), inn and ogrn by prefix.
ALTER TABLE "registry_organizations" ADD COLUMN "search_short_name" text GENERATED ALWAYS AS (search_text(short_name)) STORED;--> statement-breakpoint
ALTER TABLE "registry_organizations" ADD COLUMN "search_full_name" text GENERATED ALWAYS AS (search_text(full_name)) STORED;--> statement-breakpoint
CREATE INDEX "registry_organizations_short_name_search" ON "registry_organizations" USING gin ("search_short_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "registry_organizations_full_name_search" ON "registry_organizations" USING gin ("search_full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "registry_organizations_inn_prefix" ON "registry_organizations" USING btree ("inn" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "registry_organizations_ogrn_prefix" ON "registry_organizations" USING btree ("ogrn" text_pattern_ops);
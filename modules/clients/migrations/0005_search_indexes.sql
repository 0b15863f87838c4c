-- The lists' search (server/search/search.ts): names by trigram on exactly the expression the queries use,
-- search_text(…) (core migration 0007); numbers by prefix on a pattern b-tree (the databases' collation is not C).
CREATE INDEX IF NOT EXISTS "companies_short_name_search" ON "companies" USING gin (search_text("short_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "companies_inn_prefix" ON "companies" ("inn" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "companies_ogrn_prefix" ON "companies" ("ogrn" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "individuals_name_search" ON "individuals" USING gin (search_text("last_name" || ' ' || "first_name" || coalesce(' ' || "middle_name", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "individuals_inn_prefix" ON "individuals" ("inn" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "individuals_phone_prefix" ON "individuals" ("phone" text_pattern_ops);

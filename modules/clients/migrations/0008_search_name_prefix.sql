-- The company search's first tiers (modules/clients/server/company-store.ts, tieredFirstPage): the exact name and
-- names starting with the input, read from a pattern b-tree on the stored normalised name (core drizzle/0010)
-- instead of rechecking every trigram candidate (the databases' collation is not C). Beside 0005's inn and ogrn ones.
CREATE INDEX IF NOT EXISTS "companies_search_name_prefix" ON "companies" ("search_name" text_pattern_ops);

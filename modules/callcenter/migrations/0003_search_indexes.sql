-- The SIP accounts list's search (server/search/search.ts): the name by trigram on exactly search_text(name)
-- (core migration 0007), the code by prefix on a pattern b-tree (the collation is not C).
CREATE INDEX IF NOT EXISTS "sip_accounts_name_search" ON "sip_accounts" USING gin (search_text("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sip_accounts_code_prefix" ON "sip_accounts" ("code" text_pattern_ops);

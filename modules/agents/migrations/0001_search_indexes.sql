-- The agents list's search (server/search/search.ts) over the users table: the name by trigram on exactly
-- search_text(full_name) (core migration 0007), the phone by prefix on a pattern b-tree (the collation is not C).
CREATE INDEX IF NOT EXISTS "users_full_name_search" ON "users" USING gin (search_text("full_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_phone_prefix" ON "users" ("phone" text_pattern_ops);

-- search_text() as a plpgsql function with a cost: the SQL one (0007) was inlined into the queries, so the planner
-- costed its regexp at nothing and preferred reading all 50 000 companies to the trigram index (480 ms against 12).
-- Indexes on search_text(…) match it by name; the function's result is unchanged, so they stay valid.
CREATE OR REPLACE FUNCTION search_text(value text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 100
  AS $$ BEGIN RETURN btrim(regexp_replace(translate(lower(value), 'ё«»"''“”„‟‘’` ', 'е            '), '\s+', ' ', 'g')); END $$;
--> statement-breakpoint
-- How well stored text answers a normalised query, in one call per row (server/search/search.ts): exact 3000,
-- prefix 2000, substring 1000, else pg_trgm's word similarity scaled to 0–999.
CREATE OR REPLACE FUNCTION search_rank(value text, query text) RETURNS integer
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 100
  AS $$
DECLARE norm text := search_text(value);
BEGIN
  IF norm IS NULL THEN RETURN 0; END IF;
  IF norm = query THEN RETURN 3000; END IF;
  IF starts_with(norm, query) THEN RETURN 2000; END IF;
  IF strpos(norm, query) > 0 THEN RETURN 1000; END IF;
  RETURN (word_similarity(query, norm) * 999)::int;
END $$;
--> statement-breakpoint
-- Lists that search users (agents, call-center employees; server/search/search.ts): the name and e-mail by
-- trigram on exactly search_text(…) (0007), the phone and SIP code by prefix on pattern b-trees (the collation
-- is not C, so the default b-trees answer no LIKE 'prefix%').
CREATE INDEX IF NOT EXISTS "users_full_name_search" ON "users" USING gin (search_text("full_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_search" ON "users" USING gin (search_text("email") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_phone_prefix" ON "users" ("phone" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_sip_code_prefix" ON "users" ("sip_code" text_pattern_ops);

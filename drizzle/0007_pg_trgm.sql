-- Trigram matching for the lists' search (server/db/search.ts): the embedded database loads the extension at
-- start (server/db/client.ts); pg_trgm is a trusted contrib extension on the Postgres server.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The one normalisation of searched text, used by the trigram indexes' expressions and by the queries alike, so
-- the planner matches them: lower case, ё as е, quotes, «» and no-break spaces as spaces, runs of spaces as one, trimmed.
-- server/search/normalise.ts does the same to the user's input (a test compares the two on both databases).
CREATE OR REPLACE FUNCTION search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(translate(lower(value), 'ё«»"''“”„‟‘’` ', 'е            '), '\s+', ' ', 'g')) $$;

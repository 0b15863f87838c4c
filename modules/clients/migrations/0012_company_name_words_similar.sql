-- The dictionary's lookup of a word (issue 16, server/search/typos.ts) as a function. A search asks its words'
-- lookups in the query that asks whether the list holds the input as typed (search.ts askedAtOnce), and Postgres
-- plans every subquery of a query before it runs any: a rare name of three words planned three lookups it never
-- ran, and a typo's lookup was planned anew each time (the embedded database plans each run, pglite-statements.mjs).
-- A PL/pgSQL function's query is planned the first time it runs and kept for the session; its plan is the same for
-- every word (the trigram index answers `%>` whatever it is), so the generic one is asked for.
CREATE OR REPLACE FUNCTION company_name_words_similar(typed text, scale integer, max_words integer) RETURNS json
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  SET plan_cache_mode = force_generic_plan
  AS $$ BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_array(w.word, w.rank) ORDER BY w.rank DESC, w.word), '[]'::json)
    FROM (
      SELECT d.word, (word_similarity(typed, d.word) * scale)::int AS rank
      FROM company_name_words d
      WHERE d.word %> typed AND strpos(d.word, typed) = 0
      ORDER BY 2 DESC, 1
      LIMIT max_words
    ) AS w
  );
END $$;

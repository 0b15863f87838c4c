-- A typo is searched as `name %> query` (server/search/search.ts), the form the trigram index answers itself: written
-- `query <% name`, the planner commuted it into the index's condition and kept the original as a filter besides the
-- index's recheck, so pg_trgm's word similarity was computed twice a candidate before the rank computed it again
-- (1 000 000 companies, the typo "вектар" among 15 400 similar names: 147 → 109 ms). Its function is given the cost
-- 0010 gave `<%`'s, for the same reason: at cost 1 the planner prices a sequential scan applying it to every row as
-- cheap as the index.
DO $$ BEGIN
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'word_similarity_commutator_op keeps its cost: %', SQLERRM;
END $$;

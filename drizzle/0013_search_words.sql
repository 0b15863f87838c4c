-- The words of a normalised name (search_text()) as a list's dictionary of name words holds them (issue 16,
-- server/search/typos.ts, whose searchWords() splits the input alike): split at white space and punctuation,
-- three characters or more, none with a digit (a number is never a typo).
CREATE OR REPLACE FUNCTION search_words(value text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT DISTINCT w FROM regexp_split_to_table(value, '[[:space:][:punct:]—–№]+') AS w WHERE char_length(w) >= 3 AND w !~ '[0-9]' $$;

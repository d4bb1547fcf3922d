-- A title's words for search_words.
CREATE OR REPLACE FUNCTION artmint_title_words(title text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, title))) AS w
        WHERE w ~ '^[[:alnum:]]+$' AND length(w) <= 40 $$;

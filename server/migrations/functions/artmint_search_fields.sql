-- What a search compares of an item's fields.
CREATE OR REPLACE FUNCTION artmint_search_fields(data jsonb,
  OUT title text, OUT title_words tsvector, OUT words tsvector)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT t.title, to_tsvector('artmint_search'::regconfig, t.title),
          strip(to_tsvector('artmint_search'::regconfig, t.title || ' ' || artmint_fold(
            coalesce(data->>'name', '') || ' ' || coalesce(data->>'subtext', '') || ' ' ||
            coalesce(data->>'category', '') || ' ' ||
            left(coalesce(data->>'description', ''), 5000))))
        FROM (SELECT artmint_fold(coalesce(data->>'title', '')) AS title) t $$;

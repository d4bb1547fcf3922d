-- Text as search compares it (docs/database.md "Folding"): shared/fold.ts foldText. ASCII
-- alone (most text) is only lower-cased, by lower() under collation "C" (the capitals A to Z,
-- whatever the database's locale), an expression PostgreSQL writes into the query that calls
-- it (not STRICT, which would keep it out: a null is artmint_deep_fold's null); any other text
-- is artmint_deep_fold's. Immutable, as the generated columns and indexes that store its
-- answers need; it names its schema when it calls artmint_deep_fold: a restore of pg_dump's
-- output computes the generated columns with an empty search_path.
CREATE OR REPLACE FUNCTION artmint_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN value ~ '^[\x01-\x7f]*$'
    THEN lower(value COLLATE pg_catalog."C")
    ELSE public.artmint_deep_fold(value) END $$;

-- What stores its answers, computed again with this body: the creators' name_key and
-- handle_key (migration 019, generated: an update of the row computes them again), the narrow
-- rows search reads (migration 017) and the title words a near miss is compared with (a word
-- folded otherwise before stays, as a word whose last item went does).
UPDATE creators SET data = data;
UPDATE item_search s SET title_folded = f.title, title_words = f.title_words, words = f.words
FROM items i, artmint_search_fields(i.data) f
WHERE s.id = i.id;
INSERT INTO search_words (word)
SELECT DISTINCT artmint_title_words(artmint_fold(coalesce(i.data->>'title', ''))) FROM items i
ON CONFLICT DO NOTHING;

-- The catalogue answered by the server (server/catalog/lists.ts, docs/database.md "Lists and
-- search"): the fields lists filter and sort on as columns, a full-text document with a named
-- configuration, and trigram indexes that forgive a typo. pg_trgm and unaccent ship with
-- PostgreSQL (trusted extensions: a database owner may create them) and with PGlite, which loads
-- them in every database it opens (server/db/database.ts PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- Text as search compares it: lower case, accents folded ("Café" finds "cafe"). unaccent() is
-- only stable (its dictionary could change); with the dictionary named it is used as immutable,
-- which the generated columns and indexes below need.
CREATE FUNCTION artmint_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;

-- English stemming and stop words over folded text.
CREATE TEXT SEARCH CONFIGURATION artmint_search (COPY = pg_catalog.english);

ALTER TABLE items
  ADD COLUMN category text GENERATED ALWAYS AS (data->>'category') STORED,
  ADD COLUMN market_category text GENERATED ALWAYS AS (data->>'marketCategory') STORED,
  ADD COLUMN rating numeric GENERATED ALWAYS AS (coalesce((data->>'rating')::numeric, 0)) STORED,
  -- The catalogue's order, as devices list it: items made on the server (ids from 100000)
  -- newest first, then the sample catalogue in its own order.
  ADD COLUMN list_order bigint GENERATED ALWAYS AS
    (CASE WHEN id >= 100000 THEN -id::bigint ELSE id::bigint END) STORED,
  ADD COLUMN title_folded text GENERATED ALWAYS AS
    (artmint_fold(coalesce(data->>'title', ''))) STORED,
  -- The title weighs most (A), then who made it and its category (B), then its description (C).
  ADD COLUMN search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('artmint_search'::regconfig, artmint_fold(coalesce(data->>'title', ''))), 'A') ||
    setweight(to_tsvector('artmint_search'::regconfig, artmint_fold(
      coalesce(data->>'name', '') || ' ' || coalesce(data->>'subtext', '') || ' ' ||
      coalesce(data->>'category', ''))), 'B') ||
    setweight(to_tsvector('artmint_search'::regconfig,
      artmint_fold(left(coalesce(data->>'description', ''), 5000))), 'C')) STORED;

CREATE INDEX items_search ON items USING gin (search);
CREATE INDEX items_title_trgm ON items USING gin (title_folded gin_trgm_ops);
-- Each sort, alone and after each filter (list_order breaks ties: a stable order).
CREATE INDEX items_list_order ON items (list_order);
CREATE INDEX items_top ON items (rating DESC, list_order);
CREATE INDEX items_low ON items (rating, list_order);
CREATE INDEX items_category_order ON items (category, list_order);
CREATE INDEX items_market_order ON items (market_category, list_order);
CREATE INDEX items_sale_order ON items (sale_kind, list_order);
CREATE INDEX items_category_top ON items (category, rating DESC, list_order);
CREATE INDEX items_market_top ON items (market_category, rating DESC, list_order);
CREATE INDEX items_sale_top ON items (sale_kind, rating DESC, list_order);

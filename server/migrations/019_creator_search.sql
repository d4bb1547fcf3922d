-- The header search's creators asked of the server (issue 33, docs/database.md "Lists and
-- search"): a creator's name and handle as the device compares them (shared/query.ts searchKey:
-- folded, every run of other characters one space), each with a prefix index (a name or handle
-- that starts with the query, read in order) and a trigram index (a word of it that starts with
-- the query, or the query anywhere in it). A deleted account's placeholder is in none. The
-- function names its schema, as artmint_fold does: a restore of pg_dump's output computes the
-- generated columns with an empty search_path.
CREATE FUNCTION artmint_search_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(public.artmint_fold(value), '[^[:alnum:]]+', ' ', 'g')) $$;

ALTER TABLE creators
  ADD COLUMN name_key text GENERATED ALWAYS AS
    (artmint_search_key(coalesce(data->>'name', ''))) STORED,
  ADD COLUMN handle_key text GENERATED ALWAYS AS
    (artmint_search_key(coalesce(data->>'handle', ''))) STORED;

-- In byte order (collation "C"), which a prefix's range and the name order both read.
CREATE INDEX creators_name_prefix ON creators ((name_key COLLATE "C"), id)
  WHERE NOT data ? 'deleted';
CREATE INDEX creators_handle_prefix ON creators ((handle_key COLLATE "C"), id)
  WHERE NOT data ? 'deleted';
CREATE INDEX creators_name_trigrams ON creators USING gin (name_key gin_trgm_ops)
  WHERE NOT data ? 'deleted';
CREATE INDEX creators_handle_trigrams ON creators USING gin (handle_key gin_trgm_ops)
  WHERE NOT data ? 'deleted';

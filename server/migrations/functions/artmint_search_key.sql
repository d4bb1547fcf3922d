-- A creator's name and handle as the device compares them (shared/fold.ts searchKey, migration
-- 019's columns and indexes): folded, every run of FOLD_SEPARATORS (emoji included) one space,
-- none at the ends. A table rather than [:alnum:], which follows the database's locale. It
-- names its schema when it calls artmint_fold: a restore of pg_dump's output computes the
-- generated columns with an empty search_path.
CREATE OR REPLACE FUNCTION artmint_search_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(public.artmint_fold(value),
    '[\u0001-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u00bf\u00d7\u00f7\u037e\u0387'
    '\u055a-\u055f\u0589\u058a\u05be\u05c0\u05c3\u05c6\u05f3\u05f4\u060c\u060d'
    '\u061b\u061f\u066a-\u066d\u06d4\u2000-\u2bff\u2e00-\u2e7f\u3000-\u303f'
    '\ufe10-\ufe1f\ufe30-\ufe6f\ufeff\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40'
    '\uff5b-\uff65\ufff0-\ufffd\U0001f000-\U0001faff]+', ' ', 'g'), ' ') $$;

-- The creators' keys, computed again with this body (generated: an update of the row does).
UPDATE creators SET data = data;

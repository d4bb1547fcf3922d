-- Search at scale (server/catalog/lists.ts, docs/database.md "Lists and search"): a search stops
-- where its page does. Its tiers are index conditions over a narrow copy of what a search
-- compares, each walked in the list's order or, when it has few rows, read from its index and
-- sorted; none ranks or counts every match.

-- One narrow row per item (about 300 bytes against the item's 1.3 KB): the filters, the sort,
-- the folded title and two word vectors. A walk or a recheck reads these rows, which stay in
-- memory at 100,000 items, rather than the items. Kept by the triggers below, so every write of
-- an item (an upload, a sale, a seed of thousands) keeps it without a word from the code.
CREATE TABLE item_search (
  list_order bigint PRIMARY KEY,
  id integer NOT NULL UNIQUE REFERENCES items (id) ON DELETE CASCADE,
  category text,
  market_category text,
  sale_kind text NOT NULL,
  creator_id integer,
  owner_id integer,
  rating numeric NOT NULL,
  title_folded text NOT NULL,
  -- The title's words alone, for the title tiers (a whole word, a prefix).
  title_words tsvector NOT NULL,
  -- Every word a search matches: the title, who made it, the category, the description
  -- (without positions: nothing ranks by them).
  words tsvector NOT NULL
);

-- The words of every title as typed (folded, not stemmed): a word of a search that is a near miss
-- of one of them ("nenon") is also searched as that word ("neon"), with pg_trgm over this small
-- table rather than over every title. A word stays after its last item goes (it then finds
-- nothing).
CREATE TABLE search_words (word text PRIMARY KEY);
CREATE INDEX search_words_trgm ON search_words USING gin (word gin_trgm_ops);

-- What a search compares of an item's fields.
CREATE FUNCTION artmint_search_fields(data jsonb,
  OUT title text, OUT title_words tsvector, OUT words tsvector)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT t.title, to_tsvector('artmint_search'::regconfig, t.title),
          strip(to_tsvector('artmint_search'::regconfig, t.title || ' ' || artmint_fold(
            coalesce(data->>'name', '') || ' ' || coalesce(data->>'subtext', '') || ' ' ||
            coalesce(data->>'category', '') || ' ' ||
            left(coalesce(data->>'description', ''), 5000))))
        FROM (SELECT artmint_fold(coalesce(data->>'title', '')) AS title) t $$;

-- A title's words for search_words.
CREATE FUNCTION artmint_title_words(title text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, title))) AS w
        WHERE w ~ '^[[:alnum:]]+$' AND length(w) <= 40 $$;

-- The rows of item_search and the words of search_words for new or changed items: every row of
-- the statement's new items (a seed's thousands at once), or the one row changed.
CREATE FUNCTION artmint_index_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    INSERT INTO item_search (list_order, id, category, market_category, sale_kind, creator_id,
      owner_id, rating, title_folded, title_words, words)
    SELECT n.list_order, n.id, n.category, n.market_category, n.sale_kind, n.creator_id,
      n.owner_id, n.rating, f.title, f.title_words, f.words
    FROM new_items n, artmint_search_fields(n.data) f;
    INSERT INTO search_words (word)
    SELECT DISTINCT artmint_title_words(artmint_fold(coalesce(n.data->>'title', '')))
    FROM new_items n
    ON CONFLICT DO NOTHING;
  ELSE
    UPDATE item_search s SET category = NEW.category, market_category = NEW.market_category,
      sale_kind = NEW.sale_kind, creator_id = NEW.creator_id, owner_id = NEW.owner_id,
      rating = NEW.rating, title_folded = f.title, title_words = f.title_words, words = f.words
    FROM artmint_search_fields(NEW.data) f
    WHERE s.list_order = NEW.list_order;
    INSERT INTO search_words (word)
    SELECT artmint_title_words(artmint_fold(coalesce(NEW.data->>'title', '')))
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

-- The items there are, then the indexes (built once rather than row by row).
INSERT INTO item_search (list_order, id, category, market_category, sale_kind, creator_id,
  owner_id, rating, title_folded, title_words, words)
SELECT i.list_order, i.id, i.category, i.market_category, i.sale_kind, i.creator_id,
  i.owner_id, i.rating, f.title, f.title_words, f.words
FROM items i, artmint_search_fields(i.data) f;
INSERT INTO search_words (word)
SELECT DISTINCT artmint_title_words(artmint_fold(coalesce(i.data->>'title', ''))) FROM items i
ON CONFLICT DO NOTHING;
-- The words' indexes; a title that is the query itself ranks first, newest first; the sorts.
CREATE INDEX item_search_title_words ON item_search USING gin (title_words);
CREATE INDEX item_search_words ON item_search USING gin (words);
CREATE INDEX item_search_title ON item_search (title_folded, list_order);
CREATE INDEX item_search_top ON item_search (rating DESC, list_order);
CREATE INDEX item_search_low ON item_search (rating, list_order);

-- New items by statement (a seed inserts thousands at once); a changed item by row, and only
-- when what a search compares changed: a bid's update of its item's price skips it.
CREATE TRIGGER items_index_insert AFTER INSERT ON items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT
  EXECUTE FUNCTION artmint_index_items();
CREATE TRIGGER items_index_update AFTER UPDATE ON items FOR EACH ROW
  WHEN ((OLD.category, OLD.market_category, OLD.sale_kind, OLD.creator_id, OLD.owner_id,
         OLD.rating, OLD.data->>'title', OLD.data->>'name', OLD.data->>'subtext',
         OLD.data->>'description')
    IS DISTINCT FROM (NEW.category, NEW.market_category, NEW.sale_kind, NEW.creator_id,
         NEW.owner_id, NEW.rating, NEW.data->>'title', NEW.data->>'name', NEW.data->>'subtext',
         NEW.data->>'description'))
  EXECUTE FUNCTION artmint_index_items();

-- Search no longer reads these from the items (migration 013): an item's update (each bid)
-- stops recomputing its word vector.
DROP INDEX items_search;
DROP INDEX items_title_trgm;
ALTER TABLE items DROP COLUMN search, DROP COLUMN title_folded;

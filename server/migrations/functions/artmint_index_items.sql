-- The rows of item_search and the words of search_words for new or changed items: every row of
-- the statement's new items (a seed's thousands at once), or the one row changed.
CREATE OR REPLACE FUNCTION artmint_index_items() RETURNS trigger LANGUAGE plpgsql AS $$
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

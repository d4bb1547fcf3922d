-- search_words pruned with the items it counts (issue 42; docs/database.md "Lists and search"):
-- the housekeeping (server/housekeeping.ts) deletes, in batches, the words no item's title has
-- any more (a deleted item's, a changed title's old ones). A batch locks its words, skipping
-- those locked, then checks the titles in a new statement; so that it never deletes a word of an
-- item being written, the write locks its title's words until it commits, or adds back one a
-- batch has just deleted: after the words of migration 017's triggers, these (their names sort
-- after) insert the title's words again, each one there locked instead (ON CONFLICT DO UPDATE
-- locks the row even when its WHERE is false), in one order, so two writes never deadlock.
CREATE OR REPLACE FUNCTION artmint_hold_title_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    INSERT INTO search_words (word)
    SELECT DISTINCT artmint_title_words(artmint_fold(coalesce(n.data->>'title', '')))
    FROM new_items n ORDER BY 1
    ON CONFLICT (word) DO UPDATE SET word = excluded.word WHERE false;
  ELSE
    INSERT INTO search_words (word)
    SELECT DISTINCT artmint_title_words(artmint_fold(coalesce(NEW.data->>'title', ''))) ORDER BY 1
    ON CONFLICT (word) DO UPDATE SET word = excluded.word WHERE false;
  END IF;
  RETURN NULL;
END $$;

-- Its triggers, made again with it (a function file holds what wires it: the items' writes).
DROP TRIGGER IF EXISTS items_words_insert ON items;
CREATE TRIGGER items_words_insert AFTER INSERT ON items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT
  EXECUTE FUNCTION artmint_hold_title_words();
DROP TRIGGER IF EXISTS items_words_update ON items;
CREATE TRIGGER items_words_update AFTER UPDATE ON items FOR EACH ROW
  WHEN (OLD.data->>'title' IS DISTINCT FROM NEW.data->>'title')
  EXECUTE FUNCTION artmint_hold_title_words();

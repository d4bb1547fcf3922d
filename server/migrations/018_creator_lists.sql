-- Creators asked of the server (issue 33, docs/database.md "Lists and search"): the creators
-- list in the order devices list it (accounts' creators newest first, then the sample's in
-- their order: the key below, negative for an account's id) and the most followed first (ties
-- by id), each a page read from its index alone. A deleted account's placeholder is in neither.
CREATE INDEX creators_list_order ON creators ((CASE WHEN id < 100000 THEN id ELSE -id END))
  WHERE NOT data ? 'deleted';
CREATE INDEX creators_most_followed ON creators ((followers_base + follower_count) DESC, id)
  WHERE NOT data ? 'deleted';

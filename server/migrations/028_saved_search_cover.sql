-- A new item's saved-search check (server/notifications/saved-search-matches.ts) reads every
-- search whose key word is a prefix of one of the item's words, then its filters and query. With
-- those in the index beside the key word, it reads them from the index alone (an index-only
-- scan) instead of one heap page per search: the searches of a word are spread over the whole
-- table, as their accounts saved them. Measured with scripts/bench-watch.mjs (docs/performance.md).
DROP INDEX saved_searches_key_word;
CREATE INDEX saved_searches_key_word ON saved_searches (key_word, account_id)
  INCLUDE (category, market, sale, query) WHERE key_word IS NOT NULL;

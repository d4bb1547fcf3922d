-- Saved searches, "Watch this search" (docs/product.md "Saved searches"): an account's explore
-- filters and words, and a new item that explore would find with them tells the account
-- (server/notifications/saved-search-matches.ts). A new item finds the searches it matches by
-- an index, never by running every saved search: a search with words by one of its words
-- (`key_word`, its longest stem, as search compares it) that is a prefix of one of the item's
-- words, then its whole query and filters checked on those candidates only; a search without
-- words by its filters (an empty filter is '', so each of the item's 8 combinations is one look
-- in an index).
CREATE TABLE saved_searches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- The words as typed (the app shows them) and as search compares them (searchWords).
  q text NOT NULL,
  words text[] NOT NULL,
  -- Every word as a prefix anywhere in the item: explore's widest tier of the words as typed
  -- (server/catalog/item-search.ts); null without words.
  query tsquery,
  key_word text,
  category text NOT NULL DEFAULT '',
  market text NOT NULL DEFAULT '',
  sale text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, words, category, market, sale)
);
CREATE INDEX saved_searches_key_word ON saved_searches (key_word, account_id)
  WHERE key_word IS NOT NULL;
CREATE INDEX saved_searches_filters ON saved_searches (category, market, sale, account_id)
  WHERE key_word IS NULL;

-- A new item whose matches were more than one batch: the rest are told after the upload's
-- commit, a batch of accounts at a time in account order
-- (server/notifications/saved-search-matches.ts).
CREATE TABLE search_matches_pending (
  item_id integer PRIMARY KEY REFERENCES items (id) ON DELETE CASCADE,
  after_account integer NOT NULL
);

-- Shares (docs/product.md "Notifications"): one per account and item tells the owner once.
CREATE TABLE item_shares (
  item_id integer NOT NULL REFERENCES items (id) ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (item_id, account_id)
);
CREATE INDEX item_shares_account ON item_shares (account_id);

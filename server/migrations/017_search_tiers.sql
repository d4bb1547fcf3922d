-- A search's page, tier by tier (server/catalog/lists.ts, docs/database.md "Lists and search"):
-- within a tier of word matches, the shorter title first, then the list's order. A common word
-- finds its page by walking this index and checking its few first rows, instead of ranking
-- every match.
CREATE INDEX items_title_length ON items (length(title_folded), list_order);

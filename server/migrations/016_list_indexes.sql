-- Lists at 100,000 items (issue 33, docs/database.md "Lists and search"): two filters together
-- (a category or a market category with a sale kind) and a creator's items find their page and
-- their count (up to 10,001 rows, server/catalog/lists.ts) in one index, without reading the
-- table for the rows the second filter drops.
CREATE INDEX items_category_sale_order ON items (category, sale_kind, list_order);
CREATE INDEX items_market_sale_order ON items (market_category, sale_kind, list_order);
CREATE INDEX items_creator_order ON items (creator_id, list_order);
CREATE INDEX items_creator_top ON items (creator_id, rating DESC, list_order);
